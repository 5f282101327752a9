/** How the lists show a record's `end_month` (docs/product.md#screens-and-routes). */

/** 'YYYY-MM' as stored, or "Ongoing" without one. Example: '2030-08' → '2030-08'; null → 'Ongoing'. */
export function endMonthText(endMonth: unknown): string {
  return typeof endMonth === 'string' && /^\d{4}-\d{2}$/.test(endMonth) ? endMonth : 'Ongoing';
}
