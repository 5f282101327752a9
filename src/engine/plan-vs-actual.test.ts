import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { parseCents, type Cents } from './money.ts';
import { addMonths, monthKey, type MonthKey } from './months.ts';
import {
  baselineSnapshot,
  MAX_SNAPSHOT_MONTHS,
  netWorth,
  planVsActual,
  snapshotError,
  snapshotFromWire,
  snapshotToWire,
  type BaselineMonth,
} from './plan-vs-actual.ts';
import { project } from './project.ts';
import { projectionTimeline } from './timeline.ts';
import type { ProjectionInput } from './types.ts';

/** Dollars → cents through text, as the app reads amounts. */
const c = (dollars: number): Cents => parseCents(dollars) as Cents;
const m = (text: string): MonthKey => text as MonthKey;

/** A baseline month from dollars: [month, cash, debts, savings, contributions, returns]. */
const bm = (month: string, cash: number, debts: number, savings: number, contributions = 0, returns = 0): BaselineMonth => ({
  month: m(month),
  cash: c(cash),
  debts: c(debts),
  savings: c(savings),
  contributions: c(contributions),
  returns: c(returns),
});
/** The snapshot of a plan as it stands. */
const snapshotOf = (input: ProjectionInput): BaselineMonth[] => baselineSnapshot(input, project(input));
const row = (b: BaselineMonth) => [b.month, b.cash, b.debts, b.savings, b.contributions, b.returns];

/**
 * A small household worked by hand:
 * - month 1 is 2026-01, today 2026-03; net pay 1 000.00; expenses 300.00;
 * - a 250.00 debt at 0 % paying 100.00: 150.00, 50.00, then 50.00 pays it off in 2026-03;
 * - an account of 1 000.00 at 12 % (1 % a month) taking 100.00 a month from 2026-01;
 * - retiring 2026-04-01 for 1 year at 0 %, no Social Security.
 * Cash: 1 000 − 100 − 300 − 100 = 500.00, then 1 000.00, then 1 000 + 1 000 − 100 − 300 − 50 =
 * 1 550.00, carried through retirement (nothing spends it).
 * Account: interest 10.00 → 1 110.00; 11.10 → 1 221.10; 12.211 → 12.21 → 1 333.31; then living
 * takes 300.00 a month at 0 %: 1 033.31, 733.31, 433.31, 133.31, then 0 from 2026-08 (short).
 */
const household: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(1000) }],
  debts: [{ id: 1, name: 'Card', originalAmount: c(250), remainingAmount: c(250), apr: 0, monthlyPayment: c(100), creationOrder: 1 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [{ id: 1, amount: c(300) }],
  otherExpenses: [],
  retirementAccounts: [
    { id: 7, name: '401k', contributionAmount: c(100), employerContributionAmount: c(0), startingBalance: c(1000), expectedReturnRate: 12, contributionCycle: 'monthly', nextDepositDate: '2026-01-01' },
  ],
  retirementPlan: { retirementDate: '2026-04-01', interestRate: 0, socialSecurityIncome: c(0), socialSecurityStartDate: '2026-04-01', yearsOfRetirement: 1 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

describe('baselineSnapshot', () => {
  it('keeps the totals of every month, month 1 to the end of retirement living', () => {
    expect(snapshotOf(household).map(row)).toEqual([
      ['2026-01', c(500), c(150), c(1110), c(100), c(10)],
      ['2026-02', c(1000), c(50), c(1221.1), c(100), c(11.1)],
      ['2026-03', c(1550), 0, c(1333.31), c(100), c(12.21)],
      ['2026-04', c(1550), 0, c(1033.31), 0, 0],
      ['2026-05', c(1550), 0, c(733.31), 0, 0],
      ['2026-06', c(1550), 0, c(433.31), 0, 0],
      ['2026-07', c(1550), 0, c(133.31), 0, 0],
      ['2026-08', c(1550), 0, 0, 0, 0],
      ['2026-09', c(1550), 0, 0, 0, 0],
      ['2026-10', c(1550), 0, 0, 0, 0],
      ['2026-11', c(1550), 0, 0, 0, 0],
      ['2026-12', c(1550), 0, 0, 0, 0],
      ['2027-01', c(1550), 0, 0, 0, 0],
      ['2027-02', c(1550), 0, 0, 0, 0],
      ['2027-03', c(1550), 0, 0, 0, 0],
    ]);
  });

  it('gives the net worth of the timeline', () => {
    const snapshot = snapshotOf(household);
    // Month 1 by hand: 500.00 + 1 110.00 − 150.00.
    expect(netWorth(snapshot[0]!)).toBe(c(1460));
    const timeline = projectionTimeline(household, project(household));
    expect(snapshot.map((b) => [b.month, netWorth(b)])).toEqual(timeline.points.map((p) => [p.month, p.netWorth]));
  });

  it('uses the actuals the projection holds', () => {
    // A check-in of 1 300.00 in the account for 2026-02: 2026-03 earns 13.00 on it → 1 413.00.
    const checkedIn: ProjectionInput = { ...household, actuals: { ...household.actuals, contribution: [{ accountId: 7, month: m('2026-02'), endBalance: c(1300) }], income: [{ month: m('2026-02'), endBalance: c(900) }] } };
    // Cash 900.00 in 2026-02, then 900 + 1 000 − 100 − 300 − 50 = 1 450.00.
    expect(snapshotOf(checkedIn).slice(1, 3).map(row)).toEqual([
      ['2026-02', c(900), c(50), c(1300), c(100), c(11.1)],
      ['2026-03', c(1450), 0, c(1413), c(100), c(13)],
    ]);
  });

  it('without a retirement plan reads the contribution table, 360 months', () => {
    const snapshot = snapshotOf({ ...household, retirementPlan: null });
    expect(snapshot).toHaveLength(360);
    expect(snapshot.at(-1)?.month).toBe('2055-12');
    expect(snapshot.slice(0, 2).map(row)).toEqual([
      ['2026-01', c(500), c(150), c(1110), c(100), c(10)],
      ['2026-02', c(1000), c(50), c(1221.1), c(100), c(11.1)],
    ]);
  });

  it('with no accounts, savings are 0; the debt table adds its months past the income table', () => {
    // Retiring 2026-03-01: income rows 2026-01 and 2026-02 only; no accounts, so no retirement
    // table; the debt runs to 2026-03, so the snapshot does too, with cash carried.
    const snapshot = snapshotOf({ ...household, retirementAccounts: [], retirementPlan: { ...household.retirementPlan!, retirementDate: '2026-03-01' } });
    // Cash without the contribution: 1 000 − 300 − 100 = 600.00, then 1 200.00.
    expect(snapshot.map(row)).toEqual([
      ['2026-01', c(600), c(150), 0, 0, 0],
      ['2026-02', c(1200), c(50), 0, 0, 0],
      ['2026-03', c(1200), 0, 0, 0, 0],
    ]);
  });

  it('reads cash from the living rows when cash is spent in retirement', () => {
    // Cash pays the 300.00 need first: 1 550 − 300 = 1 250.00 in 2026-04; the account only earns.
    const spending: ProjectionInput = { ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, spendCashInRetirement: true } };
    expect(snapshotOf(spending).slice(2, 5).map(row)).toEqual([
      ['2026-03', c(1550), 0, c(1333.31), c(100), c(12.21)],
      ['2026-04', c(1250), 0, c(1333.31), 0, 0],
      ['2026-05', c(950), 0, c(1333.31), 0, 0],
    ]);
  });

  it('keeps the home and the mortgage, so its net worth is the timeline’s with a home too', () => {
    // Home 300 000.00 at 0 %; mortgage 1 000.00 at 0 % paying 500.00 P&I + 100.00 escrow: 500.00
    // left after month 1, 0 after month 2. Cash loses the 600.00 and 600.00 then 100.00 escrow.
    const owner: ProjectionInput = {
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: c(600), interestRate: 0, currentBalance: c(1000), escrowPayment: c(100) },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, homeValue: c(300_000) },
    };
    const snapshot = snapshotOf(owner);
    expect(snapshot.slice(0, 3).map((b) => [b.month, b.cash, b.home, b.mortgage])).toEqual([
      ['2026-01', c(-100), c(300_000), c(500)],
      ['2026-02', c(-200), c(300_000), 0],
      ['2026-03', c(250), c(300_000), 0],
    ]);
    // 2026-01 by hand: −100 + 1 110 + 300 000 − 500 − 150 = 300 360.00.
    expect(netWorth(snapshot[0]!)).toBe(c(300_360));
    const timeline = projectionTimeline(owner, project(owner));
    expect(snapshot.map((b) => [b.month, netWorth(b)])).toEqual(timeline.points.map((p) => [p.month, p.netWorth]));
    // Without a home value neither is counted: both 0 in the snapshot.
    expect(snapshotOf({ ...owner, assumptions: NEUTRAL_ASSUMPTIONS })[0]).toMatchObject({ home: 0, mortgage: 0 });
  });

  it('is empty for a projection with no tables', () => {
    // Retired and done before the plan start: no rows anywhere.
    expect(snapshotOf({ ...household, debts: [], retirementPlan: { ...household.retirementPlan!, retirementDate: '2020-01-01' } })).toEqual([]);
  });
});

describe('netWorth', () => {
  it('adds the home and takes off the mortgage', () => {
    // 500.00 + 1 110.00 + 250 000.00 − 180 000.25 − 150.00 = 71 459.75.
    expect(netWorth({ ...bm('2026-01', 500, 150, 1110), home: c(250_000), mortgage: c(180_000.25) })).toBe(c(71_459.75));
  });

  it('is cash + savings − debts', () => {
    expect(netWorth(bm('2026-01', 500, 150, 1110))).toBe(c(1460));
    expect(netWorth(bm('2026-01', -200, 1000.01, 300))).toBe(c(-900.01));
  });
});

/** [month, planned, actual, gap, contributions, returns, spending], each checked to add up. */
function gapRows(baseline: readonly BaselineMonth[], current: readonly BaselineMonth[], through: string) {
  return planVsActual(baseline, current, m(through)).map((g) => {
    expect(g.contributions + g.returns + g.spending).toBe(g.gap);
    return [g.month, g.planned, g.actual, g.gap, g.contributions, g.returns, g.spending];
  });
}

describe('planVsActual', () => {
  const plan = [bm('2026-01', 500, 150, 1110, 100, 10), bm('2026-02', 1000, 50, 1221.1, 100, 11.1), bm('2026-03', 1550, 0, 1333.31, 100, 12.21)];

  it('the same plan: no gap at all', () => {
    expect(gapRows(plan, plan, '2026-03')).toEqual([
      ['2026-01', c(1460), c(1460), 0, 0, 0, 0],
      ['2026-02', c(2171.1), c(2171.1), 0, 0, 0, 0],
      ['2026-03', c(2883.31), c(2883.31), 0, 0, 0, 0],
    ]);
  });

  it('a higher entered balance: all of it is returns', () => {
    // 2026-02 savings 1 300.00 instead of 1 221.10: gap 78.90, returns 78.90.
    const current = [plan[0]!, bm('2026-02', 1000, 50, 1300, 100, 11.1), plan[2]!];
    expect(gapRows(plan, current, '2026-02')).toEqual([
      ['2026-01', c(1460), c(1460), 0, 0, 0, 0],
      ['2026-02', c(2171.1), c(2250), c(78.9), 0, c(78.9), 0],
    ]);
  });

  it('the projection with a check-in: returns carry the entered balance and its interest', () => {
    const baseline = snapshotOf(household);
    const current = snapshotOf({ ...household, actuals: { ...household.actuals, contribution: [{ accountId: 7, month: m('2026-02'), endBalance: c(1300) }] } });
    // 2026-03: 1 413.00 against 1 333.31 → 79.69, all returns.
    expect(gapRows(baseline, current, '2026-03')).toEqual([
      ['2026-01', c(1460), c(1460), 0, 0, 0, 0],
      ['2026-02', c(2171.1), c(2250), c(78.9), 0, c(78.9), 0],
      ['2026-03', c(2883.31), c(2963), c(79.69), 0, c(79.69), 0],
    ]);
  });

  it('an extra contribution paid from cash: contributions up, spending down by the same', () => {
    // 2026-01: 150.00 contributed instead of 100.00, the account 50.00 higher, cash 50.00 lower.
    const current = [bm('2026-01', 450, 150, 1160, 150, 10)];
    expect(gapRows(plan, current, '2026-03')).toEqual([['2026-01', c(1460), c(1460), 0, c(50), 0, c(-50)]]);
    // Paid from money that was not in the plan (cash unchanged): the whole gap is contributions.
    expect(gapRows(plan, [bm('2026-01', 500, 150, 1160, 150, 10)], '2026-01')).toEqual([['2026-01', c(1460), c(1510), c(50), c(50), 0, 0]]);
  });

  it('less cash or more debt: spending', () => {
    expect(gapRows(plan, [bm('2026-01', 300, 150, 1110, 100, 10)], '2026-01')).toEqual([['2026-01', c(1460), c(1260), c(-200), 0, 0, c(-200)]]);
    expect(gapRows(plan, [bm('2026-01', 500, 250.5, 1110, 100, 10)], '2026-01')).toEqual([['2026-01', c(1460), c(1359.5), c(-100.5), 0, 0, c(-100.5)]]);
    // Extra debt paid from cash changes nothing in net worth: −50 cash, −50 debt.
    expect(gapRows(plan, [bm('2026-01', 450, 100, 1110, 100, 10)], '2026-01')).toEqual([['2026-01', c(1460), c(1460), 0, 0, 0, 0]]);
  });

  it('sums contributions from the first month: the documented example', () => {
    const current = [bm('2026-01', 450, 150, 1250, 150), bm('2026-02', 900, 50, 1400, 150)];
    // 2026-01: gap 1 550 − 1 460 = 90.00; contributions 50.00; returns 140 − 50 = 90.00; spending −50.00.
    // 2026-02: gap 2 250 − 2 171.10 = 78.90; contributions 100.00; returns 178.90 − 100 = 78.90; spending −100.00.
    expect(gapRows(plan, current, '2026-03')).toEqual([
      ['2026-01', c(1460), c(1550), c(90), c(50), c(90), c(-50)],
      ['2026-02', c(2171.1), c(2250), c(78.9), c(100), c(78.9), c(-100)],
    ]);
  });

  it('a cumulative sum over several months, short months included', () => {
    // Contributions vs plan: +50.00, −100.00 (a month skipped), +25.00 → 50, −50, −25.
    // Savings vs plan: +60.00, −45.00, −20.00 → returns 10.00, 5.00, 5.00.
    // Cash vs plan: −50.00, +100.00, +25.00 (spending, with no debt change).
    const current = [bm('2026-01', 450, 150, 1170, 150, 10), bm('2026-02', 1100, 50, 1176.1, 0, 11.1), bm('2026-03', 1575, 0, 1313.31, 125, 12.21)];
    expect(gapRows(plan, current, '2026-03')).toEqual([
      ['2026-01', c(1460), c(1470), c(10), c(50), c(10), c(-50)],
      ['2026-02', c(2171.1), c(2226.1), c(55), c(-50), c(5), c(100)],
      ['2026-03', c(2883.31), c(2888.31), c(5), c(-25), c(5), c(25)],
    ]);
  });

  it('a home worth more than planned is returns; a mortgage paid down beyond the plan is spending', () => {
    const home = (b: BaselineMonth, value: number, owed: number): BaselineMonth => ({ ...b, home: c(value), mortgage: c(owed) });
    const planned = [home(plan[0]!, 300_000, 200_000)];
    // Home 310 000.00 (+10 000.00), mortgage 199 000.00 (1 000.00 less owed, paid from cash: −1 000.00).
    const current = [home(bm('2026-01', -500, 150, 1110, 100, 10), 310_000, 199_000)];
    // planned 500 + 1 110 + 300 000 − 200 000 − 150 = 101 460.00; actual −500 + 1 110 + 310 000 − 199 000 − 150 = 111 460.00.
    // returns: savings 0 − contributions 0 + home 10 000.00; spending: cash −1 000 − debts 0 − mortgage (−1 000) = 0.
    expect(gapRows(planned, current, '2026-01')).toEqual([['2026-01', c(101_460), c(111_460), c(10_000), 0, c(10_000), 0]]);
  });

  it('a baseline saved before it kept the home is compared with the current home and mortgage', () => {
    // The old month has no home or mortgage; the current one counts 300 000.00 and 200 000.00:
    // planned takes them as they are now, so the home's 100 000.00 of equity is no gap.
    const current = [{ ...plan[0]!, home: c(300_000), mortgage: c(200_000) }];
    expect(gapRows([plan[0]!], current, '2026-01')).toEqual([['2026-01', c(101_460), c(101_460), 0, 0, 0, 0]]);
    // A newer baseline that recorded no home (0) shows the home as a gap: the plan had none.
    expect(gapRows([{ ...plan[0]!, home: 0 as Cents, mortgage: 0 as Cents }], current, '2026-01')).toEqual([['2026-01', c(1460), c(101_460), c(100_000), 0, c(300_000), c(-200_000)]]);
  });

  it('compares only months in both lists, up to today, in month order', () => {
    const later = [...plan, bm('2026-04', 1550, 0, 1033.31)];
    const current = [bm('2026-04', 1550, 0, 1100), bm('2026-02', 1000, 50, 1221.1, 150, 11.1), bm('2025-12', 1, 0, 0)];
    // 2026-01 and 2026-03 are missing from current, 2025-12 from the baseline; 2026-04 is after today.
    expect(gapRows([...later].reverse(), current, '2026-03')).toEqual([['2026-02', c(2171.1), c(2171.1), 0, c(50), c(-50), 0]]);
    expect(planVsActual(later, current, m('2025-11'))).toEqual([]);
    expect(planVsActual([], current, m('2026-03'))).toEqual([]);
  });
});

describe('snapshot wire format', () => {
  const months = [bm('2026-11', 1234.56, 0, 10000.01, 100, 8.33), bm('2026-12', -5.5, 99.99, 0, 0, -1.02)];
  const wire = {
    months: [
      { month: '2026-11', cash: 1234.56, debts: 0, savings: 10000.01, contributions: 100, returns: 8.33 },
      { month: '2026-12', cash: -5.5, debts: 99.99, savings: 0, contributions: 0, returns: -1.02 },
    ],
  };

  it('writes money as dollars', () => {
    expect(snapshotToWire(months)).toEqual(wire);
    expect(JSON.stringify(snapshotToWire([bm('2026-11', 0.1, 1.15, 19.99)]))).toBe('{"months":[{"month":"2026-11","cash":0.1,"debts":1.15,"savings":19.99,"contributions":0,"returns":0}]}');
  });

  it('reads it back to the same cents, through JSON text too', () => {
    expect(snapshotFromWire(wire)).toEqual(months);
    expect(snapshotFromWire(JSON.parse(JSON.stringify(snapshotToWire(months))))).toEqual(months);
    const snapshot = snapshotOf(household);
    expect(snapshotFromWire(JSON.parse(JSON.stringify(snapshotToWire(snapshot))))).toEqual(snapshot);
    expect(snapshotFromWire({ months: [] })).toEqual([]);
  });

  it('keeps the home and mortgage when a month has them, and reads an older month without them as stored', () => {
    const withHome: BaselineMonth = { ...bm('2026-11', 10, 0, 20), home: c(300_000.5), mortgage: c(199_400) };
    const json = snapshotToWire([withHome]);
    expect(json).toEqual({ months: [{ month: '2026-11', cash: 10, debts: 0, savings: 20, home: 300000.5, mortgage: 199400, contributions: 0, returns: 0 }] });
    expect(snapshotFromWire(JSON.parse(JSON.stringify(json)))).toEqual([withHome]);
    // Saved before baselines kept the home: no keys, so none come back (netWorth counts them 0).
    const old = snapshotFromWire(wire)!;
    expect('home' in old[0]! || 'mortgage' in old[0]!).toBe(false);
    expect(netWorth(old[0]!)).toBe(c(1234.56 + 10000.01));
  });

  it('ignores other keys', () => {
    expect(snapshotFromWire({ version: 1, months: [{ ...wire.months[0], note: 'x' }] })).toEqual([months[0]]);
  });

  const valid = wire.months[0]!;
  const cases: [string, unknown, string][] = [
    ['null', null, 'Snapshot must be an object with a months list'],
    ['a list', [valid], 'Snapshot must be an object with a months list'],
    ['a text', 'months', 'Snapshot must be an object with a months list'],
    ['no months', {}, 'Snapshot must be an object with a months list'],
    ['months not a list', { months: { 0: valid } }, 'Snapshot must be an object with a months list'],
    ['an entry not an object', { months: [valid, 3] }, 'Snapshot month 2 must be an object'],
    ['a null entry', { months: [null] }, 'Snapshot month 1 must be an object'],
    ['month 13', { months: [valid, wire.months[1], { ...valid, month: '2027-13' }] }, 'Snapshot month 3 must be a month as YYYY-MM'],
    ['an unpadded month', { months: [{ ...valid, month: '2026-1' }] }, 'Snapshot month 1 must be a month as YYYY-MM'],
    ['a date', { months: [{ ...valid, month: '2026-11-01' }] }, 'Snapshot month 1 must be a month as YYYY-MM'],
    ['a number month', { months: [{ ...valid, month: 202611 }] }, 'Snapshot month 1 must be a month as YYYY-MM'],
    ['a missing month', { months: [{ cash: 1, debts: 0, savings: 0, contributions: 0, returns: 0 }] }, 'Snapshot month 1 must be a month as YYYY-MM'],
    ['a repeated month', { months: [valid, valid] }, 'Snapshot month 2 (2026-11) must come after 2026-11'],
    ['months out of order', { months: [wire.months[1], valid] }, 'Snapshot month 2 (2026-11) must come after 2026-12'],
    ['three decimals', { months: [{ ...valid, cash: 1.005 }] }, 'Snapshot month 1 cash must be an amount in dollars with at most 2 decimals'],
    ['a float sum', { months: [{ ...valid, savings: 0.1 + 0.2 }] }, 'Snapshot month 1 savings must be an amount in dollars with at most 2 decimals'],
    ['a text amount', { months: [{ ...valid, debts: '12.00' }] }, 'Snapshot month 1 debts must be an amount in dollars with at most 2 decimals'],
    ['a missing amount', { months: [{ month: '2026-11', cash: 1, debts: 0, savings: 0, contributions: 0 }] }, 'Snapshot month 1 returns must be an amount in dollars with at most 2 decimals'],
    ['null amount', { months: [{ ...valid, contributions: null }] }, 'Snapshot month 1 contributions must be an amount in dollars with at most 2 decimals'],
    ['infinity', { months: [{ ...valid, cash: Infinity }] }, 'Snapshot month 1 cash must be an amount in dollars with at most 2 decimals'],
    ['NaN', { months: [{ ...valid, cash: NaN }] }, 'Snapshot month 1 cash must be an amount in dollars with at most 2 decimals'],
    ['beyond safe cents', { months: [{ ...valid, cash: 1e20 }] }, 'Snapshot month 1 cash must be an amount in dollars with at most 2 decimals'],
    ['a text home', { months: [{ ...valid, home: '300000' }] }, 'Snapshot month 1 home must be an amount in dollars with at most 2 decimals'],
    ['a null mortgage', { months: [{ ...valid, home: 1, mortgage: null }] }, 'Snapshot month 1 mortgage must be an amount in dollars with at most 2 decimals'],
    ['three decimals of mortgage', { months: [{ ...valid, mortgage: 0.125 }] }, 'Snapshot month 1 mortgage must be an amount in dollars with at most 2 decimals'],
  ];
  it.each(cases)('refuses %s', (_name, json, message) => {
    expect(snapshotError(json)).toBe(message);
    expect(snapshotFromWire(json)).toBeNull();
  });

  it(`caps the months at ${MAX_SNAPSHOT_MONTHS}`, () => {
    const many = (count: number) => ({ months: Array.from({ length: count }, (_, i) => ({ ...valid, month: addMonths(m('2000-01'), i) })) });
    expect(MAX_SNAPSHOT_MONTHS).toBe(1500);
    expect(snapshotError(many(1500))).toBeNull();
    expect(snapshotFromWire(many(1500))).toHaveLength(1500);
    expect(snapshotError(many(1501))).toBe('Snapshot has too many months');
    expect(snapshotFromWire(many(1501))).toBeNull();
  });

  it('accepts a valid snapshot', () => {
    expect(snapshotError(wire)).toBeNull();
  });
});
