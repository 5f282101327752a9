/**
 * Test support: an independent reading of docs/projection-rules.md#debts to check the Overview's
 * comparison against, written apart from src/engine/debts.ts. Integer cents and integer APRs only,
 * so the interest is exact: interest = half-up(balance × apr / 1200) on the opening balance, then
 * the payments. Under snowball/avalanche the budget is Σ minimums + extra; every open debt gets its
 * minimum and the rest goes down the order fixed at the start, spilling on within the month.
 */
export interface SimDebt {
  name: string;
  /** Cents. */
  balance: number;
  /** Whole percent a year. */
  apr: number;
  /** Cents. */
  min: number;
  order: number;
}

/** 'YYYY-MM' n − 1 months after `start` (month 1 is `start`). */
export function monthNumber(start: string, n: number): string {
  const index = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + n - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function simulateDebts(debts: readonly SimDebt[], plan: 'none' | 'snowball' | 'avalanche', extra: number, start = '2026-01') {
  const state = debts.map((d) => ({ ...d, payoff: null as string | null }));
  const order =
    plan === 'snowball'
      ? [...state].sort((a, b) => a.balance - b.balance || b.apr - a.apr || a.order - b.order)
      : [...state].sort((a, b) => b.apr - a.apr || a.balance - b.balance || a.order - b.order);
  const budget = debts.reduce((sum, d) => sum + d.min, 0) + extra;
  let interest = 0;
  for (let n = 1; state.some((d) => d.payoff === null); n += 1) {
    if (n > 1200) throw new Error('never paid off');
    const open = state.filter((d) => d.payoff === null);
    for (const d of open) {
      const charge = Math.floor((2 * d.balance * d.apr + 1200) / 2400);
      interest += charge;
      d.balance += charge;
    }
    let left = budget;
    for (const d of open) {
      const pay = Math.min(d.min, d.balance);
      d.balance -= pay;
      left -= pay;
    }
    if (plan !== 'none') {
      for (const d of order) {
        if (d.payoff !== null || left <= 0) continue;
        const pay = Math.min(left, d.balance);
        d.balance -= pay;
        left -= pay;
      }
    }
    for (const d of open) if (d.balance === 0) d.payoff = monthNumber(start, n);
  }
  return { payoffs: state.map((d) => d.payoff as string), interest };
}
