/**
 * Points for a chart over a month table. A retirement table holds up to 1 200 months; a chart a
 * few hundred pixels wide cannot show more than a few hundred points, and drawing them all costs
 * the phone its frame budget. So at most MAX_POINTS evenly spaced months are kept, always with the
 * first and the last. The table below the chart keeps every month.
 */
export const MAX_POINTS = 240;

export function chartSample<Row>(rows: readonly Row[], max = MAX_POINTS): Row[] {
  if (rows.length <= max) return [...rows];
  const step = Math.ceil(rows.length / max);
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += step) out.push(rows[i] as Row);
  if ((rows.length - 1) % step !== 0) out.push(rows[rows.length - 1] as Row);
  return out;
}
