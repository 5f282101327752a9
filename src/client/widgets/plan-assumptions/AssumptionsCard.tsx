/**
 * The "Plan assumptions" card (docs/projection-rules.md#plan-assumptions), on the dashboard's
 * Retirement Plan tab and the Analytics Overview: each assumption, what it changes, the user's
 * value and a recommended one with its source. "Use recommended" confirms every recommendation with
 * one click, a row's "Use" just that one, and Edit sets any value; each goes through the outbox
 * like every edit, so it works offline. While there is no record it says plainly what the figures
 * leave out.
 *
 * Below them, where the money goes (docs/projection-rules.md#where-the-money-goes): other spending
 * (recommended once the check-ins measure it, docs/product.md#the-plan-learns-from-check-ins), the
 * retirement budget beside what the list comes to today, the taxable account the surplus goes to,
 * and the cost of negative cash. Then taxes: the withdrawal order, the filing status with what the
 * brackets leave out, the state rate and the yearly Roth conversion. Which of the flat rate or the
 * brackets the projection uses follows the filing status, and each tax row not used says so.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { useCollection, useDataLayer, useSession, useSingle } from '../../data/bindings/hooks.ts';
import { formatCentsUsd, formatPercent, formatUsd } from '../../ui/money.ts';
import { notifyError } from '../../ui/notify.ts';
import { PendingMark } from '../../ui/PendingMark.tsx';
import { AssumptionsForm, type FocusField } from './AssumptionsForm.tsx';
import type { Learned } from '../../model/learned.ts';
import {
  ASSUMPTIONS,
  listedSpending,
  MONEY_GOES,
  RISK,
  RISK_HEADING,
  NO_TAXABLE_ACCOUNT,
  recommendationFor,
  recommendedValues,
  SURPLUS_ACCOUNT_LABEL,
  SURPLUS_CHANGES,
  TAX_LIMITS,
  TAXES,
  TAXES_HEADING,
  taxNote,
  type AssumptionField,
  type AssumptionInfo,
  type MeasuredSpending,
} from '../../model/recommendations.ts';
import { useLearned } from './use-learned.ts';

type Assumptions = WireRecordOf<'assumptions'>;
type Account = WireRecordOf<'retirementAccounts'>;

/** What the projections leave out while no assumptions are set. */
export const NOMINAL_NOTICE = 'Without plan assumptions, projections are in future (nominal) dollars, withdrawals are untaxed, and cash starts at $0.';

/** The card's id, for the links that lead to it (the Overview's lessons). */
export const ASSUMPTIONS_CARD_ID = 'plan-assumptions';

/** Another screen asks the card to open its form at one field; `at` tells a repeated ask apart. */
export interface EditRequest {
  readonly field: FocusField;
  readonly at: number;
}

function shown(info: AssumptionInfo, value: unknown): string {
  if (value === null || value === undefined) return 'Not set';
  if (info.kind === 'boolean') return value === true ? 'Yes' : 'No';
  if (info.kind === 'choice') return info.choices?.find((choice) => choice.value === value)?.label ?? String(value);
  if (info.kind === 'monthly') return `${formatUsd(value)} a month`;
  if (info.kind === 'yearly') return `${formatUsd(value)} a year`;
  if (info.kind === 'share') return `${formatPercent(value)} ${info.per ?? ''}`.trim();
  return info.kind === 'money' ? formatUsd(value) : `${formatPercent(value)} a year`;
}

/** The user's taxable (brokerage) accounts: the ones the surplus may go to. */
export const taxableAccounts = (accounts: readonly Account[]) => accounts.filter((account) => account.account_type === 'taxable');

/**
 * "Your list and other spending come to $4,210 a month today.", saying so when expenses that end
 * before retirement are left out.
 */
export function listHint(record: Assumptions | null, expenses: readonly Record<string, unknown>[], retirementDate: unknown): string {
  const { total, leftOut } = listedSpending(expenses, retirementDate, record?.other_spending);
  const amount = formatCentsUsd(total).replace(/\.00$/, '');
  const withOther = record?.other_spending !== null && record?.other_spending !== undefined && record.other_spending !== 0;
  const ended = leftOut === 0 ? '' : leftOut === 1 ? ' (1 expense that ends before you retire left out)' : ` (${leftOut} expenses that end before you retire left out)`;
  return `${withOther ? 'Your list and other spending come to' : 'Your list comes to'} ${amount} a month today${ended}.`;
}

interface RowProps {
  info: AssumptionInfo;
  record: Assumptions | null;
  measured: MeasuredSpending | null;
  hint?: string | undefined;
  /** More said under the row (the filing status's limits). */
  children?: ReactNode;
  onUse(value: number | boolean | string): void;
}

function AssumptionRow({ info, record, measured, hint, children, onUse }: RowProps) {
  const value = record?.[info.field];
  const recommended = recommendationFor(info, value, measured, record);
  return (
    <RowFrame label={info.label} testId={`assumption-${info.field}`} value={shown(info, value)} changes={info.changes} wraps={info.kind === 'choice'}>
      {hint && (
        <Text size="sm" data-testid={`hint-${info.field}`}>
          {hint}
        </Text>
      )}
      {children}
      {recommended.value === null && recommended.source !== null && (
        <Text size="sm" data-testid={`no-recommendation-${info.field}`}>
          {recommended.source}
        </Text>
      )}
      {recommended.value !== null && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ flex: 1 }}>
            Recommended: <b>{shown(info, recommended.value)}</b>. {recommended.source}
          </Text>
          {value === recommended.value ? (
            <Badge variant="light" color="teal" tt="none">
              In use
            </Badge>
          ) : (
            <Button size="compact-sm" variant="light" onClick={() => onUse(recommended.value as number | boolean | string)} aria-label={`Use the recommended ${info.label.toLowerCase()}`}>
              Use
            </Button>
          )}
        </Group>
      )}
    </RowFrame>
  );
}

/** A value that holds a name the user typed, or a choice in words, may wrap (long on a phone); a figure never does. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const MAY_WRAP = { maxWidth: '60%', overflowWrap: 'anywhere' } as const;

function RowFrame({ label, testId, value, changes, wraps = false, children }: { label: string; testId: string; value: string; changes: string; wraps?: boolean; children?: ReactNode }) {
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600}>{label}</Text>
        <Text fw={600} ta="right" style={wraps ? MAY_WRAP : NO_WRAP} data-testid={testId}>
          {value}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {changes}
      </Text>
      {children}
    </Stack>
  );
}

/** The surplus pair as one row: "100% to Brokerage", or how to get an account to name. */
function SurplusRow({ record, taxable }: { record: Assumptions | null; taxable: readonly Account[] }) {
  const id = record?.surplus_account_id ?? null;
  const account = id === null ? null : taxable.find((a) => a.id === id);
  const share = record?.surplus_share ?? 100;
  const value = id === null ? 'Not set' : account ? `${formatPercent(share)} to ${account.name}` : `${formatPercent(share)} to an account that is not taxable`;
  return (
    <RowFrame label={SURPLUS_ACCOUNT_LABEL} testId="assumption-surplus_account_id" value={value} changes={SURPLUS_CHANGES} wraps>
      {taxable.length === 0 && (
        <Text size="sm" data-testid="no-taxable-account">
          {NO_TAXABLE_ACCOUNT}
        </Text>
      )}
    </RowFrame>
  );
}

/**
 * The card. `learned` is the plan's lessons when the screen has them (the Overview's projection);
 * without it the card works them out itself. `request` opens the form at a field.
 */
export function AssumptionsCard({ learned, request = null }: { learned?: Learned; request?: EditRequest | null }) {
  // Check-ins are part of the subscription: without one there is nothing to learn from.
  const { subscribed } = useSession();
  if (learned !== undefined || !subscribed) return <AssumptionsCardView measured={learned?.spending ?? null} request={request} />;
  return <SelfTaught request={request} />;
}

function SelfTaught({ request }: { request: EditRequest | null }) {
  const learned = useLearned();
  return <AssumptionsCardView measured={learned.spending} request={request} />;
}

function AssumptionsCardView({ measured, request }: { measured: MeasuredSpending | null; request: EditRequest | null }) {
  const layer = useDataLayer();
  const { record, pending } = useSingle('assumptions');
  const accounts = useCollection('retirementAccounts');
  const expenses = useCollection('monthlyExpenses');
  const plan = useSingle('retirementPlan');
  const [editing, setEditing] = useState<FocusField | true | false>(false);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request === null) return;
    setEditing(request.field);
    // jsdom has no scrolling; a browser brings the card into view behind the form.
    cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [request]);
  const taxable = taxableAccounts(accounts.rows);
  const hint = listHint(record, expenses.rows, plan.record?.retirement_date);
  const save = async (fields: Partial<Record<AssumptionField, number | boolean | string>>) => {
    const result = await layer.mutations.saveSingle('assumptions', fields);
    if (result.status === 'failed') await notifyError('Saving the assumptions failed', result.message);
  };
  const row = (info: AssumptionInfo) => (
    <AssumptionRow
      key={info.field}
      info={info}
      record={record}
      measured={measured}
      hint={info.field === 'retirement_spending' ? hint : taxNote(info.field, record?.filing_status)}
      onUse={(value) => void save({ [info.field]: value })}
    >
      {info.field === 'filing_status' && (
        <Text size="sm" data-testid="tax-limits">
          {TAX_LIMITS}
        </Text>
      )}
    </AssumptionRow>
  );
  return (
    <Card withBorder padding="lg" aria-labelledby="plan-assumptions-title" id={ASSUMPTIONS_CARD_ID} ref={cardRef}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap={0}>
            <Title order={3} size="h4" id="plan-assumptions-title">
              Plan assumptions
            </Title>
            <PendingMark pending={pending} />
          </Group>
          <Group gap="xs">
            <Button onClick={() => void save(recommendedValues(record, measured))}>Use recommended</Button>
            <Button variant="outline" onClick={() => setEditing(true)} aria-label="Edit plan assumptions">
              Edit
            </Button>
          </Group>
        </Group>
        {!record && <Text data-testid="nominal-notice">{NOMINAL_NOTICE}</Text>}
        {ASSUMPTIONS.map(row)}
        <Title order={4} size="h5" mt="xs">
          Where the money goes
        </Title>
        {MONEY_GOES.map(row)}
        <SurplusRow record={record} taxable={taxable} />
        <Title order={4} size="h5" mt="xs">
          {TAXES_HEADING}
        </Title>
        {TAXES.map(row)}
        <Title order={4} size="h5" mt="xs">
          {RISK_HEADING}
        </Title>
        {RISK.map(row)}
      </Stack>
      {editing !== false && (
        <AssumptionsForm record={record} taxable={taxable} listHint={hint} focus={editing === true ? null : editing} onClose={() => setEditing(false)} />
      )}
    </Card>
  );
}
