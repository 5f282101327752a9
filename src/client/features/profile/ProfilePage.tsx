/**
 * /profile (docs/product.md#screens-and-routes): the birth year, prefilled from the mirror's copy
 * of the profile. The server's answer is written back to the mirror, since a profile change sends
 * no live update. Under it, this device: whether the browser keeps Runway's data (unsynced edits
 * live there), and the app's version (which an update changes). Below the card, "Your data"
 * (docs/api.md#export-and-import): export, import and deleting the account.
 */
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { localMonth } from '../../../engine/months.ts';
import { validateProfile, type ProfileInput } from '../../../shared/validation/accounts.ts';
import { useDataLayer, useMirrorQuery, useSession } from '../../data/bindings/hooks.ts';
import { useClock, useValidationContext } from '../../ui/clock.tsx';
import { BirthYearInput } from '../../ui/fields.tsx';
import { StorageStatus } from '../../pwa/StorageStatus.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { accountCalls, firstFieldErrors, PROFILE_UPDATE_FAILED, profileFromAnswer, type ProfileUser } from '../../model/account-calls.ts';
import { AuthCard, FormMessage } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { YourDataSection } from './your-data/index.ts';

export const PROFILE_LOGIN_REQUIRED = 'You must be logged in to update your profile.';
export const PROFILE_UPDATED = 'Profile updated successfully!';
/** The profile form's minimum (docs/product.md#constants-and-limits; the shared rule still asks for more than 1900). */
const PROFILE_BIRTH_YEAR_MIN = 1900;

interface MirrorProfile {
  /** False until the mirror has answered. */
  loaded: boolean;
  user: ProfileUser | null;
  error: string | null;
}

function useMirrorProfile(): MirrorProfile {
  const { value, error } = useMirrorQuery(async (db) => {
    const [row, status] = await Promise.all([db.profile.get('user'), db.syncStatus.get('profile')]);
    const stored = row?.value;
    return { user: typeof stored === 'object' && stored !== null ? (stored as ProfileUser) : null, error: status?.error ?? null };
  }, []);
  return { loaded: value !== undefined || error !== null, user: value?.user ?? null, error: error ?? value?.error ?? null };
}

const yearText = (year: unknown) => (typeof year === 'number' && Number.isFinite(year) ? String(year) : '');

function ProfileForm({ profile }: { profile: MirrorProfile }) {
  const layer = useDataLayer();
  const session = useSession();
  const ctx = useValidationContext();
  const clock = useClock();
  const stored = profile.user?.birth_year ?? session.birthYear;
  const form = useAccountForm({
    initial: { birth_year: yearText(stored) },
    validate: (values) => validateProfile(values, ctx),
    submit: async (value: ProfileInput) => {
      const result = await accountCalls.updateProfile(layer.transport, value.birth_year);
      if (!result.ok) {
        // The first message per field (docs/product.md#error-messages), else the default (never the bare status text).
        const errors = firstFieldErrors(result);
        if (!errors) return { ok: false, message: PROFILE_UPDATE_FAILED };
        const others = Object.entries(errors).filter(([field]) => field !== 'birth_year');
        return { ok: false, message: others.length > 0 ? others.map(([, message]) => message).join(' ') : null, errors };
      }
      const user = profileFromAnswer(result.data);
      if (user) {
        await layer.db.profile.put({ name: 'user', value: user });
        // The birth year is an input of the projection: month tables this device recomputed while
        // edits wait take the new one at once (the server sends its own through the live channel).
        // The profile is saved whatever that does.
        const { recomputeProvisionalMonths } = await import('../../data/mirror/provisional.ts');
        await recomputeProvisionalMonths(layer.db, localMonth(clock()), session.birthYear).catch(() => false);
      }
      return { ok: true };
    },
    stayOpen: true,
  });

  // The mirror's copy may arrive after the form (the first pull after login): fill it in unless typed over.
  const typed = useRef(false);
  const { setField } = form;
  useEffect(() => {
    if (!typed.current && typeof stored === 'number') setField('birth_year', String(stored));
  }, [stored, setField]);
  const birthYear = form.field('birth_year');

  return (
    <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Profile">
      <Stack gap="sm">
        <FormMessage error={form.formError} success={form.succeeded ? PROFILE_UPDATED : null} />
        {profile.error && !profile.user && (
          <Alert color="yellow" variant="light">
            {profile.error}
          </Alert>
        )}
        <BirthYearInput
          min={PROFILE_BIRTH_YEAR_MIN}
          {...birthYear}
          onChange={(event) => {
            typed.current = true;
            birthYear.onChange(event);
          }}
        />
        <Button type="submit" fullWidth disabled={form.submitting}>
          {form.submitting ? 'Updating...' : 'Update Profile'}
        </Button>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const session = useSession();
  const profile = useMirrorProfile();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message={PROFILE_LOGIN_REQUIRED} />;
  const email = profile.user?.email ?? session.email;
  return (
    <Stack gap="lg" maw={460} w="100%" mx="auto">
      <AuthCard title="Profile" subtitle="Keep your account details up to date.">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Email
          </Text>
          <Text fw={500} data-testid="profile-email">
            {email ?? '—'}
          </Text>
        </Stack>
        {profile.loaded && <ProfileForm profile={profile} />}
        <Divider label="This device" labelPosition="left" />
        <StorageStatus />
        <Text size="xs" c="dimmed" data-testid="app-version">
          {`Runway ${__RUNWAY_VERSION__}`}
        </Text>
      </AuthCard>
      <YourDataSection />
    </Stack>
  );
}
