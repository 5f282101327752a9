import { describe, expect, it } from 'vitest';
import { debtOrder, percentPaid, projectDebts } from './debts.ts';
import { MAX_BALANCE, MAX_PROJECTION_MONTHS } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthKey } from './months.ts';
import type { DebtActual, DebtInput, DebtMonth, DebtPlanInput } from './types.ts';

const start: MonthKey = monthKey(2026, 1);

function debt(id: number, remaining: number, apr: number, minimum: number, extra: Partial<DebtInput> = {}): DebtInput {
  return {
    id,
    name: `Debt ${id}`,
    originalAmount: cents(remaining),
    remainingAmount: cents(remaining),
    apr,
    monthlyPayment: cents(minimum),
    creationOrder: id,
    ...extra,
  };
}

const payments = (rows: readonly DebtMonth[]): Cents[] => rows.map((r) => r.payment);
const interest = (rows: readonly DebtMonth[]): Cents[] => rows.map((r) => r.interestPaid);
const ends = (rows: readonly DebtMonth[]): Cents[] => rows.map((r) => r.displayEndBalance);

function run(debts: readonly DebtInput[], plan: DebtPlanInput | null, actuals: readonly DebtActual[] = []) {
  return projectDebts(debts, plan, { planStart: start, actuals });
}

// Three debts used for the plan examples (hand-computed below):
//   A 100.00 at 0 %, minimum 50.00;  B 1 000.00 at 12 %, minimum 100.00;  C 500.00 at 24 %, minimum 20.00.
// Budget = 50 + 100 + 20 + extra 100 = 270.00 a month.
const A = debt(1, 10000, 0, 5000);
const B = debt(2, 100000, 12, 10000);
const C = debt(3, 50000, 24, 2000);
const extra100: Cents = cents(10000);

describe('one debt on its own minimum (plan none)', () => {
  // 1 000.00 at 12 %, 300.00 a month:
  //   m1 interest 10.00 → 710.00; m2 7.10 → 417.10; m3 4.171 → 4.17 → 121.27; m4 1.2127 → 1.21, pays 122.48.
  const single = debt(1, 100000, 12, 30000, { originalAmount: cents(200000) });

  it('amortizes month by month and pays exactly balance + interest in the payoff month', () => {
    const { debts } = run([single], null);
    const rows = debts[0]?.months ?? [];
    expect(rows.map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(interest(rows)).toEqual([1000, 710, 417, 121]);
    expect(payments(rows)).toEqual([30000, 30000, 30000, 12248]);
    expect(rows.map((r) => r.principalPaid)).toEqual([29000, 29290, 29583, 12127]);
    expect(rows.map((r) => r.remainingAmount)).toEqual([71000, 41710, 12127, 0]);
    expect(ends(rows)).toEqual([71000, 41710, 12127, 0]);
    expect(rows.map((r) => r.inputRemainingBalance)).toEqual([null, null, null, null]);
    expect(debts[0]?.payoffMonth).toBe('2026-04');
    expect(debts[0]?.truncated).toBe(false);
  });

  it('percent paid is measured against the original amount', () => {
    const rows = run([single], null).debts[0]?.months ?? [];
    // (2 000.00 − 710.00) / 2 000.00 = 64.5 %; (2 000 − 417.10) / 2 000 = 79.145 → 79.15 (half up)
    expect(rows.map((r) => r.percentPaid)).toEqual([64.5, 79.15, 93.94, 100]);
  });

  it('the debt echoes its name, apr and minimum', () => {
    expect(run([single], null).debts[0]).toMatchObject({ id: 1, name: 'Debt 1', apr: 12, monthlyPayment: 30000 });
  });

  it('an actual remaining balance replaces the month’s end balance and re-anchors later months', () => {
    const { debts } = run([single], null, [{ debtId: 1, month: monthKey(2026, 2), remaining: cents(50000) }]);
    const rows = debts[0]?.months ?? [];
    // m2 computed 417.10 but the user says 500.00; m3 interest 5.00 → 205.00; m4 2.05, pays 207.05.
    expect(rows[1]).toMatchObject({ remainingAmount: 41710, displayEndBalance: 50000, inputRemainingBalance: 50000, percentPaid: 75 });
    expect(interest(rows)).toEqual([1000, 710, 500, 205]);
    expect(payments(rows)).toEqual([30000, 30000, 30000, 20705]);
    expect(rows.map((r) => r.remainingAmount)).toEqual([71000, 41710, 20500, 0]);
  });

  it('an actual of 0 pays the debt off that month', () => {
    const { debts } = run([single], null, [{ debtId: 1, month: monthKey(2026, 2), remaining: cents(0) }]);
    expect(debts[0]?.months).toHaveLength(2);
    expect(debts[0]?.payoffMonth).toBe('2026-02');
  });

  it('an actual above the computed balance keeps a paid-off debt open', () => {
    const { debts } = run([single], null, [{ debtId: 1, month: monthKey(2026, 4), remaining: cents(1000) }]);
    const rows = debts[0]?.months ?? [];
    // m4 computed 0 but 10.00 remains; m5 interest 0.10, pays 10.10.
    expect(rows).toHaveLength(5);
    expect(rows[4]).toMatchObject({ month: '2026-05', interestPaid: 10, payment: 1010, remainingAmount: 0 });
  });

  it('actuals of another debt or of months without a row change nothing', () => {
    const plain = run([single], null);
    const other = run([single], null, [
      { debtId: 99, month: monthKey(2026, 2), remaining: cents(1) },
      { debtId: 1, month: monthKey(2026, 9), remaining: cents(1) },
    ]);
    expect(other).toEqual(plain);
  });

  it('rate 0 pays principal only', () => {
    const rows = run([debt(1, 25000, 0, 10000)], null).debts[0]?.months ?? [];
    expect(payments(rows)).toEqual([10000, 10000, 5000]);
    expect(interest(rows)).toEqual([0, 0, 0]);
  });
});

describe('a debt that never gets ahead of its interest', () => {
  it('paying exactly the interest: the balance holds, and the rows stop at the horizon', () => {
    // 1 000.00 at 12 %: interest 10.00 a month, minimum 10.00.
    const { debts, total } = run([debt(1, 100000, 12, 1000)], null);
    expect(debts[0]?.months).toHaveLength(MAX_PROJECTION_MONTHS);
    expect(new Set(debts[0]?.months.map((r) => r.remainingAmount))).toEqual(new Set([100000]));
    expect(debts[0]?.payoffMonth).toBeNull();
    expect(debts[0]?.truncated).toBe(true);
    expect(total).toHaveLength(MAX_PROJECTION_MONTHS);
  });

  it('honours a smaller horizon', () => {
    const result = projectDebts([debt(1, 100000, 12, 1000)], null, { planStart: start, actuals: [], maxMonths: 24 });
    expect(result.debts[0]?.months).toHaveLength(24);
    expect(result.debts[0]?.truncated).toBe(true);
  });

  it('paying less than the interest: the balance grows until it passes MAX_BALANCE, then the debt stops', () => {
    // 1 000.00 at 24 %: interest 20.00, minimum 10.00 → month 1 ends at 1 010.00 with principal −10.00.
    const { debts } = run([debt(1, 100000, 24, 1000)], null);
    const rows = debts[0]?.months ?? [];
    expect(rows[0]).toMatchObject({ interestPaid: 2000, principalPaid: -1000, remainingAmount: 101000 });
    expect(rows.length).toBeLessThan(MAX_PROJECTION_MONTHS);
    expect(rows.at(-1)?.remainingAmount).toBeGreaterThan(MAX_BALANCE);
    expect(rows.at(-2)?.remainingAmount).toBeLessThanOrEqual(MAX_BALANCE);
    expect(debts[0]).toMatchObject({ payoffMonth: null, truncated: true });
  });

  it('a small original grown toward MAX_BALANCE: the rows still stop there, with a huge negative % paid', () => {
    // Found by the property tests: 0.09 at 66.67 % paying nothing grows ~10¹³-fold, and
    // (original − end) × 10 000 / original left the safe integers; percentPaid threw a RangeError
    // and so did project(). An actual the minimum cannot keep up with leads here as well.
    const { debts, total } = run([debt(1, 9, 66.67, 0)], null);
    const rows = debts[0]?.months ?? [];
    expect(debts[0]).toMatchObject({ payoffMonth: null, truncated: true });
    expect(rows.at(-1)?.remainingAmount).toBeGreaterThan(MAX_BALANCE);
    const last = rows.at(-1)!;
    expect(last.percentPaid).toBeCloseTo(((9 - last.displayEndBalance) / 9) * 100, -3);
    expect(last.percentPaid).toBeLessThan(-1e15);
    expect(total.at(-1)?.percentPaid).toBe(last.percentPaid);
  });

  it('under a plan, a stopped debt gets no more money and its minimum goes to the others', () => {
    // G 1 000.00 at 100 % paying 1.00 grows without bound; N 100 000.00 at 0 % pays 30.00.
    const G = debt(1, 100000, 100, 100);
    const N = debt(2, 10000000, 0, 3000);
    const [g, n] = run([G, N], { planType: 'snowball', extraPayment: cents(0) }).debts;
    const stop = g?.months.length ?? 0;
    expect(g?.truncated).toBe(true);
    expect(stop).toBeGreaterThan(100);
    expect(n?.months[stop - 1]?.payment).toBe(3000);
    expect(n?.months[stop]?.payment).toBe(3100);
  });
});

describe('debtOrder', () => {
  it('snowball: balance ascending, then APR descending, then creation order', () => {
    const debts = [
      debt(1, 50000, 10, 100),
      debt(2, 30000, 5, 100),
      debt(3, 30000, 20, 100),
      debt(4, 30000, 20, 100, { creationOrder: 0 }),
    ];
    expect(debtOrder(debts, 'snowball')).toEqual([4, 3, 2, 1]);
  });

  it('avalanche: APR descending, then balance ascending, then creation order', () => {
    const debts = [
      debt(1, 50000, 10, 100),
      debt(2, 30000, 5, 100),
      debt(3, 60000, 20, 100),
      debt(4, 20000, 20, 100, { creationOrder: 9 }),
      debt(5, 20000, 20, 100, { creationOrder: 8 }),
    ];
    expect(debtOrder(debts, 'avalanche')).toEqual([5, 4, 3, 1, 2]);
  });

  it('does not depend on the input order', () => {
    const debts = [A, B, C];
    expect(debtOrder([...debts].reverse(), 'snowball')).toEqual(debtOrder(debts, 'snowball'));
    expect(debtOrder(debts, 'snowball')).toEqual([1, 3, 2]);
    expect(debtOrder(debts, 'avalanche')).toEqual([3, 2, 1]);
  });
});

describe('snowball', () => {
  const result = run([A, B, C], { planType: 'snowball', extraPayment: extra100 });
  const [a, b, c] = result.debts.map((d) => d.months);

  it('pays the smallest balance first and spills what is left after a payoff in the same month', () => {
    // m1: minimums 50 + 100 + 20 = 170; 100.00 left → A needs 50.00 more and is paid off,
    // the remaining 50.00 spills to C (next smallest): C pays 20 + 50 = 70.00.
    expect(a?.map((r) => [r.payment, r.remainingAmount])).toEqual([[10000, 0]]);
    expect(c?.[0]).toMatchObject({ payment: 7000, interestPaid: 1000, principalPaid: 6000, remainingAmount: 44000 });
    expect(b?.[0]).toMatchObject({ payment: 10000, remainingAmount: 91000 });
  });

  it("rolls a paid-off debt's minimum into the next target", () => {
    // m2: A's 50.00 minimum rolls over: C gets 270 − 100 = 170.00.
    expect(payments(c ?? [])).toEqual([7000, 17000, 17000, 11667]);
    expect(interest(c ?? [])).toEqual([1000, 880, 558, 229]);
  });

  it('spills the rest of the payoff month to the next debt, then the whole budget goes there', () => {
    // m4: C needs 116.67 (2.29 interest) = 20.00 + 96.67; the 53.33 left goes to B: 153.33.
    expect(payments(b ?? [])).toEqual([10000, 10000, 10000, 15333, 27000, 27000, 5071]);
    expect(interest(b ?? [])).toEqual([1000, 910, 819, 727, 581, 317, 50]);
    expect(ends(b ?? [])).toEqual([91000, 81910, 72729, 58123, 31704, 5021, 0]);
    expect(result.debts.map((d) => d.payoffMonth)).toEqual(['2026-01', '2026-07', '2026-04']);
  });

  it('never spends more than the budget in a month', () => {
    for (const row of result.total) expect(row.payment).toBeLessThanOrEqual(27000);
  });
});

describe('avalanche', () => {
  const result = run([A, B, C], { planType: 'avalanche', extraPayment: extra100 });
  const [a, b, c] = result.debts.map((d) => d.months);

  it('pays the highest APR first', () => {
    // m1: the 100.00 left goes to C (24 %): 120.00; A and B pay their minimums.
    expect(payments(c ?? [])).toEqual([12000, 12000, 17000, 11563]);
    expect(interest(c ?? [])).toEqual([1000, 780, 556, 227]);
    expect(payments(a ?? [])).toEqual([5000, 5000]);
  });

  it('rolls over a minimum freed by a payoff and spills in the payoff month', () => {
    // A pays off on its own minimum in m2; from m3 its 50.00 joins the pool for C (170.00).
    // m4: C needs 115.63 = 20.00 + 95.63; the 54.37 left goes to B: 154.37.
    expect(payments(b ?? [])).toEqual([10000, 10000, 10000, 15437, 27000, 27000, 4964]);
    expect(ends(b ?? [])).toEqual([91000, 81910, 72729, 58019, 31599, 4915, 0]);
  });

  it('costs less interest than snowball on these debts', () => {
    const snowball = run([A, B, C], { planType: 'snowball', extraPayment: extra100 });
    const sum = (rows: readonly DebtMonth[]): number => rows.reduce((s, r) => s + r.interestPaid, 0);
    expect(sum(result.total)).toBe(6964);
    expect(sum(snowball.total)).toBe(7071);
  });
});

describe('plan none', () => {
  it('pays each minimum and moves nothing between debts, ignoring extra_payment', () => {
    const result = run([A, B, C], { planType: 'none', extraPayment: extra100 });
    const [a, , c] = result.debts.map((d) => d.months);
    expect(payments(a ?? [])).toEqual([5000, 5000]);
    expect(c?.[2]?.payment).toBe(2000);
    expect(result).toEqual(run([A, B, C], null));
  });
});

describe('plan order is fixed from the opening balances', () => {
  it('keeps targeting the first debt even when another becomes smaller', () => {
    // X 500.00 (min 10.00) before Y 600.00 (min 250.00); extra 100.00. After m1 Y owes 350.00 < X 390.00,
    // yet m2 still sends the extra to X.
    const X = debt(1, 50000, 0, 1000);
    const Y = debt(2, 60000, 0, 25000);
    const result = run([X, Y], { planType: 'snowball', extraPayment: cents(10000) });
    const [x, y] = result.debts.map((d) => d.months);
    expect(payments(x ?? []).slice(0, 2)).toEqual([11000, 11000]);
    expect(payments(y ?? []).slice(0, 2)).toEqual([25000, 25000]);
  });
});

describe('a debt owing nothing at month 1', () => {
  it('has no rows, and its minimum is in the budget from month 1', () => {
    const paid = debt(1, 0, 10, 5000, { originalAmount: cents(30000) });
    const open = debt(2, 20000, 0, 1000, { originalAmount: cents(20000) });
    const result = run([paid, open], { planType: 'snowball', extraPayment: cents(0) });
    expect(result.debts[0]).toMatchObject({ months: [], payoffMonth: null, truncated: false });
    expect(payments(result.debts[1]?.months ?? [])).toEqual([6000, 6000, 6000, 2000]);
    // Total percent counts the paid debt's original: (300 + 200 − 140) / 500 = 72 %.
    expect(result.total[0]?.percentPaid).toBe(72);
  });
});

describe('total rows', () => {
  const result = run([A, B, C], { planType: 'snowball', extraPayment: extra100 }, [
    { debtId: 2, month: monthKey(2026, 1), remaining: cents(90000) },
  ]);

  it('sum every debt month by month to the last payoff', () => {
    const first = result.total[0];
    expect(result.total).toHaveLength(Math.max(...result.debts.map((d) => d.months.length)));
    expect(first).toEqual({
      month: '2026-01',
      payment: 27000,
      principalPaid: 25000,
      interestPaid: 2000,
      remainingAmount: 0 + 91000 + 44000,
      displayEndBalance: 0 + 90000 + 44000,
      // Originals 100 + 1 000 + 500 = 1 600.00; (1 600 − 1 340) / 1 600 = 16.25 %.
      percentPaid: 16.25,
      inputRemainingBalance: null,
    });
    expect(result.payments).toEqual(result.total.map((r) => r.payment));
  });

  it('count a paid-off debt as 0 owed', () => {
    const last = result.total.at(-1);
    expect(last?.displayEndBalance).toBe(0);
    expect(last?.percentPaid).toBe(100);
  });

  it('are empty without debts', () => {
    expect(run([], { planType: 'snowball', extraPayment: extra100 })).toEqual({ debts: [], total: [], payments: [] });
  });
});

describe('percentPaid', () => {
  it('is (original − end) / original × 100, half up to 2 decimals', () => {
    expect(percentPaid(cents(1000000), cents(750000))).toBe(25);
    expect(percentPaid(cents(900), cents(300))).toBe(66.67);
    expect(percentPaid(cents(300), cents(200))).toBe(33.33);
    // 1/8 = 12.5 %, 1/16 = 6.25 %, 1/32 = 3.125 % → 3.13
    expect(percentPaid(cents(3200), cents(3100))).toBe(3.13);
  });

  it('is negative when the balance grew above the original', () => {
    expect(percentPaid(cents(1000), cents(1100))).toBe(-10);
  });

  it('stays exact up to 2^53 hundredths, then is the nearest double instead of an error', () => {
    // (1 − 2^52 − 1) × 10 000 / 1 = −2^52 × 10 000 hundredths: beyond the safe integers.
    expect(percentPaid(cents(1), cents(2 ** 52 + 1))).toBe(-(2 ** 52) * 100);
    expect(percentPaid(cents(3), cents(1e14))).toBe(Number(((3n - 10n ** 14n) * 10_000n) / 3n) / 100);
    // Just inside the fast path: 9 × 10^11 hundredths of the original, exactly.
    expect(percentPaid(cents(100), cents(9_000_000_000_100))).toBe(-9_000_000_000_000);
  });

  it('with an original of 0 is 100 when nothing is owed, else 0', () => {
    expect(percentPaid(cents(0), cents(0))).toBe(100);
    expect(percentPaid(cents(0), cents(5))).toBe(0);
  });
});

describe('month 1 of a plan started after the due days (typed balances)', () => {
  // Start on the 15th: A is due the 10th (left out of month 1), B the 20th; Z owes nothing.
  // Snowball order by balance: A (100.00) then B (1 000.00).
  const a = debt(1, 10000, 0, 5000, { dueDay: 10 });
  const b = debt(2, 100000, 12, 10000, { dueDay: 20 });
  const startDay = (debts: readonly DebtInput[], plan: DebtPlanInput | null) => projectDebts(debts, plan, { planStart: start, actuals: [], startDay: 15 });

  it('a paid-off debt due before the start day takes its minimum out of month 1’s budget; one due after rolls it over', () => {
    // Z due the 5th: month 1 budget = B's 100.00 only; B: interest 10.00, paid 100.00 → 910.00.
    // Month 2 budget = 50 + 100 + 30 (Z) = 180.00: A 50.00 + 30.00 extra → 20.00 left; B 100.00.
    const early = startDay([a, b, debt(3, 0, 0, 3000, { dueDay: 5 })], { planType: 'snowball', extraPayment: cents(0) });
    expect(payments(early.debts[0]!.months).slice(0, 2)).toEqual([0, 8000]);
    expect(payments(early.debts[1]!.months).slice(0, 2)).toEqual([10000, 10000]);
    expect(ends(early.debts[0]!.months).slice(0, 2)).toEqual([10000, 2000]);
    // Z due the 25th: its 30.00 stays in month 1's budget (130.00) and, A left out, goes to B: 130.00 → 880.00.
    const late = startDay([a, b, debt(3, 0, 0, 3000, { dueDay: 25 })], { planType: 'snowball', extraPayment: cents(0) });
    expect(payments(late.debts[1]!.months).slice(0, 1)).toEqual([13000]);
    expect(ends(late.debts[1]!.months).slice(0, 1)).toEqual([88000]);
  });

  it('under plan none the debt left out pays nothing and the other its minimum', () => {
    const none = startDay([a, b], null);
    expect(payments(none.total).slice(0, 2)).toEqual([10000, 15000]);
    expect(interest(none.debts[1]!.months).slice(0, 1)).toEqual([1000]);
  });

  it('start day 1 (the default) leaves nothing out', () => {
    expect(projectDebts([a, b], null, { planStart: start, actuals: [], startDay: 1 })).toEqual(run([a, b], null));
  });
});
