/**
 * /users/password/edit?reset_password_token=… (docs/product.md#screens-and-routes): the link of the
 * reset mail. A 422 means the token is spent or expired (it works once, for a limited time).
 * Unavailable to a signed-in user (docs/product.md#roles-and-permissions).
 */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { validatePasswordReset, type PasswordResetInput } from '../../../shared/validation/accounts.ts';
import { useDataLayer, useSession } from '../../data/bindings/hooks.ts';
import { accountCalls, authFailureMessage, PASSWORD_REDIRECT_MS, RESET_TOKEN_EXPIRED } from '../../model/account-calls.ts';
import { AlreadyLoggedIn, AuthCard, FormMessage, NewPasswordFields } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { useRedirect } from './use-redirect.ts';

export const RESET_SUCCESS = 'Password reset successful! Redirecting to login...';

export function ResetPasswordPage({ token }: { token: string }) {
  const layer = useDataLayer();
  const session = useSession();
  const redirect = useRedirect();
  const form = useAccountForm({
    initial: { email: '', password: '', password_confirmation: '' },
    validate: (values) => validatePasswordReset({ ...values, reset_password_token: token }),
    submit: async (value: PasswordResetInput, values) => {
      const result = await accountCalls.resetPassword(layer.transport, {
        email: value.email,
        reset_password_token: value.reset_password_token,
        password: value.password,
        password_confirmation: values.password_confirmation,
      });
      if (result.ok) return { ok: true };
      return { ok: false, message: result.kind === 'http' && result.status === 422 ? RESET_TOKEN_EXPIRED : authFailureMessage(result) };
    },
    onSuccess: () => redirect('/login', PASSWORD_REDIRECT_MS),
  });
  if (session.isAuthenticated) return <AlreadyLoggedIn />;
  const { field, errors } = form;
  // The token comes from the link, not from a field: its message goes above the button.
  const tokenError = errors.reset_password_token ?? null;
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Reset Password">
        <Stack gap="sm">
          <FormMessage error={form.formError ?? tokenError} success={form.succeeded ? RESET_SUCCESS : null} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} disabled={form.succeeded} />
          <NewPasswordFields form={form} label="New Password" />
          <Button type="submit" fullWidth disabled={form.submitting || form.succeeded}>
            {form.submitting ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/forgot-password">
              Request a new reset link
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
