/**
 * How the analytics screens print the engine's figures: whole US dollars
 * (docs/product.md#constants-and-limits), 'N/A' where the engine answers no figure, and % Paid
 * with the two decimals the engine keeps.
 */
import { compactDollarsText, decimalText, wholeDollarsText } from '../../engine/format.ts';
import type { Cents } from '../../engine/money.ts';

export const NOT_AVAILABLE = 'N/A';

/** Cents as whole dollars ('$1,235', '-$12'); 'N/A' for null. */
export function wholeUsd(value: Cents | null): string {
  return value === null ? NOT_AVAILABLE : wholeDollarsText(value);
}

/** A % Paid figure: 24.99 → '24.99%'. */
export function percentText(value: number): string {
  return `${decimalText(value, 2, 2)}%`;
}

/** A chart's axis label: compact dollars ('$12K', '-$1.2M', '$12.3K'). */
export function compactUsd(dollars: number): string {
  return compactDollarsText(dollars);
}

/** A change in whole dollars with its sign: '+$150', '-$89', '$0'. */
export function signedWholeUsd(value: Cents): string {
  return value > 0 ? `+${wholeUsd(value)}` : wholeUsd(value);
}
