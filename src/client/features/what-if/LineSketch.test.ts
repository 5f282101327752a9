import { describe, expect, it } from 'vitest';
import { xLabelIndices } from './LineSketch.tsx';

describe('xLabelIndices', () => {
  it('labels every k-th point and the last, dropping one that would crowd the last', () => {
    // 12 points: every ⌈12 / 6⌉ = 2; 10 is one point before 11, less than a step.
    expect(xLabelIndices(12)).toEqual([0, 2, 4, 6, 8, 11]);
    // 52 points (2026 … 2077): every ⌈52 / 6⌉ = 9; 45 is 6 before 51.
    expect(xLabelIndices(52)).toEqual([0, 9, 18, 27, 36, 51]);
    // 13 points: every 3; 12 is the last and a multiple, labelled once.
    expect(xLabelIndices(13)).toEqual([0, 3, 6, 9, 12]);
  });

  it('labels every point of a short series and nothing of an empty one', () => {
    expect(xLabelIndices(2)).toEqual([0, 1]);
    expect(xLabelIndices(5)).toEqual([0, 1, 2, 3, 4]);
    expect(xLabelIndices(1)).toEqual([0]);
    expect(xLabelIndices(0)).toEqual([]);
  });
});
