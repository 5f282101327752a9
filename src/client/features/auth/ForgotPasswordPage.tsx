/**
 * /forgot-password (docs/product.md#screens-and-routes): email only. The confirmation is the same
 * whether or not an account exists, as is the server's answer, so the page tells nobody which
 * emails are registered.
 */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { validatePasswordResetRequest, type PasswordResetRequestInput } from '../../../shared/validation/accounts.ts';
import { useDataLayer } from '../../data/bindings/hooks.ts';
import { accountCalls, authFailureMessage, PASSWORD_REDIRECT_MS } from '../../model/account-calls.ts';
import { AuthCard, FormMessage } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { useRedirect } from './use-redirect.ts';

export const RESET_REQUESTED = 'If an account exists for that email, you will receive password reset instructions shortly. Returning to login...';

export function ForgotPasswordPage() {
  const layer = useDataLayer();
  const redirect = useRedirect();
  const form = useAccountForm({
    initial: { email: '' },
    validate: (values) => validatePasswordResetRequest(values),
    submit: async (value: PasswordResetRequestInput) => {
      const result = await accountCalls.requestReset(layer.transport, value.email);
      return result.ok ? { ok: true } : { ok: false, message: authFailureMessage(result) };
    },
    onSuccess: () => redirect('/login', PASSWORD_REDIRECT_MS),
  });
  return (
    <AuthCard title="Forgot Password" subtitle="Enter the email of your account and we will send you a link to choose a new password.">
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Forgot Password">
        <Stack gap="sm">
          <FormMessage error={form.formError} success={form.succeeded ? RESET_REQUESTED : null} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.field('email')}
            disabled={form.succeeded}
          />
          <Button type="submit" fullWidth disabled={form.submitting || form.succeeded}>
            {form.submitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
