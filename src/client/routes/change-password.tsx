import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage.tsx';

export const Route = createFileRoute('/change-password')({ component: ChangePasswordPage });
