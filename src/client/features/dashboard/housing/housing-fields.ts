/**
 * What the housing form checks and sends (docs/product.md#states-and-transitions, #calls): Rent and
 * Own carry just the type and the monthly payment; only a Mortgage carries the loan's fields. Kept
 * apart from the component so the rule is one tested function.
 */
export const MORTGAGE_FIELDS = ['original_purchase_price', 'down_payment', 'interest_rate', 'term', 'escrow_payment', 'open_date', 'current_balance'] as const;
export type MortgageField = (typeof MORTGAGE_FIELDS)[number];

export type HousingFormValues = { housing_type: string; total_monthly_payment: string } & Record<MortgageField, string>;

export const isMortgage = (type: unknown): boolean => type === 'Mortgage';

/** The names of the fields this housing type sends (the record's fields: docs/product.md#entities); the order is the form's. */
export function sentFieldNames(type: unknown): readonly string[] {
  return isMortgage(type) ? ['housing_type', 'total_monthly_payment', ...MORTGAGE_FIELDS] : ['housing_type', 'total_monthly_payment'];
}

/** `source` cut down to the fields this housing type sends. */
export function onlySent<T extends object>(type: unknown, source: T): Partial<T> {
  const out: Partial<T> = {};
  for (const name of sentFieldNames(type)) {
    if (name in source) out[name as keyof T] = source[name as keyof T];
  }
  return out;
}
