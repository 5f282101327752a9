/**
 * The export document (docs/api.md#export-and-import) made on the device from its mirror, for when
 * the server cannot be reached: the same pure `buildExportDocument` the server runs, fed the same
 * records. Once the mirror has synced, its records are the REST bodies the server answered, so the
 * document is the server's byte for byte except `exported_at`.
 *
 * Where each part comes from:
 * - records: the mirror's collections and singles, as pulled (with this device's pending edits on
 *   top, as every screen shows them);
 * - actuals: the `input_*` fields of the month tables the mirror holds (`actualsFromTables`, the
 *   reading the offline recompute uses). An account's actual is one value shown by its retirement
 *   and its contribution table (docs/projection-rules.md#actuals-and-check-ins); it is listed once,
 *   as the server lists it. The month tables are mirrored for subscribers only, so without them the
 *   file has no actual balances, and `actualsKnown` says so;
 * - user: the mirrored profile's email and birth year, else the session's.
 */
import { centsToDollars } from '../../../engine/money.ts';
import { buildExportDocument, type ExportActuals, type ExportDocument, type ExportSource, type ExportUser, type SourceRecord } from '../../../shared/export/document.ts';
import { actualsFromTables } from '../../../shared/months/input.ts';
import { COLLECTIONS, entriesOf, MONTHS_OF_KIND, SINGLES } from '../../../shared/resources.ts';
import type { MirrorDb } from './db.ts';
import type { Session } from '../session/session.ts';

export interface MirrorExport {
  document: ExportDocument;
  /** False when the mirror holds no month tables (not subscribed): the document's actuals are empty for want of them. */
  actualsKnown: boolean;
}

/** The actual balances the mirror's month tables show, in dollars; null when it holds none of the tables. */
export async function mirrorActuals(db: MirrorDb): Promise<ExportActuals | null> {
  const [income, debt, contribution, retirement] = await db.months.bulkGet([MONTHS_OF_KIND.income, MONTHS_OF_KIND.debt, MONTHS_OF_KIND.contribution, MONTHS_OF_KIND.retirement]);
  if (!income && !debt && !contribution && !retirement) return null;
  const actuals = actualsFromTables({ income: income?.body, debt: debt?.body, contribution: contribution?.body, retirement: retirement?.body });
  // The retirement table runs on past the contribution table's last month, so it is read first; a
  // contribution actual it lacks (a table missing, say) is still kept.
  const accounts = new Map<string, { retirement_account_id: number; month: string; balance: number }>();
  for (const a of [...actuals.retirement.map((r) => ({ accountId: r.accountId, month: r.month, value: r.balance })), ...actuals.contribution.map((c) => ({ accountId: c.accountId, month: c.month, value: c.endBalance }))]) {
    const key = `${a.accountId} ${a.month}`;
    if (!accounts.has(key)) accounts.set(key, { retirement_account_id: a.accountId, month: a.month, balance: centsToDollars(a.value) });
  }
  return {
    income_months: actuals.income.map((a) => ({ month: a.month, input_end_balance: centsToDollars(a.endBalance) })),
    debt_months: actuals.debt.map((a) => ({ debt_id: a.debtId, month: a.month, input_remaining_balance: centsToDollars(a.remaining) })),
    retirement_months: [...accounts.values()],
    mortgage_months: (actuals.mortgage ?? []).map((a) => ({ month: a.month, input_mortgage_balance: centsToDollars(a.balance) })),
    home_months: (actuals.home ?? []).map((a) => ({ month: a.month, input_home_value: centsToDollars(a.value) })),
  };
}

/** The user the file names: the mirrored profile (GET /api/v1/profile), else the session; null when neither knows the birth year. */
async function exportUser(db: MirrorDb, session: Pick<Session, 'email' | 'birthYear'>): Promise<ExportUser | null> {
  const profile = (await db.profile.get('user'))?.value as { email?: unknown; birth_year?: unknown } | null | undefined;
  const email = typeof profile?.email === 'string' ? profile.email : session.email;
  const birthYear = typeof profile?.birth_year === 'number' ? profile.birth_year : session.birthYear;
  return email === null || birthYear === null ? null : { email, birth_year: birthYear };
}

/**
 * The export document of what the mirror holds, stamped `exportedAt` (ISO 8601). Null when the
 * mirror does not know whose data it is (never synced, and no session to say).
 */
export async function exportFromMirror(db: MirrorDb, options: { exportedAt: string; session: Pick<Session, 'email' | 'birthYear'> }): Promise<MirrorExport | null> {
  return db.transaction('r', db.tables, async () => {
    const user = await exportUser(db, options.session);
    if (!user) return null;
    const source: Record<string, unknown> = { exportedAt: options.exportedAt, user };
    for (const [name, decl] of entriesOf(COLLECTIONS)) source[decl.listKey] = (await db[name].toArray()) as SourceRecord[];
    for (const [name, decl] of entriesOf(SINGLES)) source[decl.record] = ((await db.singles.get(name))?.record ?? null) as SourceRecord | null;
    const actuals = await mirrorActuals(db);
    source.actuals = actuals ?? { income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] };
    return { document: buildExportDocument(source as ExportSource), actualsKnown: actuals !== null };
  });
}
