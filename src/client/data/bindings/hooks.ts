/**
 * The hooks screens are built on. Everything a screen shows comes from the mirror through a live
 * Dexie query, so a local edit, a pull or a live update re-renders it the same way; session,
 * channel and online state come from the data layer's store.
 *
 * Query failures are returned as `error` rather than thrown into an error boundary: a list shows
 * its error box with a reload button (docs/product.md#error-messages) whether the fetch or the mirror failed.
 */
import { createContext, createElement, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ChannelStatus, DataLayer, DataLayerState, OutboxHold } from '../layer-api.ts';
import type { ConflictRow, MirrorDb, OutboxEntry, SyncStatusRow, WireRecord } from '../mirror/db.ts';
import { collectionQuery, liveOf, monthsQuery, SHARED_KEY, singleQuery, statusQuery, type MirrorRead, type Outcome } from './live-reads.ts';
import type { CollectionName, MonthsName, SingleName, WireRecordOf } from '../../../shared/resources.ts';
import type { Session } from '../session/session.ts';
import { shareEqual } from './share-equal.ts';
import { renderGently } from './render-gently.ts';

const DataLayerContext = createContext<DataLayer | null>(null);

export function DataLayerProvider({ layer, children }: { layer: DataLayer; children?: ReactNode }) {
  return createElement(DataLayerContext.Provider, { value: layer }, children);
}

export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useDataLayer() needs a <DataLayerProvider> above it');
  return layer;
}

/**
 * One part of the data layer's state. Each part keeps its identity while others change, so a
 * screen that reads the session does not re-render when the live channel connects: such a render
 * cannot be sliced (an external store's update is synchronous), and on Analytics it was one long
 * task of a quarter of a second on a slow phone.
 */
function useLayerState<K extends keyof DataLayerState>(key: K): DataLayerState[K] {
  return useLayerValue((state) => state[key]);
}

/**
 * A value `pick`ed from the layer's state: the part renders again only when it changes (Object.is).
 * `pick` returns a primitive or a part of the state as it is, never a new object (React would render
 * without end).
 */
function useLayerValue<T>(pick: (state: DataLayerState) => T): T {
  const layer = useDataLayer();
  const read = () => pick(layer.getState());
  return useSyncExternalStore(layer.subscribe, read, read);
}

/**
 * dexie-react-hooks' useObservable over a live query of the mirror: the hook and Dexie's live query
 * both come from the data layer, so this module (in the first page's script) imports neither. An
 * answer equal to the last one keeps its identity, parts included, and a new one renders in a
 * transition (render-gently.ts). A shared query that already has its answer (warmed, or watched by
 * another part of the page) gives it to the first render.
 */
function useLive<T>(query: () => Promise<T>, deps: unknown[], sharedKey?: string): Outcome<T> | undefined {
  const layer = useDataLayer();
  return layer.useObservable(() => renderGently(liveOf(layer, query, sharedKey), shareEqual), deps);
}

/** A screen's own mirror query (useMirrorQuery): its answer, undefined until the first, or the mirror's error. */
export interface MirrorQueryView<T> {
  readonly value: T | undefined;
  /** The query's failure (the mirror's message); the last answer is then not kept. */
  readonly error: string | null;
}

/**
 * A screen's own live query of the mirror (what the hooks below do not cover). Unlike a bare
 * useLiveQuery, a new answer renders in a transition (in slices) and an equal one keeps its
 * identity: useLiveQuery's first answer re-rendered the whole Analytics Overview in one blocking
 * task of ~120 ms on a slow phone. A failure is a value, as in the hooks below (a
 * mirror closed under a screen, as when a session ends, must not take the page down).
 */
export function useMirrorQuery<T>(query: (db: MirrorDb) => Promise<T>, deps: unknown[]): MirrorQueryView<T> {
  const layer = useDataLayer();
  return mirrorView(useLive(() => query(layer.db), [layer, ...deps]));
}

/**
 * A shared query of the mirror (`MirrorRead`: a query without deps, under its key), as
 * useMirrorQuery answers it: every part of the page reading it shares one query, which
 * `warmLive` can start early.
 */
export function useMirrorRead<T>(read: MirrorRead<T>): MirrorQueryView<T> {
  const layer = useDataLayer();
  return mirrorView(useLive(() => read.query(layer.db), [layer, read], read.key));
}

function mirrorView<T>(result: Outcome<T> | undefined): MirrorQueryView<T> {
  if (result === undefined) return { value: undefined, error: null };
  return result.ok ? { value: result.value, error: null } : { value: undefined, error: result.error };
}

export interface CollectionOptions {
  /** Field to order rows by (numbers numerically, text by locale; empty values last; ties by id). */
  sort?: string;
  descending?: boolean;
}

/** Its first fetch is under way: nothing was ever fetched (a later fetch keeps what is shown). */
const firstFetch = (status: SyncStatusRow | undefined) => status?.loading === true && status.lastFetched === null;

export interface CollectionView<R extends WireRecord = WireRecord> {
  rows: R[];
  /** Ids of rows with edits not yet accepted by the server: shown as "pending sync". */
  pendingIds: ReadonlySet<number>;
  /**
   * True while nothing is known of the collection: until the mirror answers, and during its first
   * fetch. A later fetch (a reconnect's pull) is not loading: the screen keeps what the mirror
   * holds, an empty list included, instead of flashing a skeleton.
   */
  loading: boolean;
  /** The fetch's error (the server's message or the spec's default), or the mirror's. */
  error: string | null;
  lastFetched: number | null;
}

/** The collection's records as the mirror holds them: what the server answered, or the device's pending edits of it. */
export function useCollection<N extends CollectionName>(name: N, { sort, descending = false }: CollectionOptions = {}): CollectionView<WireRecordOf<N>> {
  const layer = useDataLayer();
  const result = useLive(collectionQuery(layer, name, sort, descending), [layer, name, sort, descending], SHARED_KEY.collection(name, sort, descending));
  const status = result?.ok ? result.value.status : undefined;
  return {
    rows: result?.ok ? (result.value.rows as WireRecordOf<N>[]) : [],
    pendingIds: result?.ok ? result.value.pendingIds : new Set(),
    loading: result === undefined || firstFetch(status),
    error: result && !result.ok ? result.error : (status?.error ?? null),
    lastFetched: status?.lastFetched ?? null,
  };
}

export interface SingleView<R extends WireRecord = WireRecord> {
  /** The record, or null when the user has none. */
  record: R | null;
  /** True while an edit of it is not yet accepted by the server. */
  pending: boolean;
  /** As `CollectionView.loading`: nothing known yet, the mirror unanswered or the first fetch under way. */
  loading: boolean;
  error: string | null;
}

export function useSingle<N extends SingleName>(name: N): SingleView<WireRecordOf<N>> {
  const layer = useDataLayer();
  const result = useLive(singleQuery(layer, name), [layer, name], SHARED_KEY.single(name));
  const status = result?.ok ? result.value.status : undefined;
  return {
    record: result?.ok ? (result.value.record as WireRecordOf<N> | null) : null,
    pending: result?.ok ? result.value.pending : false,
    loading: result === undefined || firstFetch(status),
    error: result && !result.ok ? result.error : (status?.error ?? null),
  };
}

export interface MonthsView {
  /** The month endpoint's GET body, or null before it has been fetched. */
  body: unknown;
  /** True while the table was computed locally from pending edits, until the server's arrives. */
  provisional: boolean;
  loading: boolean;
  error: string | null;
  /**
   * The row's `actualsToken` (month-actuals.ts), new at each write; null before the table is in the
   * mirror or when it was written by a version without tokens. Not the row's `stamp` (the server
   * table's identity, kept by local writes).
   */
  actualsToken: string | null;
}

/**
 * A month table. The table (up to megabytes) and its fetch status are two queries shared by every
 * hook of the page: a status change (each fetch flips it twice) does not read the table again.
 */
export function useMonths(name: MonthsName): MonthsView {
  const layer = useDataLayer();
  const table = useLive(monthsQuery(layer, name), [layer, name], SHARED_KEY.months(name));
  const fetch = useLive(statusQuery(layer, name), [layer, name], SHARED_KEY.status(name));
  const status = fetch?.ok ? fetch.value : undefined;
  const row = table?.ok ? table.value : undefined;
  return {
    body: row?.body ?? null,
    provisional: row?.provisional ?? false,
    actualsToken: row?.actualsToken ?? null,
    loading: table === undefined || fetch === undefined || status?.loading === true,
    error: table && !table.ok ? table.error : fetch && !fetch.ok ? fetch.error : (status?.error ?? null),
  };
}

export interface OutboxStatusView {
  /** Edits waiting for the server. */
  pending: number;
  /** Edits the server refused, each with its error, oldest first; `dismissFailed` removes one. */
  failed: OutboxEntry[];
  /** The most recent refusal's message. */
  lastError: string | null;
  online: boolean;
  /** Why pending edits are held back besides being offline, if they are. */
  hold: OutboxHold | null;
}

export function useOutboxStatus(): OutboxStatusView {
  const layer = useDataLayer();
  const online = useLayerState('online');
  const hold = useLayerState('hold');
  const result = useLive(() => layer.db.outbox.orderBy('seq').toArray(), [layer]);
  const entries = result?.ok ? result.value : [];
  const failed = entries.filter((entry) => entry.status === 'failed');
  return {
    pending: entries.filter((entry) => entry.status === 'pending').length,
    failed,
    lastError: failed.at(-1)?.error ?? null,
    online,
    hold,
  };
}

export function useSession(): Session {
  return useLayerState('session');
}

export function useChannelState(): ChannelStatus {
  return useLayerState('channel');
}

/** What a screen behind the subscription shows: its content, the upsell, or a wait for the server's word. */
export type SubscriptionGate = 'subscribed' | 'not-subscribed' | 'pending';

/**
 * The session's subscription, asked of the server when the screen opens (and again when the
 * browser comes back online): the stored flag may be stale (docs/sync.md#the-subscription-flag).
 * 'pending' while the stored flag says no and the server's answer is awaited, so a subscriber whose
 * device has not heard of the subscription yet never sees the upsell; offline, or when the server
 * could not say, the stored flag decides.
 */
export function useFreshSubscription(): SubscriptionGate {
  const layer = useDataLayer();
  const canAsk = useLayerValue((state) => state.session.isAuthenticated && state.online);
  useEffect(() => {
    if (!canAsk) return;
    layer.refreshSubscription().catch((error: unknown) => console.warn('Reading the subscription failed', error));
  }, [layer, canAsk]);
  // The gate alone is watched: a subscriber's page does not render again as the check runs.
  return useLayerValue(subscriptionGate);
}

function subscriptionGate({ session, online, subscriptionCheck: check }: DataLayerState): SubscriptionGate {
  if (session.subscribed) return 'subscribed';
  return session.isAuthenticated && online && (check === 'unknown' || check === 'checking') ? 'pending' : 'not-subscribed';
}

/** What pending edits overwrote of changes made elsewhere, oldest first. */
export function useConflicts(): ConflictRow[] {
  const layer = useDataLayer();
  const result = useLive(() => layer.db.conflicts.orderBy('createdAt').toArray(), [layer]);
  return result?.ok ? result.value : [];
}

export interface FeatureFlagView {
  enabled: boolean;
  loading: boolean;
  error: string | null;
}

/** A feature flag from the mirror; a flag the server does not list has `fallback` (allow_signup: on). */
export function useFeatureFlag(name: string, fallback = true): FeatureFlagView {
  const layer = useDataLayer();
  const result = useLive(async () => {
    const [flag, status] = await Promise.all([layer.db.featureFlags.get(name), layer.db.syncStatus.get('featureFlags')]);
    return { flag, status };
  }, [layer, name]);
  const status = result?.ok ? result.value.status : undefined;
  return {
    enabled: result?.ok && result.value.flag ? result.value.flag.enabled : fallback,
    loading: result === undefined || status === undefined || status.loading,
    error: result && !result.ok ? result.error : (status?.error ?? null),
  };
}
