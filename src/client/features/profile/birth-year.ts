/** The user's birth year: the mirror's copy of the profile, else the session's (null: unknown). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDataLayer, useSession } from '../../data/hooks.ts';

export function useBirthYear(): number | null {
  const { db } = useDataLayer();
  const session = useSession();
  const stored = useLiveQuery(async () => {
    const value = (await db.profile.get('user'))?.value as { birth_year?: unknown } | undefined;
    return typeof value?.birth_year === 'number' ? value.birth_year : null;
  }, [db]);
  return stored ?? session.birthYear;
}
