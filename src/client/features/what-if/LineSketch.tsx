/**
 * A small line chart for answers that change while a finger is on a slider: plain SVG polylines
 * stretched to the box (non-scaling strokes) with HTML labels placed in percentages, so a redraw
 * is a few attribute changes — no text measuring and no layout reads. The sandbox redraws on every
 * slider step; the charting library measured each tick's text and held the main thread 60–130 ms
 * a redraw on a phone-speed CPU.
 *
 * Formatting only: the values arrive in dollars from the engine's cents (centsToDollars).
 */
import { Box, Group, Text } from '@mantine/core';
import { memo } from 'react';
import classes from './LineSketch.module.css';

export interface SketchSeries {
  readonly key: string;
  readonly label: string;
  /** A Mantine colour token: 'teal.6'. */
  readonly color: string;
  /** Dashed, for the line a change is compared against. */
  readonly dashed?: boolean;
}

export interface LineSketchProps {
  /** Points in order; each has the x label and a value per series key (missing: no point). */
  readonly data: readonly ({ readonly x: string } & Readonly<Record<string, number | string | undefined>>)[];
  readonly series: readonly SketchSeries[];
  readonly formatValue: (value: number) => string;
  readonly formatX: (x: string) => string;
  /** What the chart shows, for screen readers (the chart itself is an image). */
  readonly label: string;
  readonly testId?: string;
}

const cssColor = (token: string) => `var(--mantine-color-${token.replace('.', '-')})`;

/** Three or four round y-axis values covering [low, high]: steps of 1, 2 or 5 × 10^k. */
function ticks(low: number, high: number): number[] {
  if (low === high) return [low];
  const raw = (high - low) / 3;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.ceil(low / step) * step;
  const out: number[] = [];
  for (let v = first; v <= high + step / 1e6; v += step) out.push(v);
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

export const LineSketch = memo(function LineSketch({ data, series, formatValue, formatX, label, testId }: LineSketchProps) {
  const values = data.flatMap((point) => series.map((s) => point[s.key]).filter((v): v is number => typeof v === 'number'));
  if (data.length < 2 || values.length === 0) return null;
  const axis = ticks(Math.min(0, ...values), Math.max(...values));
  const low = Math.min(axis[0] ?? 0, ...values);
  const high = Math.max(axis.at(-1) ?? 0, ...values);
  const span = high - low || 1;
  const x = (i: number) => (i / (data.length - 1)) * 100;
  const y = (v: number) => 100 - ((v - low) / span) * 100;
  const labelled = new Set(xLabelIndices(data.length));
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
        <div className={classes.plot}>
          {axis.map((v) => (
            <div key={v} className={classes.gridLine} style={{ top: `${y(v)}%` }}>
              <span className={classes.yLabel}>{formatValue(v)}</span>
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
                points={data.flatMap((point, i) => (typeof point[s.key] === 'number' ? [`${x(i)},${y(point[s.key] as number)}`] : [])).join(' ')}
              />
            ))}
          </svg>
        </div>
        <div className={classes.xAxis}>
          {data.map((point, i) =>
            labelled.has(i) ? (
              <span key={point.x} className={classes.xLabel} style={{ left: `${x(i)}%` }}>
                {formatX(point.x)}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </Box>
  );
});
