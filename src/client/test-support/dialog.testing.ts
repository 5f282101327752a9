/**
 * The dashboard tab tests' hands on a form dialog: open it, fill it, submit it, watch it close,
 * confirm a delete, read the table and cards behind it, and hold writes back to see the
 * submitting state. Builds on render.testing.tsx; the same jsdom and fake-indexeddb setup applies.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { ApiRequest, ApiResult } from '../data/api.ts';
import type { TestServer } from '../data/test-server.testing.ts';
import { renderScreen, type Rendered, type SetupOptions } from './render.testing.tsx';

/** The open dialog (a form or a delete confirmation). */
export const dialog = () => screen.getByRole('dialog');

/** A label that starts with `text`, taken literally (parentheses and all). */
export function labelStart(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** An input of the open dialog: a string is found anywhere in its label, in any case; a RegExp as written. */
export function dialogInput(label: string | RegExp): HTMLInputElement {
  return within(dialog()).getByLabelText(label, { exact: false }) as HTMLInputElement;
}

/** Types `value` into a field of the open dialog, as a change event. */
export function fillDialog(label: string | RegExp, value: string): void {
  fireEvent.change(dialogInput(label), { target: { value } });
}

/** Fills the fields in the order written; `label` turns each key into its matcher, e.g. `labelStart`. */
export function fillDialogFields(fields: Record<string, string>, label: (text: string) => string | RegExp = (text) => text): void {
  for (const [text, value] of Object.entries(fields)) fillDialog(label(text), value);
}

/**
 * The field helpers above, each label matched by its start, taken literally. For forms where one
 * label holds another ('Contribution Amount' in 'Employer Contribution Amount').
 */
export const byLabelStart = {
  input: (label: string) => dialogInput(labelStart(label)),
  fill: (label: string, value: string) => fillDialog(labelStart(label), value),
  fillFields: (fields: Record<string, string>) => fillDialogFields(fields, labelStart),
};

/** Presses a button of the open dialog: 'Create Income', 'Update Plan', 'Delete'. */
export function submitDialog(name: string): void {
  fireEvent.click(within(dialog()).getByRole('button', { name }));
}

/** Waits for a button anywhere on the screen and presses it: 'Add Income', 'Edit Salary', 'Delete Salary'. */
export async function press(name: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name }));
}

/** Renders a tab and waits for its data layer to have loaded. */
export async function renderReady(ui: ReactNode, options: SetupOptions = {}): Promise<Rendered> {
  const rendered = renderScreen(ui, options);
  await rendered.layer.ready;
  return rendered;
}

/** Renders a tab, waits for its data, and presses the button that opens its dialog. */
export async function renderAndPress(ui: ReactNode, button: string, options: SetupOptions = {}): Promise<Rendered> {
  const rendered = await renderReady(ui, options);
  await press(button);
  return rendered;
}

/** Waits for the first text to appear, then expects each of the others to be there already. */
export async function expectTexts(first: string, ...others: string[]): Promise<void> {
  await screen.findByText(first);
  for (const text of others) screen.getByText(text);
}

/** A refused or invalid save: the message shows and the dialog stays open. */
export async function expectKeptOpen(message: string): Promise<void> {
  await screen.findByText(message);
  screen.getByRole('dialog');
}

/** Expects none of the texts on the screen, e.g. the messages a fix has cleared. */
export function expectNoTexts(...texts: string[]): void {
  for (const text of texts) expect(screen.queryByText(text)).toBeNull();
}

/** Waits for every dialog to have closed (Mantine animates it out). */
export async function dialogClosed(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Holds every write until the returned function is called, so the submitting state can be seen. */
export function holdWrites(server: TestServer): () => void {
  const send = server.transport.request.bind(server.transport);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.transport.request = async (request) => {
    if (request.method !== 'GET') await gate;
    return send(request);
  };
  return () => release();
}

/** Submits with writes held back, sees the button read `busy` ('Creating...'), and returns the release. */
export async function submitHeld(server: TestServer, name: string, busy: string): Promise<() => void> {
  const release = holdWrites(server);
  submitDialog(name);
  await within(dialog()).findByRole('button', { name: busy });
  return release;
}

/** While a save is under way, Cancel (and Escape, when asked) leave the dialog open. */
export function expectCloseBlocked({ escape = false } = {}): void {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
  if (escape) fireEvent.keyDown(dialog(), { key: 'Escape' });
  screen.getByRole('dialog');
}

/** Presses `button` (by default 'Delete <name>'), sees the confirmation name the record, and confirms. */
export async function confirmDelete(name: string, button = `Delete ${name}`): Promise<void> {
  await press(button);
  await screen.findByText(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
  submitDialog('Delete');
}

/** Offline, a saved form closes at once and its row, found by `name`, is marked pending. */
export async function expectPendingRow(name: RegExp): Promise<void> {
  await dialogClosed();
  const row = await screen.findByRole('row', { name });
  within(row).getByText('pending sync');
}

/**
 * An intercept that refuses `method` (one or several) with `message`, as a 422 unless `status`
 * says otherwise, and only at `path` when given. Other requests go on to the server twin.
 */
export function refuse(method: ApiRequest['method'] | ApiRequest['method'][], message: string | null, { status = 422, path }: { status?: number; path?: string } = {}) {
  const methods: string[] = typeof method === 'string' ? [method] : method;
  return (request: ApiRequest): ApiResult | undefined =>
    methods.includes(request.method) && (path === undefined || request.path === path) ? { ok: false, kind: 'http', status, message, errors: null } : undefined;
}

/** The writes the server took, as [method, path, body]. */
export const writesOf = (server: TestServer) => server.writes.map((w) => [w.method, w.path, w.body]);

/** The text of each cell of each body row of the table named `name`. */
export const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

/** The figure on a summary card. */
export const card = (label: string) => screen.getByTestId(`card-${label}`).textContent;
