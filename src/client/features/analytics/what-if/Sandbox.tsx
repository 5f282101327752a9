/**
 * The what-if sandbox (docs/projection-rules.md#what-if): sliders over the saved plan — extra debt
 * payment, retirement date, monthly savings, expected return, inflation and spending. Every change
 * recomputes the whole plan in the risk worker (engine applyWhatIf + planOutcome) and shows it
 * beside the saved plan; "Apply to my plan" writes the changed records through the outbox, so it
 * works offline. Nothing is saved until Apply.
 */
import { Alert, Box, Button, Card, Group, List, Modal, SimpleGrid, Slider, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { monthOfDate, type MonthKey } from '../../../../engine/months.ts';
import { centsToDollars, cents } from '../../../../engine/money.ts';
import { ageIn } from '../../../../engine/timeline.ts';
import { applyWhatIf, whatIfErrors, type PlanOutcome, type WhatIfChanges } from '../../../../engine/what-if.ts';
import { netWorthLines } from './figures.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { notifyError } from '../../../ui/notify.ts';
import { formatCentsUsd } from '../../../ui/money.ts';
import { compactUsd, monthWithAge, wholeUsd } from '../../../model/plan-format.ts';
import type { PlanInputState } from '../../../model/use-projection.ts';
import { NET_WORTH_MEANS } from '../../../model/net-worth.ts';
import { planWrites } from './apply-plan.ts';
import type { RiskAnswers, RiskRequest } from './protocol.ts';
import { LineSketch, type SketchSeries } from '../../../ui/LineSketch.tsx';
import { RunStatus } from './RunStatus.tsx';
import { assumedReturn } from '../../../../engine/next-dollar.ts';
import { useRisk } from './use-risk.ts';

type ReadyPlan = Extract<PlanInputState, { kind: 'ready' }>;

/** The saved retirement date moved by whole years, kept a date: '2051-01-01' + 2 → '2053-01-01'. */
const shiftYears = (date: string, years: number): string => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;


/** The figure lines of the comparison, each as the engine answered it. */
function figureRows(outcome: PlanOutcome, birthYear: number | null) {
  return {
    debtFree: outcome.debtFreeMonth ?? (outcome.debtFree.month === null && outcome.interestPaid === 0 ? 'No debts' : 'Not on this plan'),
    lasts: outcome.moneyLasts.lasts === null ? 'No retirement plan' : outcome.runsOut !== null ? `Runs short ${monthWithAge(outcome.runsOut, birthYear)}` : outcome.moneyLastsAge !== null ? `Lasts past age ${outcome.moneyLastsAge}` : 'Lasts through the plan',
    interest: wholeUsd(outcome.interestPaid),
  };
}

/** Both net-worth paths (each December and the last month, as the worker sends them) in dollars for the chart. */
function chartData(saved: PlanOutcome, changed: PlanOutcome) {
  const byMonth = new Map<MonthKey, { x: MonthKey; saved?: number; whatIf?: number }>();
  const keep = (points: PlanOutcome['netWorth'], key: 'saved' | 'whatIf') =>
    points.forEach((p) => {
      const entry = byMonth.get(p.month) ?? { x: p.month };
      entry[key] = centsToDollars(p.cents);
      byMonth.set(p.month, entry);
    });
  keep(saved.netWorth, 'saved');
  keep(changed.netWorth, 'whatIf');
  return [...byMonth.values()].sort((a, b) => (a.x < b.x ? -1 : 1));
}

/** Whether any slider is off the saved plan (an inflation of 0 is a change from a saved rate). */
const isTouched = (changes: WhatIfChanges): boolean => Object.values(changes).some((v) => v !== null && v !== undefined && v !== 0) || changes.inflationRate === 0;

const dollarsLabel = (v: number) => `$${v}`;
const percentLabel = (v: number) => `${v}%`;
const yearsLabel = (v: number) => (v === 0 ? 'as planned' : `${v > 0 ? '+' : ''}${v} y`);
const changeLabel = (v: number) => `${v > 0 ? '+' : ''}${v}%`;
const toCents = (v: number) => cents(Math.round(v * 100));

export function Sandbox({ plan }: { plan: ReadyPlan }) {
  const { input, birthYear, records } = plan;
  const layer = useDataLayer();
  const [changes, setChanges] = useState<WhatIfChanges>({});
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  const savedDate = input.retirementPlan?.retirementDate ?? null;
  // The plan's typical return (engine assumedReturn), placed on the slider's quarter-point steps.
  const typicalReturn = assumedReturn(input) ?? 0;
  const savedReturn = Math.round(typicalReturn * 4) / 4;
  const savedInflation = input.assumptions?.inflationRate ?? 0;

  // One stable setter per slider, so moving one re-renders that slider alone (SliderControl is memoised).
  const setters = useMemo(() => {
    const set = (patch: WhatIfChanges) => setChanges((previous) => ({ ...previous, ...patch }));
    return {
      extraDebtPayment: (v: number) => set({ extraDebtPayment: toCents(v) }),
      retirement: (v: number) => set({ retirementDate: v === 0 || savedDate === null ? null : shiftYears(savedDate, v) }),
      monthlySavings: (v: number) => set({ monthlySavings: toCents(v) }),
      expectedReturn: (v: number) => set({ expectedReturn: v }),
      inflationRate: (v: number) => set({ inflationRate: v === savedInflation ? null : v }),
      spendingChange: (v: number) => set({ spendingChange: v === 0 ? null : v }),
    };
  }, [savedDate, savedInflation]);

  // The key press renders the slider alone; the question, its hash and the records to write
  // follow in a deferred render React can interrupt, so the thumb never waits for them.
  const asked = useDeferredValue(changes);
  const askedTouched = isTouched(asked);
  // Asked at once: the worker answers in milliseconds, and the answer renders in a transition
  // (use-risk.ts). Only the saved plan's answer is cached, for a reload to show at once.
  const request = useMemo((): RiskRequest => ({ kind: 'whatIf', input, changes: asked, birthYear }), [input, asked, birthYear]);
  const run = useRisk(request, { cache: !askedTouched });
  const answer = run.answer && 'changed' in run.answer ? run.answer : null;

  const hasDebts = input.debts.some((d) => d.remainingAmount > 0);
  const shift = savedDate && changes.retirementDate ? Number(changes.retirementDate.slice(0, 4)) - Number(savedDate.slice(0, 4)) : 0;
  const retireMonth = savedDate ? monthOfDate(changes.retirementDate ?? savedDate) : null;
  const touched = isTouched(changes);

  const names = useMemo(
    () => ({ incomes: new Map(records.incomes.map((r) => [r.id, String(r.name ?? 'Income')])), expenses: new Map(records.monthlyExpenses.map((r) => [r.id, String(r.name ?? 'Monthly expense')])) }),
    [records],
  );
  // The changed records are the changed plan's input: applyWhatIf is a copy with edits, cheap on this thread.
  const writes = useMemo(() => (Object.keys(whatIfErrors(asked)).length === 0 ? planWrites(input, applyWhatIf(input, asked), names) : []), [asked, input, names]);

  const apply = async () => {
    setApplying(true);
    try {
      for (const { write, text } of writes) {
        const result = write.op === 'saveSingle' ? await layer.mutations.saveSingle(write.name, write.fields) : await layer.mutations.update(write.collection, write.id, write.fields);
        if (result.status === 'failed') {
          await notifyError(`Applying "${text}" failed`, result.message);
          return;
        }
      }
      setChanges({});
      setConfirming(false);
    } finally {
      setApplying(false);
    }
  };

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }} data-testid="what-if-sandbox">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Try a what-if
          </Title>
          <Text size="sm" c="dimmed">
            Move a slider to see your whole plan recalculated beside the one you saved. Nothing changes until you press Apply. Net worth is in today&apos;s dollars. {NET_WORTH_MEANS}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          {hasDebts && (
            <SliderControl label="Extra debt payment" text={`${formatCentsUsd(cents(changes.extraDebtPayment ?? 0))} a month`} thumbLabel="Extra debt payment" min={0} max={2000} step={25} value={centsToDollars(changes.extraDebtPayment ?? cents(0))} onValue={setters.extraDebtPayment} format={dollarsLabel} />
          )}
          {savedDate && retireMonth && (
            <SliderControl
              label="Retirement"
              text={`${retireMonth}${birthYear === null ? '' : ` (age ${ageIn(retireMonth, birthYear)})`}${shift === 0 ? '' : `, ${Math.abs(shift)} year${Math.abs(shift) === 1 ? '' : 's'} ${shift > 0 ? 'later' : 'earlier'}`}`}
              thumbLabel="Years earlier or later"
              min={-10}
              max={10}
              step={1}
              value={shift}
              onValue={setters.retirement}
              format={yearsLabel}
            />
          )}
          {input.retirementAccounts.length > 0 && (
            <SliderControl label="Extra monthly savings" text={`${formatCentsUsd(cents(changes.monthlySavings ?? 0))} a month`} thumbLabel="Extra monthly savings" min={0} max={2000} step={25} value={centsToDollars(changes.monthlySavings ?? cents(0))} onValue={setters.monthlySavings} format={dollarsLabel} />
          )}
          {input.retirementAccounts.length > 0 && (
            <SliderControl
              label="Expected return"
              text={changes.expectedReturn == null ? `as planned (${typicalReturn}% a year on average)` : `${changes.expectedReturn}% a year, every account`}
              thumbLabel="Expected return"
              min={0}
              max={12}
              step={0.25}
              value={changes.expectedReturn ?? savedReturn}
              onValue={setters.expectedReturn}
              format={percentLabel}
            />
          )}
          <SliderControl label="Inflation" text={`${changes.inflationRate ?? savedInflation}% a year${changes.inflationRate == null ? ' (as planned)' : ''}`} thumbLabel="Inflation" min={0} max={8} step={0.25} value={changes.inflationRate ?? savedInflation} onValue={setters.inflationRate} format={percentLabel} />
          {input.monthlyExpenses.length > 0 && (
            <SliderControl label="Monthly spending" text={changes.spendingChange ? changeLabel(changes.spendingChange) : 'as planned'} thumbLabel="Monthly spending change" min={-50} max={50} step={5} value={changes.spendingChange ?? 0} onValue={setters.spendingChange} format={changeLabel} />
          )}
        </SimpleGrid>
        {/* What-if runs take milliseconds: only a failure is worth a line here. */}
        {run.error && <RunStatus run={run} unit="plans" />}
        {answer && (
          <Box style={{ opacity: run.stale ? 0.6 : 1 }}>
            <Results answer={answer} birthYear={birthYear} />
          </Box>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={() => setChanges({})} disabled={!touched}>
            Reset
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={writes.length === 0}>
            Apply to my plan
          </Button>
        </Group>
      </Stack>
      {/* Mounted only while open: a closed modal would still render on every slider step. */}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title="Apply this what-if to your plan?">
          <Stack gap="sm">
            <Text size="sm">These records change (offline they are saved on this device and sent when you reconnect):</Text>
            <List size="sm" spacing={4} data-testid="apply-list">
              {writes.map(({ text }) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
            {writes.length === 0 && <Alert color="gray">Nothing to change.</Alert>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button onClick={() => void apply()} loading={applying}>
                Apply
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}

type WhatIfAnswer = RiskAnswers['whatIf'];

/** The comparison of one answer: redrawn only when a new answer arrives. */
const Results = memo(function Results({ answer, birthYear }: { answer: WhatIfAnswer; birthYear: number | null }) {
  const saved = figureRows(answer.saved, birthYear);
  const changed = figureRows(answer.changed, birthYear);
  const netWorth = netWorthLines(answer.saved, answer.changed);
  const data = useMemo(() => chartData(answer.saved, answer.changed), [answer]);
  return (
    <Stack gap="sm">
      <FiguresTable saved={saved} changed={changed} netWorth={netWorth} />
      {answer.notes.length > 0 && (
        <List size="sm" spacing={4}>
          {answer.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
      <LineSketch
        data={data}
        series={SERIES}
        formatValue={compactUsd}
        formatX={yearLabel}
        label={`Net worth, saved plan and what-if, in today's dollars: ${netWorth.map((line) => `${line.label.toLowerCase()} ${line.saved} against ${line.changed}`).join('; ')}.`}
        testId="what-if-chart"
      />
    </Stack>
  );
});

interface SliderControlProps {
  readonly label: string;
  /** The value in words, beside the label. */
  readonly text: string;
  readonly thumbLabel: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly value: number;
  readonly onValue: (value: number) => void;
  readonly format: (value: number) => string;
}

const SliderControl = memo(function SliderControl({ label, text, thumbLabel, min, max, step, value, onValue, format }: SliderControlProps) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" ta="right">
          {text}
        </Text>
      </Group>
      <Slider thumbLabel={thumbLabel} min={min} max={max} step={step} value={value} onChange={onValue} label={format} />
    </Stack>
  );
});

const SERIES: readonly SketchSeries[] = [
  { key: 'saved', label: 'Saved plan', color: 'gray.6', dashed: true },
  { key: 'whatIf', label: 'What if', color: 'teal.6' },
];
const yearLabel = (month: string) => month.slice(0, 4);

type Figures = ReturnType<typeof figureRows>;

const FiguresTable = memo(function FiguresTable({ saved, changed, netWorth }: { saved: Figures; changed: Figures; netWorth: ReturnType<typeof netWorthLines> }) {
  return (
    <Table aria-label="Saved plan and what-if" withTableBorder verticalSpacing={6} data-testid="what-if-figures">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <VisuallyHidden>Figure</VisuallyHidden>
          </Table.Th>
          <Table.Th ta="right">Saved plan</Table.Th>
          <Table.Th ta="right">What if</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {netWorth.map((line) => (
          <Row key={line.testId} label={line.label} saved={line.saved} changed={line.changed} testId={line.testId} />
        ))}
        <Row label="Debt-free" saved={saved.debtFree} changed={changed.debtFree} testId="debt-free" />
        <Row label="Money lasts" saved={saved.lasts} changed={changed.lasts} testId="money-lasts" />
        <Row label="Interest paid on debts" saved={saved.interest} changed={changed.interest} testId="interest" />
      </Table.Tbody>
    </Table>
  );
});

function Row({ label, saved, changed, testId }: { label: string; saved: string; changed: string; testId: string }) {
  return (
    <Table.Tr data-testid={`what-if-${testId}`}>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      <Table.Td ta="right">{saved}</Table.Td>
      <Table.Td ta="right" fw={saved === changed ? undefined : 600}>
        {changed}
      </Table.Td>
    </Table.Tr>
  );
}
