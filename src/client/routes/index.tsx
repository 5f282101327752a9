import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage.tsx';

// The landing page is the first page most visitors load: its component comes with the app's first
// script rather than a chunk of its own, so a first visit hydrates without waiting for another
// round trip (it has no loader; grouping the loader alone keeps the component unsplit).
export const Route = createFileRoute('/')({ component: HomePage, codeSplitGroupings: [['loader']] });
