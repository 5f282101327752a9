/**
 * /login (docs/product.md#screens-and-routes): email, password and remember me. A 401 reads
 * 'Invalid Credentials'; success stores the session through the data layer and goes to the
 * dashboard after 2 s.
 */
import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { validateSignIn, type SignInInput } from '../../../shared/validation/accounts.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useDataLayer, useSession } from '../../data/bindings/hooks.ts';
import { accountCalls, authFailureMessage, INVALID_CREDENTIALS, SIGN_IN_REDIRECT_MS } from '../../model/account-calls.ts';
import { AlreadyLoggedIn, AuthCard, AuthSwitch, FormMessage, PasswordField } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { useRedirect } from './use-redirect.ts';
import { useSessionStart } from './use-session-start.tsx';

export const LOGIN_SUCCESS = 'Login successful! Redirecting to dashboard...';
export const LOGIN_WELCOME = 'Welcome back! Log in to plan your finances.';

export function LoginPage() {
  const hydrated = useHydrated();
  const layer = useDataLayer();
  const session = useSession();
  const redirect = useRedirect();
  const sessionStart = useSessionStart();
  const form = useAccountForm({
    initial: { email: '', password: '', remember_me: false as boolean },
    validate: (values) => validateSignIn(values),
    submit: async (value: SignInInput) => {
      const result = await accountCalls.signIn(layer.transport, value);
      if (!result.ok) return { ok: false, message: result.kind === 'http' && result.status === 401 ? INVALID_CREDENTIALS : authFailureMessage(result) };
      return sessionStart.start(result.data, value.email);
    },
    onSuccess: () => redirect('/dashboard', SIGN_IN_REDIRECT_MS),
  });
  // While signing in the session changes under the form: keep it until the redirect.
  if (session.isAuthenticated && !form.submitting && !form.succeeded) return <AlreadyLoggedIn />;
  const { field, checkbox } = form;
  const locked = form.submitting || form.succeeded;
  return (
    <AuthCard title="Runway" subtitle={LOGIN_WELCOME}>
      {/* Prerendered, it takes input once the app can handle it (ui/use-hydrated.ts). */}
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Login" inert={!hydrated}>
        <Stack gap="sm">
          <FormMessage error={form.formError} success={form.succeeded ? LOGIN_SUCCESS : null} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...field('email')}
            disabled={form.succeeded}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...field('password')}
            disabled={form.succeeded}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label="Remember me" {...checkbox('remember_me')} disabled={form.succeeded} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={locked}>
            {form.submitting ? 'Logging in...' : 'Login'}
          </Button>
          <AuthSwitch prompt="Don't have an account? " to="/signup">
            Sign up
          </AuthSwitch>
        </Stack>
      </form>
      {sessionStart.dialog}
    </AuthCard>
  );
}
