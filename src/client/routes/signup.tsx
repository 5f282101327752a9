import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/auth/SignupPage.tsx';

export const Route = createFileRoute('/signup')({ component: SignupPage });
