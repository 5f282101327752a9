// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme.ts';
import { LineSketch } from './LineSketch.tsx';

afterEach(cleanup);

const DATA = [
  { x: '2026-11', worth: 0, debt: 900 },
  { x: '2026-12', worth: 100, debt: 600 },
  { x: '2027-01', worth: 250, debt: 300 },
  { x: '2027-02', worth: 400, debt: 0 },
  { x: '2027-03', worth: 380, debt: 0 },
];

function sketch() {
  return render(
    <MantineProvider theme={theme}>
      <LineSketch
        data={DATA}
        series={[
          { key: 'worth', label: 'Net worth', color: 'teal.6' },
          { key: 'debt', label: 'Debt', color: 'red.6' },
        ]}
        formatValue={(v) => `$${v}`}
        formatReadout={(v) => `$${v}.00`}
        formatX={(x) => x.slice(0, 4)}
        formatReadoutX={(x) => `month ${x}`}
        label="Net worth and debt"
        testId="chart"
        markers={[{ index: 3, label: 'Debt free', color: 'lime.6', place: 'topLeft' }]}
      />
    </MantineProvider>,
  );
}

describe('LineSketch', () => {
  it('draws a line per series, the markers at their points and round y labels covering the values', () => {
    const { container } = sketch();
    expect(screen.getByRole('img', { name: 'Net worth and debt' })).toBe(screen.getByTestId('chart'));
    expect(container.querySelectorAll('polyline')).toHaveLength(2);
    // Point 3 of 5 sits at 3 / 4 of the width.
    const marker = container.querySelector('[data-marker="Debt free"]') as HTMLElement;
    expect(marker.style.left).toBe('75%');
    expect(marker.textContent).toBe('Debt free');
    // 0 … 900: a quarter is 225 → steps of 500 → $0, $500, $1000.
    expect([...container.querySelectorAll('[class*="yLabel"]')].map((label) => label.textContent)).toEqual(['$0', '$500', '$1000']);
  });

  it('reads out every series at the point under the pointer, and hides it when the pointer leaves', () => {
    const { container } = sketch();
    const plot = container.querySelector('[data-sketch-size]') as HTMLElement;
    plot.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 200, right: 500, bottom: 200, x: 100, y: 0, toJSON: () => ({}) });
    expect(screen.queryByTestId('chart-readout')).toBeNull();
    // 240 px: (240 − 100) / 400 × 4 = 1.4 → the second point.
    fireEvent.pointerMove(plot, { clientX: 240 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('month 2026-12Net worth$100.00Debt$600.00');
    fireEvent.pointerMove(plot, { clientX: 490 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('month 2027-03Net worth$380.00Debt$0.00');
    fireEvent.pointerLeave(plot);
    expect(screen.queryByTestId('chart-readout')).toBeNull();
  });
});
