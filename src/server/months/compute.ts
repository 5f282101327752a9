/**
 * The user's projection now: their records and actual values through src/engine.
 */
import { project } from '../../engine/project.ts';
import type { Projection } from '../../engine/index.ts';
import { monthOfDate, type MonthKey } from '../../engine/months.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { validationContext, type Clock } from '../clock.ts';
import { planStartDayOf } from '../../shared/months/input.ts';
import { MONTHS_AFFECTED_BY_RESOURCE } from '../../shared/resources.ts';
import { loadProjectionInput, monthOfInstant, type MonthKind } from './input.ts';

/** The current month as late as it is anywhere on Earth (see validationContext). */
export function currentMonth(clock: Clock): MonthKey {
  return monthOfDate(validationContext(clock).today);
}

/**
 * The plan starts on the UTC date of sign-up: month 1 is its month, and its day decides which of
 * month 1's bills were already paid. The birth year comes from the user's row (loadProjectionInput),
 * not from `user`, which a profile change in the same transaction has made stale.
 */
export async function projectFor(db: Db, clock: Clock, user: Pick<AuthUser, 'id' | 'createdAt'>): Promise<Projection> {
  return project(await loadProjectionInput(db, user.id, monthOfInstant(user.createdAt), currentMonth(clock), planStartDayOf(user.createdAt)));
}

/**
 * The month tables a change to each kind of record can alter: each resource's `affects`
 * (shared/resources.ts), and the profile's.
 */
export const MONTHS_AFFECTED_BY = {
  ...MONTHS_AFFECTED_BY_RESOURCE,
  // The user's birth year (PUT /api/v1/profile): the ages of the retirement taxes' bracket mode (the
  // 65+ deductions, the penalty before 59½, RMDs), read with the plan assumptions that turn it on, so
  // it reaches what they reach. A profile change is rare: every table is sent.
  profile: ['income', 'debt', 'retirement', 'contribution'],
} as const satisfies Record<string, readonly MonthKind[]>;
