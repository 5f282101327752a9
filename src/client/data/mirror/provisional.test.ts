import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Engine from '../../../engine/project.ts';
import type { MonthKey } from '../../../engine/months.ts';
import type { ProjectionInput } from '../../../engine/types.ts';
import { MONTHS_OF_KIND } from '../../../shared/resources.ts';
import { openMirror, type MirrorDb } from './db.ts';
import { fillMirror } from '../household.testing.ts';
import { provisionalInput, recomputeMonths, recomputeProvisionalMonths } from './provisional.ts';

// The engine's `project`, wrapped (not replaced): the test sees the input each recompute projects.
const projected = vi.hoisted(() => ({ inputs: [] as unknown[] }));
vi.mock('../../../engine/project.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Engine>();
  return {
    ...real,
    project: (input: Parameters<typeof real.project>[0]) => {
      projected.inputs.push(input);
      return real.project(input);
    },
  };
});

const TODAY = '2026-03' as MonthKey;
const lastInput = () => projected.inputs.at(-1) as ProjectionInput | undefined;
const setProfileYear = (birth_year: unknown) => db.profile.put({ name: 'user', value: { id: 1, email: 'ann@example.com', birth_year, created_at: '2026-01-15T10:00:00.000Z' } });

let db: MirrorDb;
beforeEach(async () => {
  db = openMirror(`provisional-${randomUUID()}`);
  await db.open();
  await fillMirror(db);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe("the device's projection input", () => {
  it("carries the birth year of the mirrored profile, over the session's", async () => {
    expect((await provisionalInput(db, TODAY, 1970))?.birthYear).toBe(1985);
    await setProfileYear(1961);
    expect((await provisionalInput(db, TODAY, 1970))?.birthYear).toBe(1961);
  });

  it("falls back to the session's before the profile has arrived, and has none without either", async () => {
    await db.profile.delete('user');
    expect((await provisionalInput(db, TODAY, 1970))?.birthYear).toBe(1970);
    const none = await provisionalInput(db, TODAY);
    expect(none).not.toBeNull();
    expect('birthYear' in none!).toBe(false);
    // A profile without a usable year counts as none.
    await setProfileYear('1961');
    expect((await provisionalInput(db, TODAY, 1970))?.birthYear).toBe(1970);
  });

  it('is what the provisional month tables are recomputed from', async () => {
    await setProfileYear(1958);
    const input = await provisionalInput(db, TODAY, 1970);
    expect(await recomputeMonths(db, TODAY, 1970)).toBe(true);
    expect(lastInput()?.birthYear).toBe(1958);
    expect(lastInput()).toEqual(input);
    expect((await db.months.bulkGet(Object.values(MONTHS_OF_KIND))).map((row) => row?.provisional)).toEqual([true, true, true, true]);
  });

  it('is null without server tables', async () => {
    await db.months.clear();
    expect(await provisionalInput(db, TODAY, 1970)).toBeNull();
  });
});

describe('after a change of the birth year', () => {
  it('recomputes provisional tables with the new year', async () => {
    await recomputeMonths(db, TODAY);
    await setProfileYear(1961);
    const before = projected.inputs.length;
    expect(await recomputeProvisionalMonths(db, TODAY, 1985)).toBe(true);
    expect(projected.inputs.length).toBe(before + 1);
    expect(lastInput()?.birthYear).toBe(1961);
  });

  it("leaves the server's tables to the server", async () => {
    const stored = await db.months.toArray();
    await setProfileYear(1961);
    const before = projected.inputs.length;
    expect(await recomputeProvisionalMonths(db, TODAY, 1985)).toBe(false);
    expect(projected.inputs.length).toBe(before);
    expect(await db.months.toArray()).toEqual(stored);
  });
});
