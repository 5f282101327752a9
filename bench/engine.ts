/**
 * `npm run bench:engine`: the time of a full `project()` on a heavy household, against a tight
 * loop over the same number of cells.
 *
 * The household: 20 debts under avalanche with an extra payment, 8 retirement accounts, 6 income
 * sources, a mortgage, 30 monthly and 120 one-time expenses, retirement in 35 years lasting 30
 * years (780 months in all), and a few actuals of every kind in the months up to "today".
 *
 * A cell is one (input entity × projected month): 185 entities (20 debts, 8 accounts, 6 incomes,
 * 1 housing record, 30 monthly and 120 one-time expenses) × 780 months. The tight loop does one
 * float multiply-add per cell (balance = balance × rate + amount) in typed arrays; it is the
 * floor for touching every cell once. Both are timed the same way: warm-up, then the median and
 * p90 of RUNS runs. Targets: project() median under 5 ms, and within 25× of the tight loop.
 */
import { cpus } from 'node:os';
import { project } from '../src/engine/index.ts';
import { heavyHousehold } from './household.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 50;
const TARGET_MS = 5;
const TARGET_RATIO = 25;

interface Timing {
  readonly median: number;
  readonly p90: number;
}

/** Times `run` RUNS times after WARMUP runs; milliseconds. */
function time(run: () => void): Timing {
  for (let i = 0; i < WARMUP; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}

const input = heavyHousehold();
const months = 780;
const entities =
  input.debts.length +
  input.retirementAccounts.length +
  input.incomes.length +
  (input.housing === null ? 0 : 1) +
  input.monthlyExpenses.length +
  input.otherExpenses.length;
const cells = entities * months;

// Keeps every result alive so nothing is optimised away.
let sink = 0;
const sample = project(input);
const outputRows =
  sample.debts.reduce((n, d) => n + d.months.length, 0) +
  sample.debtTotal.length +
  sample.contributions.reduce((n, a) => n + a.months.length, 0) +
  sample.contributionTotal.length +
  sample.retirement.reduce((n, a) => n + a.months.length, 0) +
  sample.retirementTotal.length +
  sample.income.length;
if (sample.retirementTotal.length !== months) throw new Error(`Expected ${months} retirement months, got ${sample.retirementTotal.length}`);

const full = time(() => {
  const result = project(input);
  sink += result.income.length + (result.retirementTotal.at(-1)?.displayBalance ?? 0);
});

const balances = new Float64Array(entities);
const rates = new Float64Array(entities);
const amounts = new Float64Array(entities);
for (let e = 0; e < entities; e += 1) {
  balances[e] = 1000 + e;
  rates[e] = 1 + (e % 7) / 1200;
  amounts[e] = -(e % 11);
}
const tight = time(() => {
  for (let m = 0; m < months; m += 1) {
    for (let e = 0; e < entities; e += 1) balances[e] = (balances[e] ?? 0) * (rates[e] ?? 0) + (amounts[e] ?? 0);
  }
  sink += balances[entities - 1] ?? 0;
});

const ratio = full.median / tight.median;
const ms = (value: number): string => `${value.toFixed(3)} ms`;
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const now = new Date();

console.log(`Runway engine benchmark — ${now.toISOString()}`);
console.log(`CPU: ${cpu} (${cpus().length} cores); Node ${process.version}; ${RUNS} runs after ${WARMUP} warm-up runs`);
console.log(
  `Household: ${input.debts.length} debts (avalanche, extra ${(input.debtPlan?.extraPayment ?? 0) / 100}), ${input.retirementAccounts.length} accounts, ` +
    `${input.incomes.length} incomes, ${input.monthlyExpenses.length} monthly + ${input.otherExpenses.length} one-time expenses, mortgage, ` +
    `${months} months; ${input.actuals.debt.length + input.actuals.contribution.length + input.actuals.retirement.length + input.actuals.income.length} actuals`,
);
console.log(`Cells: ${entities} entities × ${months} months = ${cells}; the projection outputs ${outputRows} month rows`);
console.log(`project():   median ${ms(full.median)}, p90 ${ms(full.p90)} (${((full.median * 1e6) / outputRows).toFixed(0)} ns per output row)`);
console.log(`tight loop:  median ${ms(tight.median)}, p90 ${ms(tight.p90)} (${((tight.median * 1e6) / cells).toFixed(2)} ns per cell)`);
console.log(`ratio:       ${ratio.toFixed(1)}× (project() over the tight loop, same ${cells} cells)`);
// A stricter yardstick, for reference: the projection's time per row it outputs against one multiply-add.
const perRow = (full.median * 1e6) / outputRows;
const perCell = (tight.median * 1e6) / cells;
console.log(`reference:   ${perRow.toFixed(0)} ns per output row = ${(perRow / perCell).toFixed(0)}× one multiply-add`);
console.log(`target median < ${TARGET_MS} ms: ${full.median < TARGET_MS ? 'met' : 'NOT met'}`);
console.log(`target ratio ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
console.log(`(checksum ${sink.toFixed(0)})`);
