import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDataLayer } from './data/data-layer.ts';
import { DataLayerProvider } from './data/hooks.ts';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { NotificationsHost } from './ui/NotificationsHost.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// One data layer per page: the mirror, the outbox and the live channel outlive every screen.
const layer = createDataLayer({
  storage: window.localStorage,
  baseUrl: window.location.origin,
  wsOrigin: window.location.origin.replace(/^http/, 'ws'),
});
const router = createAppRouter();
// The colour scheme persists in local storage; 'auto' follows the system until the user picks one.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'runway-color-scheme' });

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <NotificationsHost />
      <DataLayerProvider layer={layer}>
        <RouterProvider router={router} />
      </DataLayerProvider>
    </MantineProvider>
  </StrictMode>,
);
