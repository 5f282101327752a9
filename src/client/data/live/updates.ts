/**
 * Live-channel messages applied to the mirror (docs/sync.md#live-updates-on-the-device):
 * - created adds or sets the record; updated merges it; deleted removes it;
 * - the four month types handle only 'created', which replaces the whole table — except debt
 *   months, which replace regardless of action;
 * - an unknown type or action is logged and ignored ('Subscription' and 'Pull' are the data
 *   layer's: `subscriptionUpdate`, `pullRequested`);
 * - a deleted message without an id is ignored for other expenses and retirement accounts (and,
 *   having nothing to delete, for every other collection too).
 * Pending local edits stay on top of what the server sends (see pending.ts).
 */
import { PULL_TYPE, SUBSCRIPTION_TYPE, UPDATE_ACTIONS, type SubscriptionData, type UpdateMessage } from '../../../shared/cable.ts';
import { monthsStamp, type MirrorDb, type WireRecord } from '../mirror/db.ts';
import { overlayPending, overlayPendingSingle } from '../sync/pending.ts';
import { COLLECTIONS, entriesOf, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';

export type ApplyOutcome = 'applied' | 'ignored';

export interface Logger {
  warn(message: string, detail?: unknown): void;
}

const byUpdateType = new Map<string, { kind: 'collection'; name: CollectionName } | { kind: 'single'; name: SingleName } | { kind: 'months'; name: MonthsName }>([
  ...entriesOf(COLLECTIONS).map(([name, decl]) => [decl.updateType, { kind: 'collection' as const, name }] as const),
  ...entriesOf(SINGLES).map(([name, decl]) => [decl.updateType, { kind: 'single' as const, name }] as const),
  ...entriesOf(MONTHS).map(([name, decl]) => [decl.updateType, { kind: 'months' as const, name }] as const),
]);

/**
 * A 'Subscription' message (beyond the record and month types: the server sends it when a checkout,
 * the portal or a payment webhook changed the user's subscription): its data, for the data layer to
 * set the session's flag from. Null for any other message, or one without a boolean `subscribed`.
 */
export function subscriptionUpdate(message: UpdateMessage): SubscriptionData | null {
  if (message?.type !== SUBSCRIPTION_TYPE) return null;
  const data = message.data as Partial<SubscriptionData> | null;
  return typeof data?.subscribed === 'boolean' ? (data as SubscriptionData) : null;
}

/**
 * A 'Pull' message (the server sends it, alone, for a write too large to send record by record: an
 * import): the data layer pulls every collection, single record and, for a subscriber, month table.
 */
export function pullRequested(message: UpdateMessage): boolean {
  return message?.type === PULL_TYPE;
}

function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

export async function applyUpdate(db: MirrorDb, message: UpdateMessage, log: Logger = console): Promise<ApplyOutcome> {
  const target = byUpdateType.get(message?.type);
  if (!target || !(UPDATE_ACTIONS as readonly string[]).includes(message.action)) {
    log.warn('Ignoring a live update of unknown type or action', message);
    return 'ignored';
  }
  const { action, data } = message;

  if (target.kind === 'months') {
    if (action !== 'created' && message.type !== 'DebtMonth') return 'ignored';
    await db.months.put({ name: target.name, body: data, provisional: false, stamp: monthsStamp() });
    return 'applied';
  }

  if (target.kind === 'single') {
    return db.transaction('rw', [db.singles, db.outbox, db.conflicts], async () => {
      const current = (await db.singles.get(target.name))?.record ?? null;
      let next: WireRecord | null;
      if (action === 'deleted') next = null;
      else if (!isRecord(data)) {
        log.warn('Ignoring a live update without a record', message);
        return 'ignored';
      } else next = action === 'updated' && current ? { ...current, ...data } : data;
      await db.singles.put({ name: target.name, record: await overlayPendingSingle(db, target.name, next) });
      return 'applied';
    });
  }

  const table = db[target.name];
  return db.transaction('rw', [table, db.outbox, db.conflicts], async () => {
    if (action === 'deleted') {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id !== 'number') {
        if (!COLLECTIONS[target.name].ignoreDeleteWithoutId) log.warn('Ignoring a live delete without an id', message);
        return 'ignored';
      }
      // A pending edit of a record deleted elsewhere is refused by the server (404) and rolled back.
      await table.delete(id);
      return 'applied';
    }
    if (!isRecord(data)) {
      log.warn('Ignoring a live update without a record', message);
      return 'ignored';
    }
    const current = await table.get(data.id);
    const merged = action === 'updated' && current ? { ...current, ...data } : data;
    const [next] = (await overlayPending(db, target.name, [merged])).filter((row) => row.id === data.id);
    if (next) await table.put(next);
    else await table.delete(data.id);
    return 'applied';
  });
}
