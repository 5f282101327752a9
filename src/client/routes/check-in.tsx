import { createFileRoute } from '@tanstack/react-router';
import { CheckInPage } from '../features/check-in/CheckInPage.tsx';

export const Route = createFileRoute('/check-in')({ component: CheckInPage });
