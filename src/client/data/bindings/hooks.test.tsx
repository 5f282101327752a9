// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../api.ts';
import type { LiveChannelOptions } from '../live/cable.ts';
import { createDataLayer } from '../data-layer.ts';
import type { DataLayer } from '../layer-api.ts';
import { DataLayerProvider, useChannelState, useCollection, useFreshSubscription, useMirrorQuery, useMonths, useOutboxStatus, useSession, useSingle, type CollectionView } from './hooks.ts';
import { warmLive } from './live-reads.ts';
import { writeSession } from '../session/session.ts';
import { createTestServer } from '../test-server.testing.ts';

const EXTRA_GETS: Record<string, unknown> = {
  '/api/v1/feature_flags': { feature_flags: [] },
  '/api/v1/profile': { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1985 }) },
};

const layers: { layer: DataLayer; dbName: string }[] = [];

afterEach(async () => {
  cleanup();
  for (const { layer, dbName } of layers.splice(0)) {
    layer.dispose();
    await Dexie.delete(dbName);
  }
});

function setup({ online = true, subscribed = false } = {}) {
  const server = createTestServer();
  server.intercept = (request): ApiResult | undefined => (request.method === 'GET' && request.path in EXTRA_GETS ? { ok: true, status: 200, data: EXTRA_GETS[request.path] } : undefined);
  const storage = new Map<string, string>();
  const kv = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
  writeSession(kv, { authToken: 't', email: 'ann@example.com', isAuthenticated: true, stripeCustomerId: null, subscribed, birthYear: 1985 });
  server.subscribed = subscribed;
  let channel: LiveChannelOptions | null = null;
  const dbName = `hooks-${crypto.randomUUID()}`;
  const layer = createDataLayer({
    dbName,
    storage: kv,
    baseUrl: 'http://api.test',
    wsOrigin: 'ws://api.test',
    isOnline: () => online,
    window: new EventTarget(),
    connectChannel: (options) => {
      channel = options;
      return { close: vi.fn() };
    },
    transport: server.transport,
    log: { warn: vi.fn(), error: vi.fn() },
  });
  layers.push({ layer, dbName });
  const live = () => {
    if (!channel) throw new Error('no channel');
    return channel;
  };
  return { server, layer, live };
}

function Incomes() {
  const { rows, pendingIds, loading, error } = useCollection('incomes', { sort: 'name' });
  if (loading && rows.length === 0) return <p>loading</p>;
  return (
    <>
      {error && <p role="alert">{error}</p>}
      <ul aria-label="incomes">
        {rows.map((row) => (
          <li key={row.id}>
            {String(row.name)}
            {pendingIds.has(row.id) ? ' (pending sync)' : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

const items = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('useCollection', () => {
  it('re-renders on a local edit and on a live update, sorted, marking unsynced rows', async () => {
    const { server, layer, live } = setup();
    // Id order (Salary, Alimony; a new record's temporary id is negative) is not name order.
    server.collections.get('/api/v1/incomes')?.set(1, { id: 1, name: 'Salary' });
    server.collections.get('/api/v1/incomes')?.set(2, { id: 2, name: 'Alimony' });
    // Writes get no answer, so the new record stays queued (online: the live channel is open).
    const answer = server.intercept;
    server.intercept = (request) => (request.method === 'POST' ? { ok: false, kind: 'network', message: 'Failed to fetch' } : answer?.(request));
    await layer.ready;
    render(
      <DataLayerProvider layer={layer}>
        <Incomes />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(items()).toEqual(['Alimony', 'Salary']));

    await act(() => layer.mutations.create('incomes', { name: 'Bonus' }));
    await waitFor(() => expect(items()).toEqual(['Alimony', 'Bonus (pending sync)', 'Salary']));

    await act(() => live().onMessage({ type: 'Income', action: 'updated', data: { id: 1, name: 'Wages' } }));
    await waitFor(() => expect(items()).toEqual(['Alimony', 'Bonus (pending sync)', 'Wages']));
  });

  it("sorts text with its letters' case aside, then exactly, without a collator", async () => {
    const { server, layer } = setup();
    for (const [id, name] of [[1, 'banana'], [2, 'Apple'], [3, 'cherry'], [4, 'Banana'], [5, 'apple pie']] as const) server.collections.get('/api/v1/incomes')?.set(id, { id, name });
    await layer.ready;
    const collator = vi.spyOn(String.prototype, 'localeCompare');
    render(
      <DataLayerProvider layer={layer}>
        <Incomes />
      </DataLayerProvider>,
    );
    // Case aside 'apple' < 'apple pie' < 'banana' = 'banana' < 'cherry'; of the two bananas, 'B' (66) before 'b' (98).
    await waitFor(() => expect(items()).toEqual(['Apple', 'apple pie', 'Banana', 'banana', 'cherry']));
    expect(collator).not.toHaveBeenCalled();
    collator.mockRestore();
  });

  it('is loading only until its first fetch: an empty list fetched before stays shown while fetched again', async () => {
    const { layer } = setup();
    await layer.ready;
    render(
      <DataLayerProvider layer={layer}>
        <Incomes />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'incomes' }).childElementCount).toBe(0));
    const fetched = (await layer.db.syncStatus.get('incomes'))?.lastFetched;
    expect(fetched).toEqual(expect.any(Number));

    // A later fetch under way (a reconnect's pull): the empty list stays, no skeleton.
    await act(() => layer.db.syncStatus.put({ name: 'incomes', loading: true, error: null, lastFetched: fetched ?? null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('list', { name: 'incomes' }).childElementCount).toBe(0);

    // Never fetched (a new user's first pull): loading.
    await act(() => layer.db.syncStatus.put({ name: 'incomes', loading: true, error: null, lastFetched: null }));
    await screen.findByText('loading');
  });

  it("shows the fetch's error from syncStatus", async () => {
    const { server, layer } = setup();
    server.intercept = (request) =>
      request.path === '/api/v1/incomes' ? { ok: false, kind: 'http', status: 500, message: null, errors: null } : request.method === 'GET' && request.path in EXTRA_GETS ? { ok: true, status: 200, data: EXTRA_GETS[request.path] } : undefined;
    render(
      <DataLayerProvider layer={layer}>
        <Incomes />
      </DataLayerProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to fetch incomes');
  });
});

function OutboxBadge() {
  const { pending, failed, online } = useOutboxStatus();
  return (
    <p data-testid="outbox">
      {pending} pending, {failed.length} failed, {online ? 'online' : 'offline'}
    </p>
  );
}

describe('useOutboxStatus', () => {
  it('counts an edit queued offline', async () => {
    const { layer } = setup({ online: false });
    render(
      <DataLayerProvider layer={layer}>
        <OutboxBadge />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('outbox').textContent).toBe('0 pending, 0 failed, offline'));

    const result = await act(() => layer.mutations.create('debts', { name: 'Visa' }));

    expect(result.status).toBe('queued');
    await waitFor(() => expect(screen.getByTestId('outbox').textContent).toBe('1 pending, 0 failed, offline'));
  });
});

function IncomeMonths() {
  const { body, provisional } = useMonths('incomeMonths');
  const rows = (body as { income_months?: { id: number }[] } | null)?.income_months ?? [];
  return (
    <p data-testid="months">
      {rows.length} rows{provisional ? ', provisional' : ''}
    </p>
  );
}

describe('useMonths', () => {
  it('exposes a provisional table until the server sends its own', async () => {
    const { layer, live } = setup();
    await layer.ready;
    await layer.db.months.put({ name: 'incomeMonths', body: { income_months: [{ id: -1 }] }, provisional: true });
    render(
      <DataLayerProvider layer={layer}>
        <IncomeMonths />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('months').textContent).toBe('1 rows, provisional'));

    await act(() => live().onMessage({ type: 'IncomeMonth', action: 'created', data: { income_months: [{ id: 1 }, { id: 2 }] } }));

    await waitFor(() => expect(screen.getByTestId('months').textContent).toBe('2 rows'));
  });
});

function SessionLine() {
  const session = useSession();
  const channel = useChannelState();
  const housing = useSingle('housing');
  return (
    <p data-testid="session">
      {session.isAuthenticated ? session.email : 'signed out'} / {channel.state}
      {channel.error ? ` (${channel.error})` : ''} / {housing.record ? String(housing.record.housing_type) : 'no housing'}
    </p>
  );
}

describe('useSession, useChannelState and useSingle', () => {
  it('follow the channel state, the session and the single record', async () => {
    const { layer, live } = setup();
    await layer.ready;
    render(
      <DataLayerProvider layer={layer}>
        <SessionLine />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('ann@example.com / disconnected / no housing'));

    act(() => live().onState('rejected', null));
    await act(() => live().onMessage({ type: 'Housing', action: 'created', data: { id: 5, housing_type: 'Rent', total_monthly_payment: 1200 } }));
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('ann@example.com / rejected (Subscription rejected) / Rent'));

    await act(() => layer.logout());
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('signed out / disconnected / no housing'));
  });
});

function Gate({ renders }: { renders: string[] }) {
  const gate = useFreshSubscription();
  renders.push(gate);
  return <p data-testid="gate">{gate}</p>;
}

describe('useFreshSubscription', () => {
  it("asks the server on arrival, and renders a subscriber's screen once: the check's progress is not the gate", async () => {
    const { layer, server } = setup({ subscribed: true });
    const renders: string[] = [];
    render(
      <DataLayerProvider layer={layer}>
        <Gate renders={renders} />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(layer.getState().subscriptionCheck).toBe('known'));
    expect(server.transport.requests.filter((r) => r.path === '/api/v1/subscription')).toHaveLength(1);
    expect(renders).toEqual(['subscribed']);
  });

  it('holds a screen stored as not subscribed while the server is asked, then shows what it says', async () => {
    const { layer, server } = setup({ subscribed: false });
    server.subscribed = true;
    const renders: string[] = [];
    render(
      <DataLayerProvider layer={layer}>
        <Gate renders={renders} />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('gate').textContent).toBe('subscribed'));
    expect(renders).toEqual(['pending', 'subscribed']);
  });
});

function BirthYearLine({ renders }: { renders: { count: number } }) {
  const year = useMirrorQuery(async (db) => {
    const value = (await db.profile.get('user'))?.value as { birth_year?: number } | undefined;
    return { year: value?.birth_year ?? null };
  }, []).value;
  renders.count += 1;
  return <p data-testid="year">{year === undefined ? 'unread' : String(year.year)}</p>;
}

function Failing() {
  const view = useMirrorQuery(async (): Promise<number> => {
    throw new Error('The mirror could not be read');
  }, []);
  return <p data-testid="failing">{view.error ?? String(view.value)}</p>;
}

describe('useMirrorQuery', () => {
  it('answers a failed query as an error value, without throwing to the page', async () => {
    const { layer } = setup({ online: false });
    await layer.ready;
    render(
      <DataLayerProvider layer={layer}>
        <Failing />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('failing').textContent).toBe('The mirror could not be read'));
  });

  it('answers a query of the mirror, follows its writes, and renders nothing for an equal answer', async () => {
    const { layer } = setup({ online: false });
    await layer.ready;
    await layer.db.profile.put({ name: 'user', value: { birth_year: 1985 } });
    const renders = { count: 0 };
    render(
      <DataLayerProvider layer={layer}>
        <BirthYearLine renders={renders} />
      </DataLayerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('year').textContent).toBe('1985'));

    await act(() => layer.db.profile.put({ name: 'user', value: { birth_year: 1990 } }));
    await waitFor(() => expect(screen.getByTestId('year').textContent).toBe('1990'));

    // The same birth year written again (with another field): the query answers an equal value.
    const before = renders.count;
    await act(() => layer.db.profile.put({ name: 'user', value: { birth_year: 1990, email: 'ann@example.com' } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('year').textContent).toBe('1990');
    expect(renders.count).toBe(before);
  });
});

describe('warmLive', () => {
  /** Records what each render of useCollection('incomes', by name) saw. */
  function IncomeNames({ seen }: { seen: string[][] }) {
    const view: CollectionView = useCollection('incomes', { sort: 'name' });
    seen.push(view.loading ? ['loading'] : view.rows.map((row) => String(row.name)));
    return <p data-testid="names">{view.rows.map((row) => String(row.name)).join(', ')}</p>;
  }

  /** Renders IncomeNames over `layer`; answers what each render saw. */
  function renderNames(layer: DataLayer): string[][] {
    const renders: string[][] = [];
    render(
      <DataLayerProvider layer={layer}>
        <IncomeNames seen={renders} />
      </DataLayerProvider>,
    );
    return renders;
  }

  async function mirrorWithIncomes() {
    const { layer } = setup({ online: false });
    await layer.ready;
    await layer.db.incomes.bulkPut([
      { id: 2, name: 'Salary' },
      { id: 1, name: 'Bonus' },
    ]);
    return layer;
  }

  it("gives a screen its reads' answers on its first render, where an unwarmed screen first renders loading", async () => {
    const cold = await mirrorWithIncomes();
    const coldRenders = renderNames(cold);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Bonus, Salary'));
    expect(coldRenders[0]).toEqual(['loading']);
    cleanup();

    const warm = await mirrorWithIncomes();
    const warmed = warmLive(warm, [{ kind: 'collection', name: 'incomes', sort: 'name' }]);
    await warmed.ready;
    const warmRenders = renderNames(warm);
    expect(warmRenders[0]).toEqual(['Bonus', 'Salary']);

    // Let go, the query the screen watches keeps running: a write still reaches it.
    warmed.release();
    await act(() => warm.db.incomes.put({ id: 3, name: 'Annuity' }));
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Annuity, Bonus, Salary'));
  });

  it('warms a read under the same key as its hook: a differently sorted list is a different read', async () => {
    const layer = await mirrorWithIncomes();
    const warmed = warmLive(layer, [{ kind: 'collection', name: 'incomes', sort: 'name', descending: true }]);
    await warmed.ready;
    const renders = renderNames(layer);
    expect(renders[0]).toEqual(['loading']);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Bonus, Salary'));
    warmed.release();
  });

  it('is ready once a failed read has answered with its error', async () => {
    const layer = await mirrorWithIncomes();
    const warmed = warmLive(layer, [
      { kind: 'mirror', key: 'test:failing', query: () => Promise.reject(new Error('The mirror could not be read')) },
      { kind: 'single', name: 'housing' },
      { kind: 'months', name: 'debtMonths' },
    ]);
    await expect(warmed.ready).resolves.toBeUndefined();
    warmed.release();
  });

  it('starts nothing when nobody is signed in: a visitor has no mirror to read', async () => {
    const layer = await mirrorWithIncomes();
    await act(() => layer.logout());
    const liveQuery = vi.spyOn(layer, 'liveQuery');
    const warmed = warmLive(layer, [{ kind: 'collection', name: 'incomes' }]);
    await expect(warmed.ready).resolves.toBeUndefined();
    expect(liveQuery).not.toHaveBeenCalled();
    warmed.release();
  });
});
