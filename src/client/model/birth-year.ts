/** The user's birth year: the mirror's copy of the profile, else the session's (null: unknown). */
import { BIRTH_YEAR } from '../data/mirror/plan-start.ts';
import { useMirrorRead, useSession } from '../data/bindings/hooks.ts';

export function useBirthYear(): number | null {
  const session = useSession();
  const stored = useMirrorRead(BIRTH_YEAR).value;
  return stored ?? session.birthYear;
}
