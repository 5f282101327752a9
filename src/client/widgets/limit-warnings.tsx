/**
 * Contribution-limit warnings (docs/projection-rules.md#contribution-limits): the IRS limits
 * against the user's planned contributions, from this year to the last year before retirement,
 * counting the deposits that fall in each calendar year. Warnings only: nothing here blocks a save. The figures are the
 * engine's (plannedLimitWarnings); this module reads the records and words the result.
 */
import { Alert, List, Text } from '@mantine/core';
import type { MonthKey } from '../../engine/months.ts';
import { lastDepositMonth, plannedLimitWarnings, YEARS_WITHOUT_PLAN, type AccountKind, type LimitWarning, type PlannedAccount } from '../../engine/limits.ts';
import { ACCOUNT_TYPES, PAY_CYCLES } from '../../shared/records.ts';
import type { WireRecordOf } from '../../shared/resources.ts';
import { useCollection, useSingle } from '../data/bindings/hooks.ts';
import { useClock } from '../ui/clock.tsx';
import { formatCentsUsd, wireCents } from '../ui/money.ts';
import { useBirthYear } from '../model/birth-year.ts';

type Account = WireRecordOf<'retirementAccounts'>;
type Plan = WireRecordOf<'retirementPlan'>;

/** A wire date 'YYYY-MM-DD' that names a real day, else null. */
const depositDate = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);

/** The last month with a deposit (the engine's lastDepositMonth); null without a plan or a readable date. */
export function lastContributionMonth(plan: Plan | null): MonthKey | null {
  const date = plan?.retirement_date;
  return typeof date === 'string' && /^\d{4}-\d{2}/.test(date) ? lastDepositMonth(date) : null;
}

/**
 * A wire account as the limits see it; null when a needed field is missing or unreadable, and for
 * a taxable (brokerage) account, which no IRS contribution limit covers
 * (docs/projection-rules.md#where-the-money-goes).
 */
export function plannedAccount(account: Pick<Account, 'id' | 'account_type' | 'contribution_amount' | 'employer_contribution_amount' | 'contribution_cycle' | 'next_deposit_date'>, lastMonth: MonthKey | null): PlannedAccount | null {
  const contribution = wireCents(account.contribution_amount);
  const employer = wireCents(account.employer_contribution_amount);
  const firstDeposit = depositDate(account.next_deposit_date);
  const type = ACCOUNT_TYPES.find((t): t is AccountKind => t === account.account_type && t !== 'taxable');
  const cycle = PAY_CYCLES.find((c) => c === account.contribution_cycle);
  if (contribution === null || employer === null || firstDeposit === null || !type || !cycle) return null;
  return { accountId: account.id, accountType: type, contribution, employerContribution: employer, cycle, firstDeposit, lastMonth };
}

export interface LimitCheck {
  warnings: LimitWarning[];
  birthYear: number | null;
  /** Account names by id, for the wording. */
  names: ReadonlyMap<number, string>;
}

/**
 * The warnings for the user's accounts; `draft` (the account a form is editing, id 0 for a new
 * one) takes the place of its stored version.
 */
export function useLimitCheck(draft?: { account: Account; name: string } | null): LimitCheck {
  const accounts = useCollection('retirementAccounts');
  const plan = useSingle('retirementPlan');
  const birthYear = useBirthYear();
  const thisYear = useClock()().getFullYear();
  const lastMonth = lastContributionMonth(plan.record);
  const lastYear = lastMonth === null ? null : Number(lastMonth.slice(0, 4));
  const rows: { account: Account; name: string }[] = accounts.rows.filter((a) => a.id !== draft?.account.id).map((a) => ({ account: a, name: String(a.name) }));
  if (draft) rows.push(draft);
  const planned = rows.map(({ account }) => plannedAccount(account, lastMonth)).filter((a): a is PlannedAccount => a !== null);
  const toYear = lastYear ?? thisYear + YEARS_WITHOUT_PLAN - 1;
  const names = new Map(rows.map(({ account, name }) => [account.id, name]));
  return { warnings: plannedLimitWarnings(planned, birthYear, thisYear, toYear), birthYear, names };
}

const KIND_TEXT: Record<LimitWarning['kind'], string> = {
  deferral: 'the 401(k) employee contribution limit',
  ira: 'the IRA contribution limit',
  total: 'the limit on employee plus employer contributions to one 401(k) (§415(c))',
};

/**
 * One sentence per warning. Example: "From 2026 (age 45): $26,000.00 a year to Work 401k is over
 * the 401(k) employee contribution limit of $24,500.00."
 */
export function warningText(warning: LimitWarning, check: Pick<LimitCheck, 'birthYear' | 'names'>): string {
  const age = check.birthYear === null ? '' : ` (age ${warning.year - check.birthYear})`;
  const accounts = warning.accountIds.map((id) => check.names.get(id) ?? 'an account').join(' and ');
  return `From ${warning.year}${age}: ${formatCentsUsd(warning.contributed)} a year to ${accounts} is over ${KIND_TEXT[warning.kind]} of ${formatCentsUsd(warning.limit)}.`;
}

export function LimitWarnings({ check }: { check: LimitCheck }) {
  if (check.warnings.length === 0) return null;
  return (
    // The title in the text colour: yellow text on the light yellow ground is too faint to read.
    <Alert color="yellow" variant="light" title="Over a contribution limit" role="status" data-testid="limit-warnings" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <List size="sm" spacing={4}>
        {check.warnings.map((warning) => (
          <List.Item key={`${warning.kind}-${warning.accountIds.join('-')}`}>{warningText(warning, check)}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={6}>
        IRS limits for 2025 and 2026 (later years use 2026's), with catch-ups from age 50 and the larger one at 60–63
        {check.birthYear === null ? '; set your birth year in your profile for catch-ups' : ''}. A warning only: you can still save.
      </Text>
    </Alert>
  );
}
