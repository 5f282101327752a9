/**
 * What each plan assumption (docs/projection-rules.md#plan-assumptions) changes, in the user's
 * words, and the value a planner would start from with where it comes from. The user confirms a
 * recommendation with one click; a value that depends on the household (cash, the home) has none.
 */
import type { AssumptionsInput } from '../../../shared/records.ts';

export type AssumptionField = keyof AssumptionsInput;

export interface AssumptionInfo {
  field: AssumptionField;
  label: string;
  kind: 'percent' | 'money' | 'boolean';
  /** What it changes in the projections. */
  changes: string;
  /** The wire value a planner would start from, or null when only the user can say. */
  recommended: number | boolean | null;
  /** Where the recommendation comes from. */
  source: string | null;
}

/**
 * The assumptions the projections use, in the order the card lists them. Return volatility and the
 * stock share (docs/projection-rules.md#monte-carlo, #history) are kept in the record for the risk
 * screens.
 */
export const ASSUMPTIONS: readonly AssumptionInfo[] = [
  {
    field: 'inflation_rate',
    label: 'Inflation',
    kind: 'percent',
    changes: 'Grows monthly expenses, rent and a mortgage’s escrow once a year.',
    recommended: 2.5,
    source: 'US consumer prices (CPI-U, Bureau of Labor Statistics) rose about 3 % a year over the last century and 2.5 % over the last 30 years; the Federal Reserve aims for 2 %.',
  },
  {
    field: 'salary_growth_rate',
    label: 'Pay growth',
    kind: 'percent',
    changes: 'Grows every income’s net pay once a year.',
    recommended: 3,
    source: 'The Social Security Administration’s national average wage index has grown about 3–4 % a year; 3 % keeps pay level with inflation plus a little.',
  },
  {
    field: 'social_security_cola',
    label: 'Social Security raise (COLA)',
    kind: 'percent',
    changes: 'Grows Social Security once a year from when it starts.',
    recommended: 2.5,
    source: 'The yearly cost-of-living adjustment follows consumer prices (CPI-W); it has averaged about 2.5 % a year since 2000 (Social Security Administration).',
  },
  {
    field: 'cash_balance',
    label: 'Cash today',
    kind: 'money',
    changes: 'Starts the Income table’s balance from the cash you have instead of $0.',
    recommended: null,
    source: null,
  },
  {
    field: 'cash_interest_rate',
    label: 'Interest on cash',
    kind: 'percent',
    changes: 'Adds a month’s interest on a positive cash balance.',
    recommended: 3,
    source: 'Three-month US Treasury bills have paid roughly 3 % a year over the long run (Federal Reserve, H.15 rates); many savings accounts pay less.',
  },
  {
    field: 'home_value',
    label: 'Home value',
    kind: 'money',
    changes: 'Counts your home in net worth, with the mortgage still owed on it.',
    recommended: null,
    source: null,
  },
  {
    field: 'home_appreciation_rate',
    label: 'Home price growth',
    kind: 'percent',
    changes: 'Grows the home’s value once a year in the net-worth timeline.',
    recommended: 3,
    source: 'US home prices rose about 4 % a year since 1991 with inflation near 2.5 % (FHFA House Price Index, BLS); 3 % assumes a little above inflation.',
  },
  {
    field: 'retirement_tax_rate',
    label: 'Tax on traditional withdrawals',
    kind: 'percent',
    changes: 'Withdraws more from traditional 401(k)s and IRAs so the need is paid after tax; Roth money is untaxed.',
    recommended: 12,
    source: 'Most retirees’ taxable income falls in the 10–12 % federal brackets (IRS); add your state’s rate.',
  },
  {
    field: 'spend_cash_in_retirement',
    label: 'Spend cash in retirement',
    kind: 'boolean',
    changes: 'Pays retirement’s costs from cash first, before the retirement accounts.',
    recommended: true,
    source: 'Cash left unspent at the end of a plan is money the plan never counted.',
  },
];

/** Every recommendation, as one record update: `{ inflation_rate: 2.5, … }`. */
export function recommendedValues(): Partial<Record<AssumptionField, number | boolean>> {
  const values: Partial<Record<AssumptionField, number | boolean>> = {};
  for (const info of ASSUMPTIONS) if (info.recommended !== null) values[info.field] = info.recommended;
  return values;
}
