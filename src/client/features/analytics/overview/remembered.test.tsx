// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openMirror, type MirrorDb } from '../../../data/mirror/db.ts';
import { renderRoutes } from '../../../test-support/routes.testing.tsx';
import { project } from '../../../../engine/project.ts';
import type * as Engine from '../../../../engine/project.ts';
import { AnalyticsOverviewTab } from './OverviewTab.tsx';
import { forgetRemembered, recallLatest, remember, rememberedKey, rememberedProjection, REMEMBERED_KEPT, REMEMBERED_KIND } from '../../../model/remembered.ts';

// Counts the engine's projections, still computing them.
vi.mock('../../../../engine/project.ts', async (importOriginal) => {
  const engine = await importOriginal<typeof Engine>();
  return { ...engine, project: vi.fn(engine.project) };
});

const opened: MirrorDb[] = [];
function mirror() {
  const db = openMirror(`remembered-test-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

beforeEach(() => {
  forgetRemembered();
  vi.mocked(project).mockClear();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllEnvs();
  for (const db of opened.splice(0)) await db.delete();
});

const NOW = new Date(2026, 2, 15, 12, 0, 0);
const CODE = 'https://example.com/assets/use-projection-A.js';
const now = () => NOW.getTime();

describe('remembered projections', () => {
  it('are keyed by their whole input and the code that computed them', () => {
    const input = { debts: [{ id: 1, remaining: 500 }], today: '2026-03' };
    expect(rememberedKey(CODE, input)).toBe(rememberedKey(CODE, { today: '2026-03', debts: [{ remaining: 500, id: 1 }] }));
    expect(rememberedKey(CODE, input)).not.toBe(rememberedKey(CODE, { ...input, today: '2026-04' }));
    expect(rememberedKey(CODE, input)).not.toBe(rememberedKey(CODE, { ...input, debts: [{ id: 1, remaining: 501 }] }));
    expect(rememberedKey(CODE, input)).not.toBe(rememberedKey('https://example.com/assets/use-projection-B.js', input));
    expect(rememberedKey(CODE, input).startsWith(`${REMEMBERED_KIND}:`)).toBe(true);
  });

  it('a new page recalls the most recent one from the mirror, and the mirror keeps only the last few', async () => {
    const db = mirror();
    const keys = [1, 2, 3, 4, 5].map((n) => rememberedKey(CODE, { n }));
    for (const [i, key] of keys.entries()) {
      expect(await remember(db, key, { figure: i, points: [{ month: '2026-03', worth: 100 * i }] }, () => now() + i, () => true)).toBe(true);
    }
    expect(await db.results.where('key').startsWith(`${REMEMBERED_KIND}:`).count()).toBe(REMEMBERED_KEPT);

    // A new page knows nothing until it recalls; it then knows the latest only, as it was written.
    forgetRemembered();
    expect(rememberedProjection(keys[4]!)).toBeUndefined();
    await recallLatest(db);
    expect(rememberedProjection(keys[4]!)).toEqual({ figure: 4, points: [{ month: '2026-03', worth: 400 }] });
    expect(rememberedProjection(keys[3]!)).toBeUndefined();
  });

  it('a projection computed before a sign-out is not written into the emptied mirror', async () => {
    const db = mirror();
    const key = rememberedKey(CODE, { owner: 'ann@example.com' });
    expect(await remember(db, key, { figure: 1 }, now, () => false)).toBe(false);
    expect(await db.results.count()).toBe(0);
  });

  it('the Overview shows the remembered figures of the same data without projecting again, and projects when the data changes', async () => {
    vi.stubEnv('PROD', true);
    const records = { '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-03-28', gross_pay: 5000, net_pay: 4000 }] };
    const first = renderRoutes('/analytics', { '/analytics': AnalyticsOverviewTab }, { subscribed: true, now: NOW, records });
    const shown = (await screen.findByTestId('figure-At the End', undefined, { timeout: 10_000 })).textContent;
    expect(shown).toMatch(/^\$[\d,]+$/);
    const projected = vi.mocked(project).mock.calls.length;
    expect(projected).toBeGreaterThan(0);
    await expect.poll(() => first.layer.db.results.where('key').startsWith(`${REMEMBERED_KIND}:`).count(), { timeout: 10_000 }).toBe(1);
    const db = first.layer.db;
    cleanup();

    // The same data opened again on a new page: the figures come from the mirror, the engine is not run.
    forgetRemembered();
    await recallLatest(db);
    vi.mocked(project).mockClear();
    renderRoutes('/analytics', { '/analytics': AnalyticsOverviewTab }, { subscribed: true, now: NOW, records });
    expect((await screen.findByTestId('figure-At the End', undefined, { timeout: 10_000 })).textContent).toBe(shown);
    expect(vi.mocked(project)).not.toHaveBeenCalled();
    cleanup();

    // Other data: projected.
    const changed = { '/api/v1/incomes': [{ ...records['/api/v1/incomes'][0]!, net_pay: 4100 }] };
    renderRoutes('/analytics', { '/analytics': AnalyticsOverviewTab }, { subscribed: true, now: NOW, records: changed });
    const other = (await screen.findByTestId('figure-At the End', undefined, { timeout: 10_000 })).textContent;
    expect(vi.mocked(project)).toHaveBeenCalled();
    expect(other).not.toBe(shown);
  });
});
