/**
 * /signup (docs/product.md#screens-and-routes). The rules are the server's own (validateSignUpForm
 * adds the terms checkbox, which is never sent). The allow_signup flag, on unless the server lists
 * it off, replaces the form with a notice; the server refuses too, should the mirror's flags be
 * stale.
 */
import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BIRTH_YEAR_MIN, validateSignUpForm, type SignUpInput } from '../../../shared/validation/accounts.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useDataLayer, useFeatureFlag, useSession } from '../../data/bindings/hooks.ts';
import { useValidationContext } from '../../ui/clock.tsx';
import { BirthYearInput } from '../../ui/fields.tsx';
import { accountCalls, authFailureMessage, firstFieldErrors, SIGN_IN_REDIRECT_MS } from '../../model/account-calls.ts';
import { AlreadyLoggedIn, AuthCard, AuthSwitch, FormMessage, NewPasswordFields } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { useRedirect } from './use-redirect.ts';
import { useSessionStart } from './use-session-start.tsx';

export const SIGNUP_SUCCESS = 'Signup successful! Redirecting to dashboard...';

function SignupUnavailable() {
  return (
    <AuthCard title="Signup Temporarily Unavailable">
      <Text>New accounts cannot be created at the moment. Please check back later.</Text>
      <Text>
        {'Already have an account? '}
        <Anchor component={Link} to="/login" underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}

export function SignupPage() {
  const hydrated = useHydrated();
  const layer = useDataLayer();
  const session = useSession();
  const signup = useFeatureFlag('allow_signup');
  const ctx = useValidationContext();
  const redirect = useRedirect();
  const sessionStart = useSessionStart();
  const form = useAccountForm({
    initial: { email: '', password: '', password_confirmation: '', birth_year: '', terms: false as boolean },
    validate: (values) => validateSignUpForm(values, ctx),
    submit: async (value: SignUpInput, values) => {
      const result = await accountCalls.signUp(layer.transport, {
        email: value.email,
        password: value.password,
        password_confirmation: String(values.password_confirmation),
        birth_year: value.birth_year,
      });
      if (!result.ok) {
        return { ok: false, message: authFailureMessage(result), errors: firstFieldErrors(result) };
      }
      return sessionStart.start(result.data, value.email);
    },
    onSuccess: () => redirect('/dashboard', SIGN_IN_REDIRECT_MS),
  });
  const busy = form.submitting || form.succeeded;
  if (session.isAuthenticated && !busy) return <AlreadyLoggedIn />;
  if (!signup.enabled && !busy) return <SignupUnavailable />;
  const { field, checkbox } = form;
  return (
    <AuthCard title="Sign Up" subtitle="Create your Runway account to start planning.">
      {/* Prerendered, it takes input once the app can handle it (ui/use-hydrated.ts). */}
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Sign Up" inert={!hydrated}>
        <Stack gap="sm">
          <FormMessage error={form.formError} success={form.succeeded ? SIGNUP_SUCCESS : null} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} disabled={form.succeeded} />
          <NewPasswordFields form={form} label="Password" />
          <BirthYearInput min={BIRTH_YEAR_MIN} {...field('birth_year')} disabled={form.succeeded} />
          <Checkbox
            {...checkbox('terms')}
            disabled={form.succeeded}
            label={
              <>
                {'I agree to the '}
                {/* A new tab, so that reading the terms does not lose what was typed. */}
                <Anchor component={Link} to="/terms-of-service" target="_blank" inherit underline="always">
                  Terms of Service
                </Anchor>
              </>
            }
          />
          <Button type="submit" fullWidth disabled={busy}>
            {form.submitting ? 'Creating account...' : 'Sign Up'}
          </Button>
          <AuthSwitch prompt="Already have an account? " to="/login">
            Log in
          </AuthSwitch>
        </Stack>
      </form>
      {sessionStart.dialog}
    </AuthCard>
  );
}
