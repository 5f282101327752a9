// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cents } from '../../../../engine/money.ts';
import { exploreRothConversions } from '../../../../engine/roth-explorer.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import type { WireRecord } from '../../../data/mirror/db.ts';
import { renderReady, writesOf } from '../../../test-support/dialog.testing.ts';
import type { SetupOptions } from '../../../test-support/render.testing.tsx';
import { usePlanInput } from '../../../model/use-projection.ts';
import { wholeUsd } from '../../../model/plan-format.ts';
import { ROTH_TABLE_LABEL, RothConversionCard } from './RothConversionCard.tsx';

// Born 1985 (the test session's profile): RMDs from 75, in 2060. Retiring 2050-01-01 for 30 years
// with $600,000 in a traditional IRA and an empty Roth IRA, nothing growing and no inflation:
// conversions run every January 2050–2059, and the step is 600,000 ÷ 10 years ÷ 20 = $3,000
// (engine roth-explorer.ts), so the amounts are $0, $3,000, …, $60,000.
const NOW = new Date(2026, 0, 15);
const ASSUMPTIONS = '/api/v1/assumptions';
const account = (id: number, name: string, type: string, balance: number) => ({
  id,
  name,
  account_type: type,
  contribution_amount: 0,
  employer_match: 0,
  employer_contribution_amount: 0,
  starting_balance: balance,
  expected_return_rate: 0,
  contribution_cycle: 'monthly',
  next_deposit_date: '2026-02-01',
});
const RECORDS = { '/api/v1/retirement_accounts': [account(1, 'Traditional IRA', 'traditional_ira', 600_000), account(2, 'Roth IRA', 'roth_ira', 0)] };
const PLAN = { id: 1, retirement_date: '2050-01-01', interest_rate: 0, social_security_income: 2000, social_security_start_date: '2052-01-01', monthly_expenses: 0, years_of_retirement: 30 };
const BRACKETS = { id: 1, filing_status: 'single', retirement_spending: 3000, cash_balance: 50_000, spend_cash_in_retirement: true, roth_conversion: 0 };
const AMOUNTS = Array.from({ length: 21 }, (_, k) => `$${(k * 3_000).toLocaleString('en-US')}`);
const COMPARES =
  "Each amount is converted every January from 2050 to 2059, the year before required minimum distributions begin, from traditional to Roth accounts, and taxed as ordinary income that year. After-tax end counts what is left in traditional accounts at the last year's tax rate; figures in today's dollars.";
const NO_FILING_STATUS = 'Conversions are compared with taxes by the brackets: choose a filing status in Plan assumptions.';

/** The inputs the card was given, latest last: the engine's answer for the same input is the expectation. */
let inputs: ProjectionInput[] = [];
beforeEach(() => {
  inputs = [];
});

/** The card as the What if tab places it: its input made from the mirror. */
function Harness() {
  const plan = usePlanInput();
  const input = plan.kind === 'ready' ? plan.input : null;
  useEffect(() => {
    if (input) inputs.push(input);
  }, [input]);
  return input ? <RothConversionCard input={input} /> : null;
}

function setup(assumptions: WireRecord | null = BRACKETS, options: SetupOptions = {}) {
  return renderReady(<Harness />, { now: NOW, records: RECORDS, singles: { '/api/v1/retirement_plan': PLAN, [ASSUMPTIONS]: assumptions }, ...options });
}

/** Each body row of the table as read: the amount, its marks, and the two figures. */
function rows() {
  return within(screen.getByRole('table', { name: ROTH_TABLE_LABEL }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const header = within(row).getByRole('rowheader');
      const [tax, end] = within(row).getAllByRole('cell').map((cell) => cell.textContent);
      return {
        amount: header.querySelector('span')?.textContent,
        best: within(header).queryByText('Best') !== null,
        yours: within(header).queryByText('Your plan') !== null,
        short: within(header).queryByText('Runs short') !== null,
        tax,
        end,
      };
    });
}

/** The row whose amount is `amount` ('$6,000'). */
const rowOf = (amount: string) => rows().find((row) => row.amount === amount);

describe('RothConversionCard', () => {
  it('shows every amount the engine compares with its lifetime tax and after-tax end, the best and the plan\'s own marked', async () => {
    await setup();
    const table = await screen.findByRole('table', { name: ROTH_TABLE_LABEL });
    expect(within(screen.getByTestId('roth-explorer')).getByRole('heading', { level: 2 }).textContent).toBe('Roth conversion explorer');
    expect(screen.getByTestId('roth-explorer-compares').textContent).toBe(COMPARES);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Conversion a year', 'Lifetime tax', 'After-tax end', 'Apply']);

    const explorer = exploreRothConversions(inputs.at(-1)!);
    if (explorer.status !== 'ready') throw new Error(`expected a comparison, got: ${explorer.reason}`);
    expect(rows().map((row) => row.amount)).toEqual(AMOUNTS);
    expect(rows()).toEqual(
      explorer.options.map((option, i) => ({
        amount: wholeUsd(option.amount),
        best: i === explorer.best,
        yours: option.amount === 0,
        short: option.runsShort,
        tax: wholeUsd(option.lifetimeTax),
        end: wholeUsd(option.afterTaxEnd),
      })),
    );
    // This plan's best is a middle amount ($6,000 a year, by the engine), and no amount runs short.
    expect(rows().filter((row) => row.best).map((row) => row.amount)).toEqual(['$6,000']);
    expect(rows().some((row) => row.short)).toBe(false);
    const best = explorer.options[explorer.best]!;
    const none = explorer.options[0]!;
    expect(screen.getByTestId('roth-explorer-best').textContent).toBe(
      `Best: converting $6,000 a year leaves ${wholeUsd(best.afterTaxEnd)} after tax at the end, ${wholeUsd(cents(best.afterTaxEnd - none.afterTaxEnd))} more than converting nothing.`,
    );
    // One Apply per amount but the plan's own ($0): the best one above the table, the rest in their rows.
    expect(screen.getByRole('button', { name: 'Apply $6,000 a year' }).textContent).toBe('Apply $6,000 a year');
    expect(within(screen.getByTestId('roth-option-3000')).getByRole('button', { name: 'Apply $3,000 a year' }).textContent).toBe('Apply');
    expect(within(screen.getByTestId('roth-option-60000')).getByRole('button', { name: 'Apply $60,000 a year' }).textContent).toBe('Apply');
    expect(screen.queryByRole('button', { name: 'Apply $0 a year' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Apply \$/ })).toHaveLength(20);
    // The table scrolls sideways on a phone, in a region that can take focus.
    expect(screen.getByRole('region', { name: `${ROTH_TABLE_LABEL}, scrollable` }).contains(table)).toBe(true);
  });

  it('applies the best amount to the plan assumptions in dollars, and marks it as the plan\'s', async () => {
    const { server } = await setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply $6,000 a year' }));
    await waitFor(() => expect(server.singles.get(ASSUMPTIONS)).toMatchObject({ roth_conversion: 6000, filing_status: 'single', cash_balance: 50_000 }));
    expect(writesOf(server)).toEqual([['PUT', ASSUMPTIONS, { assumptions: { roth_conversion: 6000 } }]]);
    await waitFor(() => expect(rowOf('$6,000')).toMatchObject({ best: true, yours: true }));
    expect(rowOf('$0')?.yours).toBe(false);
    expect(screen.queryByRole('button', { name: 'Apply $6,000 a year' })).toBeNull();
    expect(within(screen.getByTestId('roth-option-0')).getByRole('button', { name: 'Apply $0 a year' }).textContent).toBe('Apply');
    expect(screen.getByTestId('roth-explorer-best').textContent).toMatch(/Your plan already converts this amount\.$/);
    // The same amounts stay compared: the step does not depend on the plan's own amount.
    expect(rows().map((row) => row.amount)).toEqual(AMOUNTS);
  });

  it('offline, keeps a row\'s amount in the outbox and on the device, and sends it on reconnecting', async () => {
    const { server, layer, setOnline } = await setup();
    const apply = await screen.findByRole('button', { name: 'Apply $3,000 a year' });
    setOnline(false);
    fireEvent.click(apply);
    await waitFor(() => expect(rowOf('$3,000')?.yours).toBe(true));
    const queued = await layer.db.outbox.where('status').equals('pending').toArray();
    expect(queued.map((entry) => entry.mutation)).toEqual([{ kind: 'single', op: 'upsert', name: 'assumptions', fields: { roth_conversion: 3000 } }]);
    expect((await layer.db.singles.get('assumptions'))?.record).toMatchObject({ roth_conversion: 3000, filing_status: 'single' });
    expect(server.writes).toEqual([]);
    setOnline(true);
    await waitFor(() => expect(server.singles.get(ASSUMPTIONS)).toMatchObject({ roth_conversion: 3000 }));
  });

  it('without a filing status, says what the comparison needs, as a plain line', async () => {
    await setup({ ...BRACKETS, filing_status: null });
    await waitFor(() => expect(screen.getByTestId('roth-explorer-unavailable').textContent).toBe(NO_FILING_STATUS));
    expect(screen.queryByRole('table', { name: ROTH_TABLE_LABEL })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
    expect(screen.queryByTestId('risk-timing')).toBeNull();
  });

  it('without plan assumptions at all, says the same', async () => {
    await setup(null);
    await waitFor(() => expect(screen.getByTestId('roth-explorer-unavailable').textContent).toBe(NO_FILING_STATUS));
    expect(screen.queryByRole('table', { name: ROTH_TABLE_LABEL })).toBeNull();
  });

  it('marks the amounts whose money does not last', async () => {
    // $20,000 a month of spending empties $650,000 long before the plan's 30 years are over.
    await setup({ ...BRACKETS, retirement_spending: 20_000 });
    await screen.findByRole('table', { name: ROTH_TABLE_LABEL });
    expect(rows().every((row) => row.short)).toBe(true);
    expect(screen.getAllByText('Runs short')).toHaveLength(21);
    expect(screen.getByTestId('roth-explorer-best').textContent).toMatch(/Your money runs short with every amount; the best is the one that leaves the most\.$/);
  });
});
