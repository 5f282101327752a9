import { describe, expect, it } from 'vitest';
import { inside, nearestIndex, ticks, xLabelIndices } from './LineSketch.tsx';

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

describe('nearestIndex', () => {
  it('answers the point nearest the pointer, clamped to the plot', () => {
    // 11 points over 100 … 300 px: 157 px is 57 / 200 × 10 = 2.85 → 3; 149 px is 2.45 → 2.
    expect(nearestIndex(157, 100, 200, 11)).toBe(3);
    expect(nearestIndex(149, 100, 200, 11)).toBe(2);
    expect(nearestIndex(40, 100, 200, 11)).toBe(0);
    expect(nearestIndex(900, 100, 200, 11)).toBe(10);
    expect(nearestIndex(150, 100, 0, 11)).toBeNull();
    expect(nearestIndex(150, 100, 200, 0)).toBeNull();
  });
});

describe('ticks', () => {
  it('covers the values with about four round steps, labelling the top and bottom of the plot', () => {
    // 0 … 77M: a quarter is 19.25M → steps of 20M up to 80M.
    expect(ticks(0, 77_349_320)).toEqual([0, 20_000_000, 40_000_000, 60_000_000, 80_000_000]);
    // −1,500 … 9,000: a quarter is 2,625 → steps of 5,000 from −5,000 to 10,000.
    expect(ticks(-1500, 9000)).toEqual([-5000, 0, 5000, 10000]);
    // 0 … 400: a quarter is 100 → steps of 100, the top one on the highest value.
    expect(ticks(0, 400)).toEqual([0, 100, 200, 300, 400]);
    expect(ticks(5, 5)).toEqual([5]);
  });
});

describe('inside', () => {
  it('moves a label that would leave the plot to the other side of its line', () => {
    expect(inside('topLeft', 5)).toBe('topRight');
    expect(inside('bottomLeft', 16)).toBe('bottomRight');
    expect(inside('topLeft', 17)).toBe('topLeft');
    expect(inside('topRight', 90)).toBe('topLeft');
    expect(inside('bottomRight', 84)).toBe('bottomLeft');
    expect(inside('bottomRight', 83)).toBe('bottomRight');
    expect(inside('topRight', 5)).toBe('topRight');
  });
});
