/**
 * A light line chart: plain SVG polylines stretched to the box (non-scaling strokes) with HTML
 * labels placed in percentages, so a draw is a few elements and attribute changes — no text
 * measuring and no layout reads. The What-if sandbox redraws it on every slider step, and the
 * Overview draws its net-worth timeline with it: the charting library measured each tick's text
 * and held the main thread 60–130 ms a draw on a phone-speed CPU (the timeline's first draw was
 * the Overview's longest task, ~130 ms at 4× throttling).
 *
 * Optional: vertical markers at chosen points (the timeline's milestones), and a readout of every
 * series at the point under the pointer (mouse or finger). The readout is for the pointer only;
 * the chart is an image with a summary (`label`), and the screens beside it carry the figures as
 * text for keyboards and screen readers.
 *
 * Formatting only: the values arrive in dollars from the engine's cents (centsToDollars).
 */
import { Box, Group, Text } from '@mantine/core';
import { memo, useState, type PointerEvent } from 'react';
import classes from './LineSketch.module.css';

export interface SketchSeries {
  readonly key: string;
  readonly label: string;
  /** A Mantine colour token: 'teal.6'. */
  readonly color: string;
  /** Dashed, for the line a change is compared against. */
  readonly dashed?: boolean;
}

/** A vertical line at one point, labelled at the top or bottom of the plot, on either side of the line. */
export interface SketchMarker {
  /** The point's index in `data`. */
  readonly index: number;
  readonly label: string;
  /** A Mantine colour token: 'teal.6'. */
  readonly color: string;
  readonly place: 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight';
}

export interface LineSketchProps {
  /** Points in order; each has the x label and a value per series key (missing: no point). */
  readonly data: readonly ({ readonly x: string } & Readonly<Record<string, number | string | undefined>>)[];
  readonly series: readonly SketchSeries[];
  /** An axis value (compact: '$1.2M'). */
  readonly formatValue: (value: number) => string;
  /** A value in the pointer's readout; `formatValue` when not given. */
  readonly formatReadout?: (value: number) => string;
  readonly formatX: (x: string) => string;
  /** The pointed point's x in the readout; `formatX` when not given. */
  readonly formatReadoutX?: (x: string) => string;
  /** What the chart shows, for screen readers (the chart itself is an image). */
  readonly label: string;
  readonly testId?: string;
  readonly markers?: readonly SketchMarker[];
  /** At most about this many x labels (xLabelIndices); 6 when not given. */
  readonly xLabels?: number;
  /** 'tall': 260 px high, 340 px from 48em (the Overview); else 220 / 260 px. */
  readonly size?: 'compact' | 'tall';
}

const cssColor = (token: string) => `var(--mantine-color-${token.replace('.', '-')})`;

/**
 * Round y-axis values from at or below `low` to at or above `high`, about four steps of 1, 2 or
 * 5 × 10^k: the plot spans them, so its top and bottom are labelled. Example: 0 … 77M → a quarter
 * is 19.25M, rounded up to a step of 20M → 0, 20M, 40M, 60M, 80M; −1,500 … 9,000 → 2,625 → 5,000
 * → −5,000, 0, 5,000, 10,000.
 */
export function ticks(low: number, high: number): number[] {
  if (low === high) return [low];
  const raw = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.floor(low / step) * step;
  const out: number[] = [];
  for (let v = first; v < high + step - step / 1e6; v += step) out.push(Math.round(v / step) * step);
  return out;
}

/**
 * Which of `count` points get an x label: every `every`-th from the first (at most about `most`
 * labels) and always the last, skipping a thinned label less than a full step before the last so
 * the two never crowd. Example: 12 points, most 6 → every 2 → 0, 2, 4, 6, 8, 10 and 11, without
 * 10: [0, 2, 4, 6, 8, 11]; 52 points → every 9 → [0, 9, 18, 27, 36, 51] (45 is 6 before 51).
 */
export function xLabelIndices(count: number, most = 6): number[] {
  if (count <= 0) return [];
  const last = count - 1;
  const every = Math.max(1, Math.ceil(count / most));
  const out: number[] = [];
  for (let i = 0; i < last; i += every) if (i === 0 || last - i >= every) out.push(i);
  out.push(last);
  return out;
}

/**
 * A marker's label placement kept inside the plot: a label asked left of a line in the first
 * sixth of the plot goes right of it (it would cover the axis labels), one asked right of a line
 * in the last sixth goes left.
 */
export function inside(place: SketchMarker['place'], left: number): SketchMarker['place'] {
  if (left < 100 / 6 && place.endsWith('Left')) return place === 'topLeft' ? 'topRight' : 'bottomRight';
  if (left > 500 / 6 && place.endsWith('Right')) return place === 'topRight' ? 'topLeft' : 'bottomLeft';
  return place;
}

/**
 * The point nearest a pointer at `clientX` over a plot spanning `left` … `left + width`, of
 * `count` evenly spaced points. Example: 11 points over 0 … 200 px, pointer at 57 px → 57 / 200 ×
 * 10 = 2.85 → point 3.
 */
export function nearestIndex(clientX: number, left: number, width: number, count: number): number | null {
  if (count <= 0 || width <= 0) return null;
  const fraction = Math.min(1, Math.max(0, (clientX - left) / width));
  return Math.round(fraction * (count - 1));
}

export const LineSketch = memo(function LineSketch({ data, series, formatValue, formatReadout = formatValue, formatX, formatReadoutX = formatX, label, testId, markers = [], xLabels = 6, size = 'compact' }: LineSketchProps) {
  const [pointed, setPointed] = useState<number | null>(null);
  const values = data.flatMap((point) => series.map((s) => point[s.key]).filter((v): v is number => typeof v === 'number'));
  if (data.length < 2 || values.length === 0) return null;
  const axis = ticks(Math.min(0, ...values), Math.max(...values));
  const low = Math.min(axis[0] ?? 0, ...values);
  const high = Math.max(axis.at(-1) ?? 0, ...values);
  const span = high - low || 1;
  const x = (i: number) => (i / (data.length - 1)) * 100;
  const y = (v: number) => 100 - ((v - low) / span) * 100;
  const labelled = new Set(xLabelIndices(data.length, xLabels));
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setPointed(nearestIndex(event.clientX, box.left, box.width, data.length));
  };
  const shown = pointed !== null && pointed < data.length ? pointed : null;
  return (
    <Box role="img" aria-label={label} data-testid={testId}>
      <Group gap="md" mb={6} aria-hidden>
        {series.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ borderTopColor: cssColor(s.color), borderTopStyle: s.dashed ? 'dashed' : 'solid' }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <div className={classes.frame} aria-hidden>
        <div className={classes.plot} data-sketch-size={size} onPointerMove={point} onPointerDown={point} onPointerLeave={() => setPointed(null)}>
          {axis.map((v) => (
            <div key={v} className={classes.gridLine} style={{ top: `${y(v)}%` }}>
              <span className={classes.yLabel}>{formatValue(v)}</span>
            </div>
          ))}
          {markers.map((marker) => (
            <div key={marker.label} className={classes.marker} data-marker={marker.label} data-place={inside(marker.place, x(marker.index))} style={{ left: `${x(marker.index)}%`, borderLeftColor: cssColor(marker.color) }}>
              {/* The label in the text colour (a marker's colour on the page is too faint for text); the line carries the colour. */}
              <span className={classes.markerLabel}>{marker.label}</span>
            </div>
          ))}
          <svg className={classes.svg} viewBox="0 0 100 100" preserveAspectRatio="none">
            {series.map((s) => (
              <polyline
                key={s.key}
                fill="none"
                stroke={cssColor(s.color)}
                strokeWidth={2}
                strokeDasharray={s.dashed ? '6 4' : undefined}
                vectorEffect="non-scaling-stroke"
                points={data.flatMap((p, i) => (typeof p[s.key] === 'number' ? [`${x(i)},${y(p[s.key] as number)}`] : [])).join(' ')}
              />
            ))}
          </svg>
          {shown !== null && <Readout left={x(shown)} point={data[shown]!} series={series} formatX={formatReadoutX} formatValue={formatReadout} />}
        </div>
        <div className={classes.xAxis}>
          {data.map((p, i) =>
            labelled.has(i) ? (
              <span key={p.x} className={classes.xLabel} data-last={i === data.length - 1 || undefined} style={{ left: `${x(i)}%` }}>
                {formatX(p.x)}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </Box>
  );
});

interface ReadoutProps {
  /** The point's place across the plot, in percent. */
  readonly left: number;
  readonly point: LineSketchProps['data'][number];
  readonly series: readonly SketchSeries[];
  readonly formatX: (x: string) => string;
  readonly formatValue: (value: number) => string;
}

/**
 * A hairline at the pointed point and a box of its values in the plot's top corner away from it,
 * so the box never covers the point read and never leaves the plot (a phone's plot is narrow).
 */
function Readout({ left, point, series, formatX, formatValue }: ReadoutProps) {
  return (
    <>
      <div className={classes.hairline} style={{ left: `${left}%` }} />
      <div className={classes.readout} data-corner={left > 50 ? 'left' : 'right'} data-testid="chart-readout">
        <Text size="xs" fw={600}>
          {formatX(point.x)}
        </Text>
        {series.map((s) =>
          typeof point[s.key] === 'number' ? (
            <Group key={s.key} gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                <span className={classes.swatch} style={{ borderTopColor: cssColor(s.color), borderTopStyle: s.dashed ? 'dashed' : 'solid' }} />
                <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                  {s.label}
                </Text>
              </Group>
              <Text size="xs" fw={600}>
                {formatValue(point[s.key] as number)}
              </Text>
            </Group>
          ) : null,
        )}
      </div>
    </>
  );
}
