/**
 * The plan start day the device projects with (docs/projection-rules.md#typed-balances-are-todays):
 * the UTC day of the user's sign-up, from the mirror's copy of the profile (`created_at`). The
 * server starts the plan on that date; without it a recompute here would charge month 1's bills
 * that the server leaves out.
 */
import { birthYearOf, planStartDayOf } from '../../../shared/months/input.ts';
import type { MirrorDb } from './db.ts';
import type { MirrorRead } from '../bindings/live-reads.ts';

/** The day of the month the plan started; null until the profile (with `created_at`) has arrived. */
export async function storedPlanStartDay(db: MirrorDb): Promise<number | null> {
  const user = (await db.profile.get('user'))?.value as { created_at?: unknown } | null | undefined;
  return planStartDayOf(user?.created_at);
}

/**
 * The user's birth year as the mirror's copy of the profile holds it (`birth_year`): the ages the
 * projection reads, as the server reads users.birth_year. Null until the profile has arrived.
 */
export async function storedBirthYear(db: MirrorDb): Promise<number | null> {
  return birthYearOf((await db.profile.get('user'))?.value);
}

/** The plan start day as a shared mirror read (useMirrorRead in hooks.ts, warmLive in live-reads.ts). */
export const PLAN_START_DAY: MirrorRead<number | null> = { kind: 'mirror', key: 'profile:planStartDay', query: storedPlanStartDay };

/** The birth year as a shared mirror read. */
export const BIRTH_YEAR: MirrorRead<number | null> = { kind: 'mirror', key: 'profile:birthYear', query: storedBirthYear };
