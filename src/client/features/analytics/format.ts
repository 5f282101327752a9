/**
 * How the analytics screens print the engine's figures: whole US dollars
 * (docs/product.md#constants-and-limits), 'N/A' where the engine answers no figure, and % Paid
 * with the two decimals the engine keeps.
 */
import { centsToDollars, type Cents } from '../../../engine/money.ts';
import { formatWholeUsd } from '../../ui/money.ts';

export const NOT_AVAILABLE = 'N/A';

/** Cents as whole dollars ('$1,235', '-$12'); 'N/A' for null. */
export function wholeUsd(value: Cents | null): string {
  return value === null ? NOT_AVAILABLE : formatWholeUsd(centsToDollars(value));
}

const PERCENT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A % Paid figure: 24.99 → '24.99%'. */
export function percentText(value: number): string {
  return `${PERCENT.format(value)}%`;
}

/** A chart's axis label: compact whole dollars ('$12K', '-$1.2M'). */
const COMPACT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
export function compactUsd(dollars: number): string {
  return COMPACT.format(dollars);
}

/** A change in whole dollars with its sign: '+$150', '-$89', '$0'. */
export function signedWholeUsd(value: Cents): string {
  return value > 0 ? `+${wholeUsd(value)}` : wholeUsd(value);
}
