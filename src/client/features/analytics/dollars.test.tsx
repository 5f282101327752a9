// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOLLARS_KEY, DollarsProvider } from '../../model/dollars.tsx';
import { DollarsSwitch, WHAT_IF_DOLLARS } from './DollarsSwitch.tsx';
import { incomeRow, MARCH_1, serveMonths } from '../../test-support/month-fixtures.testing.ts';
import { IncomeFutureTab } from './income-future/IncomeFutureTab.tsx';
import { cellsOf, monthsOf, renderTab } from '../../test-support/analytics.testing.tsx';

const TABLE = 'Income months';

/**
 * 26 months from 2026-01 (the plan start). Month 14 (2027-02) is in plan year 1, month 26
 * (2028-02) in plan year 2. Net income 5 000.00 and end balance 10 609.00 every month.
 */
const BODY = {
  income_months: Array.from({ length: 26 }, (_, i) => {
    const month = `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    return incomeRow(0, month, { net_income: 5000, end_balance: 10609, interest_earned: 12.5 });
  }),
};

function setup(inflation: number | null, now = MARCH_1) {
  return renderTab(
    <DollarsProvider>
      <DollarsSwitch />
      <IncomeFutureTab />
    </DollarsProvider>,
    {
      now,
      intercept: serveMonths({ incomeMonths: BODY }),
      // Without an income record the tab shows its empty state, not the months.
      records: { '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-03-28', gross_pay: 7000, net_pay: 5000 }] },
      singles: { '/api/v1/assumptions': inflation === null ? null : { id: 1, inflation_rate: inflation } },
    },
  );
}

afterEach(() => window.localStorage.removeItem(DOLLARS_KEY));

describe("Today's dollars", () => {
  it('divides each month by the inflation of its plan years, and keeps the choice on the device', async () => {
    setup(3);
    fireEvent.click(await screen.findByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(26));
    // Future dollars first: the rows as stored, with the Interest Earned column the rows carry.
    expect(cellsOf(TABLE, '2027-02').slice(0, 3)).toEqual(['2027-02', '$5,000', '$13']);
    fireEvent.click(await screen.findByText("Today's dollars"));
    // Plan year 0 (2026): unchanged. Plan year 1 (2027-01 … 2027-12): ÷ 1.03 — 5 000 / 1.03 =
    // 4 854.37 → $4,854; 10 609 / 1.03 = 10 300. Plan year 2 (2028-01 on): ÷ 1.0609 — 10 609 /
    // 1.0609 = 10 000; 5 000 / 1.0609 = 4 712.98 → $4,713.
    await waitFor(() => expect(cellsOf(TABLE, '2027-02')[1]).toBe('$4,854'));
    expect(cellsOf(TABLE, '2026-12')).toEqual(expect.arrayContaining(['$5,000', '$10,609']));
    expect(cellsOf(TABLE, '2027-02')).toEqual(expect.arrayContaining(['$4,854', '$10,300']));
    expect(cellsOf(TABLE, '2028-02')).toEqual(expect.arrayContaining(['$4,713', '$10,000']));
    expect(window.localStorage.getItem(DOLLARS_KEY)).toBe('today');
  });

  it('edits an actual in the month\'s own dollars', async () => {
    window.localStorage.setItem(DOLLARS_KEY, 'today');
    // Today is 2028-03: 2027-02 is a past month, open to an actual.
    setup(3, new Date(2028, 2, 1));
    fireEvent.click(await screen.findByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(26));
    await waitFor(() => expect(cellsOf(TABLE, '2027-02')[1]).toBe('$4,854'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2027-02' }));
    // The stored 10 609.00, not the 10 300 shown.
    expect((await screen.findByLabelText('Actual End Balance', { exact: false }) as HTMLInputElement).value).toBe('10609.00');
  });

  it('on What if says its figures are always in today\'s dollars, in place of the switch', async () => {
    renderTab(
      <DollarsProvider>
        <DollarsSwitch todayOnly />
      </DollarsProvider>,
      { now: MARCH_1, singles: { '/api/v1/assumptions': { id: 1, inflation_rate: 3 } } },
    );
    expect((await screen.findByTestId('dollars-what-if')).textContent).toBe(WHAT_IF_DOLLARS);
    expect(screen.queryByTestId('dollars-switch')).toBeNull();
  });

  it('is not offered without an inflation rate, and the figures stay as stored', async () => {
    window.localStorage.setItem(DOLLARS_KEY, 'today');
    setup(null);
    fireEvent.click(await screen.findByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(26));
    expect(screen.queryByTestId('dollars-switch')).toBeNull();
    expect(cellsOf(TABLE, '2028-02')[1]).toBe('$5,000');
  });
});
