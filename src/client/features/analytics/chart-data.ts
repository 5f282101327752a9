/**
 * Points for a chart over a month table. A retirement table holds up to 1 200 months; a chart a
 * few hundred pixels wide cannot show more than a few hundred points, and drawing them all costs
 * the phone its frame budget. So at most MAX_POINTS evenly spaced months are kept, always with the
 * first and the last. The table below the chart keeps every month.
 */
export const MAX_POINTS = 240;

/**
 * Every n-th row of a table longer than `max` (n = ⌈length / max⌉), the first and the last always
 * in, and any row `keep` asks for (a chart's marker needs its month among the points).
 */
export function chartSample<Row>(rows: readonly Row[], max = MAX_POINTS, keep?: (row: Row) => boolean): Row[] {
  if (rows.length <= max) return [...rows];
  const step = Math.ceil(rows.length / max);
  return rows.filter((row, index) => index % step === 0 || index === rows.length - 1 || (keep?.(row) ?? false));
}
