/**
 * The Financial Health tile's words: the engine's four figures (engine/health.ts) as
 * one short line each, short enough for a phone, with the engine's own `why` beneath. Tenths of a
 * month and basis points are written by placing the decimal point in the integer's digits, so no
 * float division can show 3.3000000000000003.
 */
import type { FinancialHealth } from '../../engine/health.ts';

export interface HealthLine {
  readonly key: 'debtFree' | 'cashCover' | 'savingsRate' | 'moneyLasts';
  readonly text: string;
  readonly why: string;
}

/** The digits of |n| with a decimal point `places` from the right: (33, 1) → '3.3', (4286, 2) → '42.86', (5, 2) → '0.05'. */
function withPoint(n: number, places: number): string {
  const digits = String(Math.abs(n)).padStart(places + 1, '0');
  return `${n < 0 ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Tenths of a month: 33 → '3.3', 0 → '0.0'. */
export const tenthsText = (tenths: number): string => withPoint(tenths, 1);

/** Basis points as a percentage: 4286 → '42.86%', 1200 → '12.00%'. */
export const basisPointsText = (basisPoints: number): string => `${withPoint(basisPoints, 2)}%`;

/**
 *   debt-free in a month to come   'Debt-free: 2029-09'   (already past: 'Debt-free since 2026-06')
 *   no debts                        'Debt-free: no debts'
 *   never                           'Debt-free: not on this plan'
 *   cash cover                      'Cash covers 3.3 months'
 *   savings rate                    'Saving 42.86% of income'
 *   money lasts                     'Money lasts to age 92'  (no birth year: 'Money lasts through 2077-12')
 *   runs short                      'Money runs short in 2051-03, age 66'
 * A figure the engine could not work out says 'not known' (or, for retirement, that there is no
 * plan); its `why` says what is missing.
 */
export function healthLines(health: FinancialHealth): HealthLine[] {
  const { debtFree, cashCover, savingsRate, moneyLasts } = health;
  const debtFreeText =
    debtFree.status === 'no-debts'
      ? 'Debt-free: no debts'
      : debtFree.status === 'never' || debtFree.month === null
        ? 'Debt-free: not on this plan'
        : debtFree.month < health.today
          ? `Debt-free since ${debtFree.month}`
          : `Debt-free: ${debtFree.month}`;
  const cashText = cashCover.tenths === null ? 'Cash cover: not known' : `Cash covers ${tenthsText(cashCover.tenths)} months`;
  const savingText = savingsRate.basisPoints === null ? 'Savings rate: not known' : `Saving ${basisPointsText(savingsRate.basisPoints)} of income`;
  let lastsText: string;
  if (moneyLasts.lasts === null) lastsText = 'Money lasts: no retirement plan yet';
  else if (moneyLasts.lasts) lastsText = moneyLasts.age !== null ? `Money lasts to age ${moneyLasts.age}` : `Money lasts through ${moneyLasts.through ?? '—'}`;
  else lastsText = `Money runs short in ${moneyLasts.runsOut ?? '—'}${moneyLasts.age !== null ? `, age ${moneyLasts.age}` : ''}`;
  return [
    { key: 'debtFree', text: debtFreeText, why: debtFree.why },
    { key: 'cashCover', text: cashText, why: cashCover.why },
    { key: 'savingsRate', text: savingText, why: savingsRate.why },
    { key: 'moneyLasts', text: lastsText, why: moneyLasts.why },
  ];
}
