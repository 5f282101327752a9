/**
 * /change-password (docs/product.md#screens-and-routes). The server signs out every other device of
 * the user and keeps this one signed in; a wrong current password comes back as that field's
 * message.
 */
import { Button, Stack } from '@mantine/core';
import { validatePasswordChange, type PasswordChangeInput } from '../../../shared/validation/accounts.ts';
import { useDataLayer, useSession } from '../../data/bindings/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { accountCalls, authFailureMessage, firstFieldErrors, PASSWORD_REDIRECT_MS } from '../../model/account-calls.ts';
import { AuthCard, FormMessage, NewPasswordFields, PasswordField } from '../../forms/AuthCard.tsx';
import { useAccountForm } from '../../forms/use-account-form.ts';
import { useRedirect } from './use-redirect.ts';

export const CHANGE_SUCCESS = 'Password changed successfully! Redirecting to dashboard...';
export const CHANGE_LOGIN_REQUIRED = 'You must be logged in to change your password.';

export function ChangePasswordPage() {
  const layer = useDataLayer();
  const session = useSession();
  const redirect = useRedirect();
  const form = useAccountForm({
    initial: { current_password: '', password: '', password_confirmation: '' },
    validate: (values) => validatePasswordChange(values),
    submit: async (value: PasswordChangeInput, values) => {
      const result = await accountCalls.changePassword(layer.transport, {
        email: session.email ?? '',
        current_password: value.current_password,
        password: value.password,
        password_confirmation: values.password_confirmation,
      });
      if (result.ok) return { ok: true };
      return { ok: false, message: authFailureMessage(result), errors: firstFieldErrors(result) };
    },
    onSuccess: () => redirect('/dashboard', PASSWORD_REDIRECT_MS),
  });
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message={CHANGE_LOGIN_REQUIRED} />;
  const { field } = form;
  return (
    <AuthCard title="Change Password" subtitle={session.email ? `For ${session.email}` : undefined}>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Change Password">
        <Stack gap="sm">
          <FormMessage error={form.formError} success={form.succeeded ? CHANGE_SUCCESS : null} />
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            {...field('current_password')}
            disabled={form.succeeded}
          />
          <NewPasswordFields form={form} label="New Password" />
          <Button type="submit" fullWidth disabled={form.submitting || form.succeeded}>
            {form.submitting ? 'Updating...' : 'Update Password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
