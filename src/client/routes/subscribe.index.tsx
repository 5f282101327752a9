import { createFileRoute } from '@tanstack/react-router';
import { SubscribePage } from '../features/subscribe/SubscribePage.tsx';

export const Route = createFileRoute('/subscribe/')({ component: SubscribePage });
