import { describe, expect, it } from 'vitest';
import { chartSample, MAX_POINTS } from './chart-data.ts';

describe('chartSample', () => {
  it('keeps short tables whole', () => {
    const rows = [1, 2, 3];
    expect(chartSample(rows)).toEqual([1, 2, 3]);
  });

  it('thins long tables evenly, keeping the first and the last month', () => {
    const rows = Array.from({ length: 912 }, (_, i) => i);
    const sample = chartSample(rows);
    expect(sample.length).toBeLessThanOrEqual(MAX_POINTS + 1);
    expect(sample[0]).toBe(0);
    expect(sample.at(-1)).toBe(911);
    // Evenly spaced: every gap but the last is the same step.
    const gaps = sample.slice(1).map((v, i) => v - (sample[i] as number));
    expect(new Set(gaps.slice(0, -1)).size).toBe(1);
  });

  it('keeps the rows asked for besides the even ones', () => {
    // 500 rows, at most 100 points: every 5th (0, 5, …, 495), the last (499), and 7 and 333 as asked.
    const rows = Array.from({ length: 500 }, (_, i) => i);
    const sample = chartSample(rows, 100, (row) => row === 7 || row === 333);
    const expected = [...Array.from({ length: 100 }, (_, i) => i * 5), 7, 333, 499].sort((a, b) => a - b);
    expect(sample).toEqual(expected);
  });
});
