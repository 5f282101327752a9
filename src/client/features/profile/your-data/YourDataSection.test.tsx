// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../../data/api.ts';
import { makeLayer, type SetupOptions } from '../../../test-support/render.testing.tsx';
import { renderRoutes } from '../../../test-support/routes.testing.tsx';
import { ACCOUNT_DELETED, DELETE_NEEDS_CONNECTION, IMPORT_NEEDS_CONNECTION } from './data-calls.ts';
import { NOT_JSON } from './import-file.ts';
import { YourDataSection } from './YourDataSection.tsx';

/** 2026-03-10, local noon: the files are named for this day. */
const NOW = new Date(2026, 2, 10, 12);

const VISA = { id: 7, name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 48, due_day: 5 };
const RENT = { id: 3, housing_type: 'Rent', total_monthly_payment: 1450 };

/** Every download the section starts: its file name, MIME type and bytes. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:runway-test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
});
afterEach(() => vi.restoreAllMocks());

const savedText = async (index = 0) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[index]!.blob.arrayBuffer());

/** A valid export file of one debt with an actual, and a housing record. */
function exportFile(overrides: Record<string, unknown> = {}) {
  return {
    format: 'runway-export',
    version: 1,
    exported_at: '2026-03-01T09:00:00.000Z',
    user: { email: 'old@example.com', birth_year: 1980 },
    incomes: [],
    debts: [{ ...VISA, id: 41 }, { ...VISA, id: 42, name: 'Amex' }],
    monthly_expenses: [],
    other_expenses: [],
    retirement_accounts: [],
    baselines: [],
    housing: RENT,
    debt_plan: null,
    retirement_plan: null,
    assumptions: null,
    actuals: { income_months: [], debt_months: [{ debt_id: 41, month: '2026-02', input_remaining_balance: 3000 }], retirement_months: [] },
    ...overrides,
  };
}

const IMPORTED: ApiResult = {
  ok: true,
  status: 200,
  data: { import: { mode: 'replace', created: { debts: 2, housing: 1, debt_months: 1 }, deleted: { debts: 1, housing: 1 } } },
};

function setup(options: SetupOptions = {}) {
  const made = makeLayer({ now: NOW, records: { '/api/v1/debts': [VISA] }, singles: { '/api/v1/housing': RENT }, ...options });
  const routed = renderRoutes('/profile', { '/profile': YourDataSection }, { now: NOW, made });
  return { ...routed, setOnline: made.setOnline };
}

async function chooseFile(content: string, name = 'runway-export-2026-03-01.json') {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'application/json' })] } });
}

const importButton = () => screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
const importsSent = (requests: readonly ApiRequest[]) => requests.filter((r) => r.path === '/api/v1/import');

describe('Export (JSON)', () => {
  it("online: saves the server's document, as the server wrote it, under its own file name", async () => {
    const document = exportFile({ exported_at: '2026-03-10T11:00:00.000Z' });
    const { layer, server } = setup({ intercept: (r) => (r.path === '/api/v1/export' ? { ok: true, status: 200, data: document } : undefined) });
    await layer.ready;
    fireEvent.click(screen.getByRole('button', { name: 'Export (JSON)' }));
    expect((await screen.findByTestId('export-outcome')).textContent).toBe('Saved runway-export-2026-03-10.json, from the server.');
    expect(saved.map((s) => [s.name, s.blob.type])).toEqual([['runway-export-2026-03-10.json', 'application/json;charset=utf-8']]);
    expect(await savedText()).toBe(JSON.stringify(document));
    expect(server.seen()).toContain('GET /api/v1/export');
  });

  it("offline: makes the same document from this device's copy, and says it has no actual balances without a subscription", async () => {
    const { layer, server, setOnline } = setup();
    await layer.ready;
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Export (JSON)' }));
    expect((await screen.findByTestId('export-outcome')).textContent).toBe(
      "Saved runway-export-2026-03-10.json, from this device's copy (offline). It has no actual balances: this device keeps them only with a subscription.",
    );
    const file = JSON.parse(await savedText()) as Record<string, unknown>;
    expect(file.exported_at).toBe(NOW.toISOString());
    expect(file.user).toEqual({ email: 'ann@example.com', birth_year: 1985 });
    expect(file.debts).toEqual([{ ...VISA, created_at: null, updated_at: null }]);
    expect(file.housing).toMatchObject(RENT);
    expect(server.seen()).not.toContain('GET /api/v1/export');
  });

  it('falls back to the device when the server cannot be reached, and shows a refusal as it is', async () => {
    let answer: ApiResult = { ok: false, kind: 'network', message: 'Failed to fetch' };
    const { layer } = setup({ intercept: (r) => (r.path === '/api/v1/export' ? answer : undefined) });
    await layer.ready;
    fireEvent.click(screen.getByRole('button', { name: 'Export (JSON)' }));
    expect((await screen.findByTestId('export-outcome')).textContent).toContain("from this device's copy (offline)");
    answer = { ok: false, kind: 'http', status: 503, message: 'Down for maintenance', errors: null };
    fireEvent.click(screen.getByRole('button', { name: 'Export (JSON)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Down for maintenance');
    expect(saved).toHaveLength(1);
  });
});

describe('CSV downloads', () => {
  it('offers every table in one menu, month tables only when this device holds them, and saves the chosen one', async () => {
    const { layer } = setup();
    await layer.ready;
    const select = screen.getByLabelText('Spreadsheet (CSV)') as HTMLSelectElement;
    const options = [...select.querySelectorAll('option')].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['Income sources', false],
      ['Debts', false],
      ['Monthly expenses', false],
      ['One-time expenses', false],
      ['Retirement accounts', false],
      ['Saved baselines', false],
      ['Income Future (with a subscription)', true],
      ['Debt Progress (with a subscription)', true],
      ['Retirement Contributions (with a subscription)', true],
      ['Retirement Living (with a subscription)', true],
    ]);
    fireEvent.change(select, { target: { value: 'debts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await screen.findByText('Saved runway-debts-2026-03-10.csv.');
    expect(saved[0]?.blob.type).toBe('text/csv;charset=utf-8');
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await savedText()).toBe(
      '\uFEFFDebt Name,Creditor,Balance,Minimum Payment,Interest Rate,Due Day,Original Amount,Original Term (months)\r\nVisa,Chase,3200.55,150.00,19.99,5,5000.00,48\r\n',
    );
  });
});

describe('Import', () => {
  it('checks the file on the device: one that is not JSON, or has a bad record, says why and is never sent', async () => {
    const { layer, server } = setup();
    await layer.ready;
    await chooseFile('{"format": ');
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_JSON);
    expect(importButton().disabled).toBe(true);

    const bad = exportFile({ debts: [{ ...VISA, id: 41 }, { ...VISA, id: 42, apr: 140, due_day: 40 }] });
    await chooseFile(JSON.stringify(bad));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('debts[1].apr: Please enter a valid APR between 0 and 100', { selector: 'p' });
    expect(within(screen.getByTestId('import-errors')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'debts[1].apr: Please enter a valid APR between 0 and 100',
      'debts[1].due_day: Please enter a valid day between 1 and 31',
    ]);
    expect(importButton().disabled).toBe(true);
    expect(importsSent(server.transport.requests)).toEqual([]);
  });

  it('replace: the confirmation names what the account holds and what the file holds, then sends once with one key', async () => {
    const { layer, server } = setup({ intercept: (r) => (r.path === '/api/v1/import' ? IMPORTED : undefined) });
    await layer.ready;
    const file = exportFile();
    await chooseFile(JSON.stringify(file));
    expect((await screen.findByTestId('import-file-holds')).textContent).toBe('The file holds: Debts 2, Housing 1, Actual balances (check-ins) 1.');
    fireEvent.click(importButton());

    const dialog = await screen.findByRole('dialog', { name: 'Replace your data?' });
    const rows = within(within(dialog).getByRole('table', { name: 'What is replaced' })).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Kind', 'Now', 'In file'],
      ['Debts', '1', '2'],
      ['Housing', '1', '1'],
      ['Actual balances (check-ins)', '—', '1'],
    ]);
    expect(importsSent(server.transport.requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace my data' }));

    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toBe('Imported runway-export-2026-03-01.jsonAdded: Debts 2, Housing 1, Actual balances (check-ins) 1.Replaced: Debts 1, Housing 1.');
    const [sent] = importsSent(server.transport.requests);
    expect(sent).toMatchObject({ method: 'POST', body: { mode: 'replace', document: file } });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // The same file and mode again (an answer lost, a second click): the same key, so the server applies it once.
    fireEvent.click(importButton());
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Replace your data?' })).getByRole('button', { name: 'Replace my data' }));
    await waitFor(() => expect(importsSent(server.transport.requests)).toHaveLength(2));
    expect(importsSent(server.transport.requests)[1]?.idempotencyKey).toBe(sent?.idempotencyKey);
  });

  it('merge: a file of records the account does not hold is sent at once, without a confirmation; without a live channel the device pulls the result', async () => {
    const { layer, server } = setup({ intercept: (r) => (r.path === '/api/v1/import' ? { ...IMPORTED, data: { import: { mode: 'merge', created: { debts: 2 }, deleted: {} } } } as ApiResult : undefined) });
    await layer.ready;
    // Neither debt is the account's Visa (its balance differs).
    await chooseFile(JSON.stringify(exportFile({ debts: [{ ...VISA, id: 41, remaining_amount: 3100 }, { ...VISA, id: 42, name: 'Amex' }] })));
    await screen.findByTestId('import-file-holds');
    fireEvent.click(screen.getByRole('radio', { name: /Add to my data/ }));
    const pulls = () => server.seen().filter((call) => call === 'GET /api/v1/debts').length;
    const before = pulls();
    fireEvent.click(importButton());
    expect((await screen.findByTestId('import-result')).textContent).toBe('Imported runway-export-2026-03-01.jsonAdded: Debts 2.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(importsSent(server.transport.requests).map((r) => (r.body as { mode: string }).mode)).toEqual(['merge']);
    await waitFor(() => expect(pulls()).toBe(before + 1));
  });

  it('merge: counts the records that look the same as the account\'s before anything is written, and skips them when asked', async () => {
    const { layer, server } = setup({ intercept: (r) => (r.path === '/api/v1/import' ? { ...IMPORTED, data: { import: { mode: 'merge', created: { debts: 1 }, deleted: {} } } } as ApiResult : undefined) });
    await layer.ready;
    // The file's Visa (41) has every field of the account's Visa (7); Amex (42) is new.
    await chooseFile(JSON.stringify(exportFile()));
    await screen.findByTestId('import-file-holds');
    fireEvent.click(screen.getByRole('radio', { name: /Add to my data/ }));
    fireEvent.click(importButton());
    const dialog = await screen.findByRole('dialog', { name: 'Some records are already here' });
    expect(within(dialog).getByTestId('merge-look-alikes').textContent).toBe(
      '1 of the records in runway-export-2026-03-01.json look the same as ones you already have (same kind, same fields): Debts 1. Adding them would list each twice.',
    );
    expect(importsSent(server.transport.requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip the ones already here' }));
    await screen.findByTestId('import-result');
    const [sent] = importsSent(server.transport.requests);
    const document = (sent?.body as { document: { debts: { id: number }[]; actuals: { debt_months: unknown[] } } }).document;
    // Only Amex goes, and the Visa's actual with its Visa.
    expect(document.debts.map((debt) => debt.id)).toEqual([42]);
    expect(document.actuals.debt_months).toEqual([]);
  });

  it('merge: adds them all when asked, the file as chosen', async () => {
    const { layer, server } = setup({ intercept: (r) => (r.path === '/api/v1/import' ? { ...IMPORTED, data: { import: { mode: 'merge', created: { debts: 2 }, deleted: {} } } } as ApiResult : undefined) });
    await layer.ready;
    await chooseFile(JSON.stringify(exportFile()));
    await screen.findByTestId('import-file-holds');
    fireEvent.click(screen.getByRole('radio', { name: /Add to my data/ }));
    fireEvent.click(importButton());
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Some records are already here' })).getByRole('button', { name: 'Add them all' }));
    await screen.findByTestId('import-result');
    expect((importsSent(server.transport.requests)[0]?.body as { document: { debts: unknown[] } }).document.debts).toHaveLength(2);
  });

  it("shows the server's 422: its message and each error at its place in the file; nothing else changes", async () => {
    const refusal: ApiResult = {
      ok: false,
      kind: 'http',
      status: 422,
      message: 'debts[0].monthly_payment: Monthly payment is not high enough to cover interest due',
      errors: { 'debts[0].monthly_payment': ['Monthly payment is not high enough to cover interest due'], 'housing.total_monthly_payment': ['Total monthly payment is required'] },
    };
    const { layer } = setup({ intercept: (r) => (r.path === '/api/v1/import' ? refusal : undefined) });
    await layer.ready;
    await chooseFile(JSON.stringify(exportFile()));
    await screen.findByTestId('import-file-holds');
    fireEvent.click(importButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace my data' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Nothing was imported');
    within(alert).getByText('debts[0].monthly_payment: Monthly payment is not high enough to cover interest due', { selector: 'p' });
    expect(within(screen.getByTestId('import-errors')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'debts[0].monthly_payment: Monthly payment is not high enough to cover interest due',
      'housing.total_monthly_payment: Total monthly payment is required',
    ]);
    expect(await layer.db.debts.toArray()).toEqual([VISA]);
  });

  it('offline: the button says it needs a connection', async () => {
    const { layer, setOnline } = setup();
    await layer.ready;
    await chooseFile(JSON.stringify(exportFile()));
    await screen.findByTestId('import-file-holds');
    setOnline(false);
    expect((await screen.findByTestId('import-offline')).textContent).toBe(IMPORT_NEEDS_CONNECTION);
    expect(importButton().disabled).toBe(true);
  });
});

describe('Delete my account', () => {
  const deleteCalls = (requests: readonly ApiRequest[]) => requests.filter((r) => r.method === 'DELETE' && r.path === '/users');

  async function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }

  it('says what is erased, asks for the password, and shows a wrong one under its field', async () => {
    const wrong: ApiResult = { ok: false, kind: 'http', status: 422, message: 'Current password is incorrect', errors: { current_password: ['Current password is incorrect'] } };
    const { layer, server } = setup({ intercept: (r) => (r.method === 'DELETE' && r.path === '/users' ? wrong : undefined) });
    await layer.ready;
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('This erases the Runway account ann@example.com and everything in it:');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'every record: income, housing, debts, expenses, retirement accounts, your plans, assumptions and saved baselines;',
      'every actual balance and check-in;',
      'your subscription, if you have one: it is cancelled and never charged again;',
      'your sign-in on every device, and the copy of your data on this one.',
    ]);
    within(dialog).getByText('This cannot be undone.');
    within(dialog).getByRole('button', { name: 'Export my data first' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Current password is required');
    expect(deleteCalls(server.transport.requests)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Current Password/), { target: { value: 'not it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Current password is incorrect');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(deleteCalls(server.transport.requests)).toEqual([{ method: 'DELETE', path: '/users', body: { user: { current_password: 'not it' } } }]);
    expect(layer.getSession().isAuthenticated).toBe(true);
  });

  it('on 204 forgets everything on this device as a sign-out does, queued edits too, and goes home with a notice', async () => {
    const { layer, server, path } = setup({ intercept: (r) => (r.method === 'DELETE' && r.path === '/users' ? { ok: true, status: 204, data: null } : undefined) });
    await layer.ready;
    // An edit the server never took: queued behind a lost connection.
    server.intercept = ((inner) => (r: ApiRequest) => (r.method === 'POST' ? ({ ok: false, kind: 'network', message: 'Failed to fetch' } as ApiResult) : inner?.(r)))(server.intercept);
    await layer.mutations.create('monthlyExpenses', { name: 'Gym', amount: 40, due_day: 3 });
    expect(await layer.db.outbox.count()).toBe(1);

    const dialog = await openDialog();
    await within(dialog).findByText('1 edit on this device has not reached the server yet; it is erased too.');
    fireEvent.change(within(dialog).getByLabelText(/Current Password/), { target: { value: 'correct horse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(path()).toBe('/'));
    await screen.findByText(ACCOUNT_DELETED);
    await waitFor(() => expect(layer.getSession().isAuthenticated).toBe(false));
    // Signed out, the app fetches the feature flags again for the sign-in screen; nothing else is left.
    for (const table of layer.db.tables.filter((t) => t.name !== 'featureFlags' && t.name !== 'syncStatus')) expect(await table.count(), table.name).toBe(0);
    expect((await layer.db.syncStatus.toArray()).map((s) => s.name)).toEqual(['featureFlags']);
    expect(server.seen()).not.toContain('DELETE /users/sign_out');
  });

  it('offline: the button says it needs a connection', async () => {
    const { layer, setOnline } = setup();
    await layer.ready;
    setOnline(false);
    expect((await screen.findByTestId('delete-offline')).textContent).toBe(DELETE_NEEDS_CONNECTION);
    expect((screen.getByRole('button', { name: 'Delete my account…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
