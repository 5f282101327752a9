/** Text for a form input from a wire value (money inputs use moneyInputText in money.ts). */

/** The value as typed text; '' for none. */
export function inputText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Dates may arrive as ISO timestamps; only the date part is used (docs/product.md#entities). */
export function dateInputText(value: unknown): string {
  return inputText(value).slice(0, 10);
}
