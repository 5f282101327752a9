/**
 * Amounts on screen: en-US USD (docs/product.md). Records on the wire carry dollars as JSON
 * numbers; every sum is made in integer cents (through parseCents, never a float multiplication)
 * and only the result is formatted.
 */
import { decimalText, wholeDollarsText } from '../../engine/format.ts';
import { formatCents, parseCents, sumCents, ZERO, type Cents } from '../../engine/money.ts';

/** A wire amount (dollars) as cents; null for a missing or unreadable one. */
export function wireCents(value: unknown): Cents | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return parseCents(value);
}

export function formatCentsUsd(amount: Cents): string {
  return formatCents(amount);
}

/** A wire amount for display; '—' when the record has none. */
export function formatUsd(value: unknown): string {
  const amount = wireCents(value);
  return amount === null ? '—' : formatCentsUsd(amount);
}

/** Whole dollars, for the analytics tables (docs/product.md#constants-and-limits). */
export function formatWholeUsd(value: unknown): string {
  const amount = wireCents(value);
  return amount === null ? '—' : wholeDollarsText(amount);
}

/** The sum of one amount field over rows, in cents (a missing amount counts as none). */
export function sumWire(rows: readonly Record<string, unknown>[], field: string): Cents {
  return sumCents(rows.map((row) => wireCents(row[field]) ?? ZERO));
}

/** A percentage as typed on the wire (e.g. 18.5) for display: '18.5%'. */
export function formatPercent(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? `${decimalText(n, 0, 4)}%` : '—';
}

/** Text for a money input from a wire amount: '1234.5' → '1234.50'; '' for none. */
export function moneyInputText(value: unknown): string {
  const amount = wireCents(value);
  return amount === null ? '' : (amount / 100).toFixed(2);
}
