/**
 * "Apply to my plan": the record writes that turn the saved plan into the what-if plan. The
 * sandbox's changed plan is an engine input (applyWhatIf); the writes are the fields where it
 * differs from the saved one, mapped back to the records they came from (src/shared/months/input.ts
 * maps the other way), in wire units: dollars for money, percent for rates.
 *
 * Only the fields a what-if changes are compared: the debt plan's type and extra payment, the
 * retirement date and interest rate, each account's contribution and expected return, each
 * income's net pay (a payroll-deducted account's pay cut), each monthly expense's amount and the
 * inflation assumption. A field equal in both plans is not written, so applying twice writes
 * nothing the second time.
 */
import { centsToDollars, type Cents } from '../../../../engine/money.ts';
import { formatCentsUsd } from '../../../ui/money.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import type { CollectionName, SingleName } from '../../../../shared/resources.ts';
import type { MutationResult, Mutations } from '../../../data/outbox/mutations.ts';

type Fields = Record<string, string | number | boolean | null>;

export type PlanWrite =
  | { readonly op: 'saveSingle'; readonly name: SingleName; readonly fields: Fields }
  | { readonly op: 'update'; readonly collection: CollectionName; readonly id: number; readonly fields: Fields };

/** What each write does, in words, for the confirmation. */
export interface DescribedWrite {
  readonly write: PlanWrite;
  readonly text: string;
}

const dollars = (value: Cents): string => formatCentsUsd(value);

/** Record names by id, for the lines (the engine's input keeps no names for incomes and expenses). */
export interface RecordNames {
  readonly incomes: ReadonlyMap<number, string>;
  readonly expenses: ReadonlyMap<number, string>;
}

/** The writes from `saved` to `changed`, each with a line saying what it changes. */
export function planWrites(saved: ProjectionInput, changed: ProjectionInput, names: RecordNames): DescribedWrite[] {
  const writes: DescribedWrite[] = [];
  const before = saved.debtPlan;
  const after = changed.debtPlan;
  if (after && (before?.planType !== after.planType || before.extraPayment !== after.extraPayment)) {
    writes.push({
      write: { op: 'saveSingle', name: 'debtPlan', fields: { plan_type: after.planType, extra_payment: centsToDollars(after.extraPayment) } },
      text: `Debt plan: ${after.planType}, extra payment ${dollars(after.extraPayment)} a month`,
    });
  }
  const plan = saved.retirementPlan;
  const next = changed.retirementPlan;
  if (plan && next) {
    const fields: Fields = {};
    const said: string[] = [];
    if (plan.retirementDate !== next.retirementDate) {
      fields.retirement_date = next.retirementDate;
      said.push(`retirement date ${next.retirementDate}`);
    }
    // A moved retirement keeps the plan's end (engine applyWhatIf): the years change with it.
    if (plan.yearsOfRetirement !== next.yearsOfRetirement) {
      fields.years_of_retirement = next.yearsOfRetirement;
      said.push(`${next.yearsOfRetirement} years of retirement`);
    }
    if (plan.interestRate !== next.interestRate) {
      fields.interest_rate = next.interestRate;
      said.push(`return in retirement ${next.interestRate}%`);
    }
    if (said.length > 0) writes.push({ write: { op: 'saveSingle', name: 'retirementPlan', fields }, text: `Retirement plan: ${said.join(', ')}` });
  }
  for (const account of changed.retirementAccounts) {
    const old = saved.retirementAccounts.find((a) => a.id === account.id);
    if (!old) continue;
    const fields: Fields = {};
    const said: string[] = [];
    if (old.contributionAmount !== account.contributionAmount) {
      fields.contribution_amount = centsToDollars(account.contributionAmount);
      said.push(`contribution ${dollars(account.contributionAmount)} each ${account.contributionCycle} deposit`);
    }
    if (old.expectedReturnRate !== account.expectedReturnRate) {
      fields.expected_return_rate = account.expectedReturnRate;
      said.push(`expected return ${account.expectedReturnRate}%`);
    }
    if (said.length > 0) writes.push({ write: { op: 'update', collection: 'retirementAccounts', id: account.id, fields }, text: `${account.name}: ${said.join(', ')}` });
  }
  for (const income of changed.incomes) {
    const old = saved.incomes.find((i) => i.id === income.id);
    if (old && old.netPay !== income.netPay) {
      writes.push({
        write: { op: 'update', collection: 'incomes', id: income.id, fields: { net_pay: centsToDollars(income.netPay) } },
        text: `${names.incomes.get(income.id) ?? 'Income'}: net pay ${dollars(income.netPay)} each ${income.payCycle} paycheck`,
      });
    }
  }
  for (const expense of changed.monthlyExpenses) {
    const old = saved.monthlyExpenses.find((e) => e.id === expense.id);
    if (old && old.amount !== expense.amount) {
      writes.push({
        write: { op: 'update', collection: 'monthlyExpenses', id: expense.id, fields: { amount: centsToDollars(expense.amount) } },
        text: `${names.expenses.get(expense.id) ?? 'Monthly expense'}: ${dollars(expense.amount)} a month`,
      });
    }
  }
  const inflation = changed.assumptions?.inflationRate ?? 0;
  if ((saved.assumptions?.inflationRate ?? 0) !== inflation || (saved.assumptions == null && changed.assumptions != null)) {
    writes.push({ write: { op: 'saveSingle', name: 'assumptions', fields: { inflation_rate: inflation } }, text: `Plan assumptions: inflation ${inflation}% a year` });
  }
  return writes;
}

/**
 * The Roth conversion explorer's Apply: `amount` (a year, plan-start cents, as the engine compares
 * it) becomes the plan assumptions' roth_conversion, in dollars on the wire. Saved as a single
 * record, so a household without assumptions yet gets the record made (POST) and one with them
 * keeps every other field (PUT merges). Example: 4 000 000¢ → `{ roth_conversion: 40000 }`.
 */
export function rothConversionWrite(amount: Cents): DescribedWrite {
  return {
    write: { op: 'saveSingle', name: 'assumptions', fields: { roth_conversion: centsToDollars(amount) } },
    text: `Plan assumptions: Roth conversion ${dollars(amount)} a year`,
  };
}

/** Sends one write through the data layer's mutations (the outbox: offline it is kept on the device and sent on reconnecting). */
export function sendPlanWrite(mutations: Pick<Mutations, 'saveSingle' | 'update'>, write: PlanWrite): Promise<MutationResult> {
  return write.op === 'saveSingle' ? mutations.saveSingle(write.name, write.fields) : mutations.update(write.collection, write.id, write.fields);
}
