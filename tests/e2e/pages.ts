/**
 * What the browser tests read and do on Runway's screens, shared by the files that need the same
 * thing: the Debts tab and its form, the month tables, and the server's copy to compare with.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type App, serverList } from './harness.ts';

/**
 * Month 1 of a new user's plan: the month they sign up, in UTC on the server; the browser runs in
 * the same zone here. Taken once when a test file loads.
 */
export const planStart = new Date().toISOString().slice(0, 7);

/**
 * The day of the month a new user's plan starts (the UTC day of sign-up). With plan assumptions,
 * month 1 leaves out the bills due before it and, after the 1st, the housing payment: the
 * balances typed at sign-up already reflect them. Taken once when a test file loads.
 */
export const planStartDay = new Date().getUTCDate();

// ---- Dashboard → Debts ---------------------------------------------------------------------------

/** Opens the Debts tab and waits until it is the selected one. */
export async function openDebts(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Debts', exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Debts', selected: true }).count()).toBe(1);
}

/** Types into the open debt form, by field label. */
export async function fillDebt(page: Page, values: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: false }).fill(value);
}

/** The body rows of the Debts table. */
export const debtRows = (page: Page): Locator => page.getByRole('table', { name: 'Debts' }).locator('tbody tr');

/** A debt as the server lists it (the fields the tests read). */
export interface ServerDebt {
  id: number;
  name: string;
  remaining_amount: number;
  monthly_payment: number;
  apr: number;
  due_day: number;
}

/** The server's debts for the user, read with their token. */
export async function debtsOnServer(app: App, token: string): Promise<ServerDebt[]> {
  return ((await serverList(app, token, '/api/v1/debts')) as { debts: ServerDebt[] }).debts;
}

// ---- Month tables (Analytics) --------------------------------------------------------------------

/** The body row of `month` in the month table named `tableName` (the Month cell starts with it). */
export const monthRow = (page: Page, tableName: string, month: string): Locator =>
  page.getByRole('table', { name: tableName, exact: true }).locator('tbody tr', { has: page.locator(`td:first-child:text-matches("^${month}")`) });

/** The trimmed text of each cell of that row. */
export const monthCells = async (page: Page, tableName: string, month: string): Promise<string[]> =>
  (await monthRow(page, tableName, month).locator('td').allInnerTexts()).map((text) => text.trim());
