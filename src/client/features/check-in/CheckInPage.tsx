/**
 * /check-in (docs/projection-rules.md#actuals-and-check-ins): this month's balances — cash, the
 * mortgage and the home's value (docs/projection-rules.md#the-home-in-a-check-in), every debt, every
 * retirement account — as the plan projects them (or as the user last gave them), each editable. One
 * Save writes them as the month's actuals through the outbox, one edit per month row, so it works
 * offline and reaches the server exactly once; the projections then start again from these figures
 * and the page says what moved.
 *
 * Before the actuals go out the plan as it stood is kept as a baseline ("Check-in 2026-11"), so
 * plan vs actual can later compare what happened with what was planned.
 *
 * Money is never computed here: balances come from the mirrored month tables (the readers of
 * model/month-wire.ts, with edits still queued laid over them), the checks are the month-edit
 * rules (shared/validation/months.ts), and the figures before and after from src/engine.
 */
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { FinancialHealth } from '../../../engine/health.ts';
import { centsToDollars, type Cents } from '../../../engine/money.ts';
import type { MonthKey } from '../../../engine/months.ts';
import { snapshotToWire } from '../../../engine/plan-vs-actual.ts';
import type { Validation } from '../../../shared/validation/index.ts';
import { validateContributionMonth, validateDebtMonth, validateHomeMonth, validateIncomeMonth, validateMortgageMonth, validateRetirementMonth } from '../../../shared/validation/months.ts';
import { homeAt } from '../../../engine/net-worth.ts';
import type { MonthKind } from '../../../shared/months/tables.ts';
import { entriesOf, MONTHS, type MonthsName } from '../../../shared/resources.ts';
import { useDataLayer, useFreshSubscription, useSession } from '../../data/bindings/hooks.ts';
import type { MutationResult } from '../../data/outbox/mutations.ts';
import { MoneyInput } from '../../ui/fields.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { formatCentsUsd, moneyInputText } from '../../ui/money.ts';
import { useToday } from '../../ui/MonthRange.tsx';
import { tenthsText } from '../../model/health-lines.ts';
import { NET_WORTH_MEANS, netWorthIn } from '../../model/net-worth.ts';
import { useOverviewProjection } from '../../model/use-projection.ts';
import { useMonthsTable } from '../../model/use-months-table.ts';
import { contributionMonthsFromWire, debtMonthsFromWire, incomeMonthsFromWire, retirementMonthsFromWire, type MonthEditField } from '../../model/month-wire.ts';
import { usePlanInput } from '../../model/use-projection.ts';
import { usePlanTableActuals } from '../../data/bindings/plan-table-actuals.ts';

/** One balance of the check-in: the month row it is the actual of, and how it is checked. */
export interface CheckInField {
  /** `${table}:${rowId}`, and the field when a row carries more than one (the home's). */
  readonly key: string;
  readonly group: 'Cash' | 'Home' | 'Debts' | 'Retirement accounts';
  readonly label: string;
  readonly table: MonthsName;
  readonly rowId: number;
  /** The field the PUT sends. */
  readonly field: MonthEditField;
  /** The balance shown for this month now (the actual when given, else projected); null: not known yet. */
  readonly current: Cents | null;
  /** Whether `current` is the user's own actual. */
  readonly isActual: boolean;
  /** Said under the field when `current` is null. */
  readonly unknown?: string;
  /** Answers null for a field left empty that may be (the home's value before it is known). */
  validate(text: string): Validation<Cents | null>;
}

/** Under the home's value while none is known: what entering one does. */
export const HOME_VALUE_UNKNOWN = 'Not counted yet: enter what your home would sell for today to count it (and its mortgage) in your net worth.';

const picked =
  <T,>(validation: Validation<T>, pick: (value: T) => Cents): Validation<Cents | null> =>
    validation.ok ? { ok: true, value: pick(validation.value) } : validation;

/**
 * Whether the plan was read from the very tables shown: each shown table's write token (useMonths
 * `actualsToken`, null for none or a table written without one) is the one the plan's read names for it.
 * A read that failed waits for nothing (its error is shown, or the plan is not there to compare):
 * Save is never held for good. Example: shown income 'a', debt null; plan { income: 'a' } → true;
 * plan { income: 'b' } → false until the plan's read answers again.
 */
export function tablesInStep(shown: readonly { kind: MonthKind; actualsToken: string | null; failed: boolean }[], planTokens: Partial<Record<MonthKind, string>>, planFailed: boolean): boolean {
  return planFailed || shown.every(({ kind, actualsToken, failed }) => failed || actualsToken === (planTokens[kind] ?? null));
}

/** The balances of `today` from the mirrored tables, in the order the page lists them. */
export function useCheckInFields(today: MonthKey): {
  fields: readonly CheckInField[];
  ready: boolean;
  /** The plan was read from the very tables the fields show (their last writes). */
  inStep: boolean;
  error: string | null;
} {
  const plan = usePlanInput();
  const income = useMonthsTable('incomeMonths', incomeMonthsFromWire);
  const debts = useMonthsTable('debtMonths', debtMonthsFromWire);
  const saving = useMonthsTable('contributionMonths', contributionMonthsFromWire);
  const accounts = useMonthsTable('retirementMonths', retirementMonthsFromWire);
  const fields = useMemo(() => {
    const out: CheckInField[] = [];
    const cash = income.table?.find((row) => row.month === today);
    if (cash) {
      out.push({
        key: `incomeMonths:${cash.id}`,
        group: 'Cash',
        label: 'Cash on hand',
        table: 'incomeMonths',
        rowId: cash.id,
        field: 'input_end_balance',
        current: cash.inputEndBalance ?? cash.endBalance,
        isActual: cash.inputEndBalance !== null,
        validate: (text) => picked(validateIncomeMonth({ input_end_balance: text }), (v) => v.input_end_balance),
      });
      // The home and its mortgage ride on the month's income row (docs/projection-rules.md#the-home-in-a-check-in).
      const input = plan.kind === 'ready' ? plan.input : null;
      const housingType = input?.housing?.housingType ?? null;
      const known = input ? homeAt(input, today) : { home: null, mortgage: null };
      if (housingType === 'Mortgage') {
        out.push({
          key: `incomeMonths:${cash.id}:mortgage`,
          group: 'Home',
          label: 'Mortgage balance',
          table: 'incomeMonths',
          rowId: cash.id,
          field: 'input_mortgage_balance',
          current: cash.inputMortgageBalance ?? known.mortgage,
          isActual: cash.inputMortgageBalance !== undefined,
          validate: (text) => picked(validateMortgageMonth({ input_mortgage_balance: text }), (v) => v.input_mortgage_balance),
        });
      }
      if (housingType === 'Mortgage' || housingType === 'Own' || known.home !== null) {
        const current = cash.inputHomeValue ?? known.home;
        out.push({
          key: `incomeMonths:${cash.id}:home`,
          group: 'Home',
          label: 'Home value',
          table: 'incomeMonths',
          rowId: cash.id,
          field: 'input_home_value',
          current,
          isActual: cash.inputHomeValue !== undefined,
          unknown: HOME_VALUE_UNKNOWN,
          // Before any value is known the field may stay empty: the home is then simply not counted.
          validate: (text) => (current === null && text.trim() === '' ? { ok: true, value: null } : picked(validateHomeMonth({ input_home_value: text }), (v) => v.input_home_value)),
        });
      }
    }
    for (const debt of debts.table?.debts ?? []) {
      const row = debt.months.find((r) => r.month === today);
      if (!row) continue;
      out.push({
        key: `debtMonths:${row.id}`,
        group: 'Debts',
        label: debt.name,
        table: 'debtMonths',
        rowId: row.id,
        field: 'input_remaining_balance',
        current: row.displayEndBalance,
        isActual: row.inputRemainingBalance !== null,
        validate: (text) => picked(validateDebtMonth({ input_remaining_balance: text }, { apr: debt.apr, monthlyPayment: debt.monthlyPayment }), (v) => v.input_remaining_balance),
      });
    }
    // An account's actual is one value shown by both its tables
    // (docs/projection-rules.md#actuals-and-check-ins). Before retirement it is a contribution
    // month (the only table with rows when there is no retirement plan), after it a retirement month.
    const seen = new Set<number>();
    for (const account of saving.table?.accounts ?? []) {
      const row = account.months.find((r) => r.month === today);
      if (!row) continue;
      seen.add(account.id);
      out.push({
        key: `contributionMonths:${row.id}`,
        group: 'Retirement accounts',
        label: account.name,
        table: 'contributionMonths',
        rowId: row.id,
        field: 'input_end_balance',
        current: row.displayBalance,
        isActual: row.inputEndBalance !== null,
        validate: (text) => picked(validateContributionMonth({ input_end_balance: text }), (v) => v.input_end_balance),
      });
    }
    for (const account of accounts.table?.accounts ?? []) {
      const row = account.months.find((r) => r.month === today);
      if (!row || seen.has(account.id)) continue;
      out.push({
        key: `retirementMonths:${row.id}`,
        group: 'Retirement accounts',
        label: account.name,
        table: 'retirementMonths',
        rowId: row.id,
        field: 'balance',
        current: row.displayBalance,
        isActual: row.inputBalance !== null,
        validate: (text) => picked(validateRetirementMonth({ balance: text }), (v) => v.balance),
      });
    }
    return out;
  }, [income.table, debts.table, saving.table, accounts.table, today, plan]);
  // The plan (its figures "before" the check-in, the baseline kept) must be read from the tables
  // shown: the two are separate reads of the mirror, and after a table is written one may answer first.
  const planTables = usePlanTableActuals();
  const shown = { incomeMonths: income, debtMonths: debts, contributionMonths: saving, retirementMonths: accounts };
  const inStep = tablesInStep(
    entriesOf(shown).map(([name, view]) => ({ kind: MONTHS[name].monthKind, actualsToken: view.actualsToken, failed: view.error !== null })),
    planTables.tokens,
    planTables.error !== null,
  );
  const ready = income.table !== null && debts.table !== null && saving.table !== null && accounts.table !== null && plan.kind !== 'loading';
  const error = income.error ?? debts.error ?? saving.error ?? accounts.error;
  return { fields, ready, inStep, error };
}

/** What the plan said before the check-in, to tell what moved. */
interface Before {
  readonly health: FinancialHealth;
  readonly netWorth: Cents | null;
}

interface Outcome {
  readonly before: Before | null;
  /** Some balances were kept on this device to be sent once online. */
  readonly queued: boolean;
  /** Balances the server refused, by field key. */
  readonly failed: number;
}

export function CheckInPage() {
  const session = useSession();
  // Part of the subscription, as Analytics: asked of the server on arrival, since the stored flag may be stale.
  const subscription = useFreshSubscription();
  if (!session.isAuthenticated) return <LoginPrompt title="Monthly check-in" message="Log in to update this month's balances." />;
  if (subscription === 'pending') {
    return (
      <Stack>
        <Title order={1} size="h2">
          Monthly check-in
        </Title>
        <Group gap="sm" role="status" aria-label="Checking your subscription">
          <Loader size="sm" />
          <Text>Checking your subscription…</Text>
        </Group>
      </Stack>
    );
  }
  if (subscription === 'not-subscribed') {
    return (
      <Card withBorder padding="xl" maw={560} mx="auto" mt="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} size="h2">
            Monthly check-in
          </Title>
          <Text>Checking in re-bases your month-by-month projections on your real balances. It is part of the subscription.</Text>
          <Button component={Link} to="/subscribe">
            Subscribe Now
          </Button>
        </Stack>
      </Card>
    );
  }
  return <CheckIn />;
}

function CheckIn() {
  const layer = useDataLayer();
  const today = useToday();
  const { fields, ready, inStep, error } = useCheckInFields(today);
  const projection = useOverviewProjection();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const textOf = (field: CheckInField) => values[field.key] ?? (field.current === null ? '' : moneyInputText(centsToDollars(field.current)));

  async function save() {
    if (!inStep) return;
    const checked = fields.map((field) => ({ field, result: field.validate(textOf(field)) }));
    const refused = Object.fromEntries(checked.flatMap(({ field, result }) => (result.ok ? [] : [[field.key, Object.values(result.errors).flat()[0] ?? 'Please enter a valid amount']])));
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setSaving(true);
    try {
      const plan = projection.kind === 'ready' ? projection.projection : null;
      const before = plan ? { health: plan.health, netWorth: netWorthIn(plan.timeline, today) } : null;
      const results: MutationResult[] = [];
      // The plan as it stood, kept before the actuals re-anchor it.
      if (plan) results.push(await layer.mutations.create('baselines', { name: `Check-in ${today}`, snapshot: snapshotToWire(plan.snapshot) }));
      // One edit per month row: the income row's cash, mortgage balance and home value go together.
      const rows = new Map<string, { table: MonthsName; rowId: number; body: Record<string, number>; fields: CheckInField[] }>();
      for (const { field, result } of checked) {
        if (!result.ok || result.value === null) continue;
        const at = `${field.table}:${field.rowId}`;
        const row = rows.get(at) ?? { table: field.table, rowId: field.rowId, body: {}, fields: [] };
        row.body[field.field] = centsToDollars(result.value);
        row.fields.push(field);
        rows.set(at, row);
      }
      const failures: Record<string, string> = {};
      for (const row of rows.values()) {
        const outcome = await layer.mutations.editMonth(row.table, row.rowId, row.body);
        results.push(outcome);
        if (outcome.status !== 'failed') continue;
        for (const field of row.fields) {
          const messages = outcome.errors?.[field.field];
          if (messages && messages.length > 0) failures[field.key] = messages[0]!;
        }
        // A refusal that names no field of ours is said on the row's first field.
        if (!row.fields.some((field) => failures[field.key])) failures[row.fields[0]!.key] = Object.values(outcome.errors ?? {}).flat()[0] ?? outcome.message;
      }
      setErrors(failures);
      setValues({});
      setOutcome({ before, queued: results.some((r) => r.status === 'queued'), failed: Object.keys(failures).length });
    } finally {
      setSaving(false);
    }
  }

  const after = projection.kind === 'ready' ? projection.projection : null;
  return (
    <Stack maw={640} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Monthly check-in · {today}
        </Title>
        <Text c="dimmed">Enter what each balance is today. Your projections start again from these figures, and the plan as it stood is kept to compare against.</Text>
      </Stack>
      {error && (
        <Alert color="red" title="Error Loading Balances" role="alert" variant="light">
          {error}
        </Alert>
      )}
      {outcome && <Result outcome={outcome} today={today} after={after ? { health: after.health, netWorth: netWorthIn(after.timeline, today) } : null} />}
      {!ready && !error ? (
        <Group gap="sm" role="status" aria-label="Loading balances">
          <Loader size="sm" />
          <Text>Loading this month's balances…</Text>
        </Group>
      ) : fields.length === 0 ? (
        <Text>Nothing to check in for {today} yet: add your income, debts or retirement accounts on the dashboard.</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          noValidate
        >
          <Stack gap="lg">
            {(['Cash', 'Home', 'Debts', 'Retirement accounts'] as const).map((group) => {
              const inGroup = fields.filter((field) => field.group === group);
              if (inGroup.length === 0) return null;
              return (
                <Card withBorder padding="md" key={group} component="fieldset" aria-label={group}>
                  <Title order={2} size="h4" mb="sm">
                    {group}
                  </Title>
                  <Stack gap="sm">
                    {inGroup.map((field) => (
                      <MoneyInput
                        key={field.key}
                        label={field.label}
                        allowNegative={field.group === 'Cash'}
                        description={field.current === null ? field.unknown : `${field.isActual ? (field.field === 'input_home_value' ? 'Your value' : 'Your balance') : 'Projected'} for ${today}: ${formatCentsUsd(field.current)}`}
                        value={textOf(field)}
                        onChange={(text) => setValues((v) => ({ ...v, [field.key]: text }))}
                        error={errors[field.key]}
                      />
                    ))}
                  </Stack>
                </Card>
              );
            })}
            <Group justify="space-between">
              <Anchor component={Link} to="/analytics">
                Back to Analytics
              </Anchor>
              {/* Held for the moment the plan has not yet read a table just written. */}
              <Button type="submit" loading={saving} disabled={!inStep}>
                Save check-in
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The lines that moved between the plan before the check-in and now. */
export function changeLines(before: Before, after: Before): string[] {
  const lines: string[] = [];
  const [b, a] = [before.health, after.health];
  if (b.debtFree.month !== a.debtFree.month) lines.push(`Debt-free moved from ${b.debtFree.month ?? 'never'} to ${a.debtFree.month ?? 'never'}.`);
  if (b.moneyLasts.lasts !== a.moneyLasts.lasts || b.moneyLasts.runsOut !== a.moneyLasts.runsOut) lines.push(`Retirement: ${a.moneyLasts.why}`);
  if (b.cashCover.tenths !== a.cashCover.tenths && a.cashCover.tenths !== null) lines.push(`Cash now covers ${tenthsText(a.cashCover.tenths)} months of outgoings (was ${b.cashCover.tenths === null ? 'not known' : tenthsText(b.cashCover.tenths)}).`);
  if (before.netWorth !== after.netWorth && after.netWorth !== null)
    lines.push(`Net worth this month: ${before.netWorth === null ? 'not known' : formatCentsUsd(before.netWorth)} → ${formatCentsUsd(after.netWorth)}.`);
  return lines;
}

function Result({ outcome, after, today }: { outcome: Outcome; after: Before | null; today: MonthKey }) {
  const lines = outcome.before && after ? changeLines(outcome.before, after) : [];
  const color = outcome.failed > 0 ? 'red' : outcome.queued ? 'yellow' : 'teal';
  const title = outcome.failed > 0 ? 'Some balances were not saved' : outcome.queued ? 'Check-in saved on this device' : `Checked in for ${today}`;
  return (
    <Alert color={color} title={title} role="status" variant="light">
      <Stack gap="xs">
        {outcome.failed > 0 && <Text size="sm">Correct the balances marked below and save again.</Text>}
        {outcome.queued && <Text size="sm">It will reach your account when you are back online.</Text>}
        {lines.length > 0 ? (
          <List size="sm" aria-label="What changed">
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">Your plan already matched these balances.</Text>
        )}
        {lines.some((line) => line.startsWith('Net worth')) && (
          <Text size="xs" c="dimmed">
            {NET_WORTH_MEANS}
          </Text>
        )}
        <Anchor component={Link} to="/analytics" size="sm">
          See your projections
        </Anchor>
      </Stack>
    </Alert>
  );
}
