/** The user's birth year: the mirror's copy of the profile, else the session's (null: unknown). */
import { useMirrorQuery, useSession } from '../../data/hooks.ts';

export function useBirthYear(): number | null {
  const session = useSession();
  const stored = useMirrorQuery(async (db) => {
    const value = (await db.profile.get('user'))?.value as { birth_year?: unknown } | undefined;
    return typeof value?.birth_year === 'number' ? value.birth_year : null;
  }, []).value;
  return stored ?? session.birthYear;
}
