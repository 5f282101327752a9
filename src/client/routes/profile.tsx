import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';

export const Route = createFileRoute('/profile')({ component: ProfilePage });
