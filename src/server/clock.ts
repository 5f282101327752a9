/**
 * The server's clock, passed to every service that reads the time (tests pass a fixed one), and
 * the "today" its validation rules use.
 */
import type { ValidationContext } from '../shared/validation/index.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * "Today" for rules such as "not in the future". The server cannot know the user's time zone,
 * so it takes the date in the earliest time zone (UTC+14): a date that is today anywhere on
 * Earth is never refused as a future date.
 */
export function validationContext(clock: Clock): ValidationContext {
  const ahead = new Date(clock.now().getTime() + 14 * 60 * 60 * 1000);
  return { today: ahead.toISOString().slice(0, 10) };
}
