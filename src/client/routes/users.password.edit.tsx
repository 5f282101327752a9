import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';

export const Route = createFileRoute('/users/password/edit')({
  validateSearch: (search: Record<string, unknown>): { reset_password_token?: string } =>
    typeof search.reset_password_token === 'string' ? { reset_password_token: search.reset_password_token } : {},
  component: function ResetPasswordRoute() {
    const { reset_password_token: token } = Route.useSearch();
    return <ResetPasswordPage token={token ?? ''} />;
  },
});
