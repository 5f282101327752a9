/**
 * "Today" for screens, injectable so tests can stand on a month boundary. The app uses the
 * browser's local date: the month a person is living in is the one they see.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ValidationContext } from '../../shared/validation/kit.ts';

export type Clock = () => Date;

const ClockContext = createContext<Clock>(() => new Date());

export function ClockProvider({ clock, children }: { clock: Clock; children?: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The validation context of the shared rules, from the clock. */
export function useValidationContext(): ValidationContext {
  const clock = useClock();
  return { today: localDate(clock()) };
}
