/** The user's birth year: the mirror's copy of the profile, else the session's (null: unknown). */
import { storedBirthYear } from '../../data/plan-start.ts';
import { useMirrorQuery, useSession } from '../../data/hooks.ts';

export function useBirthYear(): number | null {
  const session = useSession();
  const stored = useMirrorQuery(storedBirthYear, []).value;
  return stored ?? session.birthYear;
}
