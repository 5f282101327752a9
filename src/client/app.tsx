/**
 * The app's tree of providers: Mantine (theme, colour scheme), the data layer, the installable
 * app's controller and the router. One tree for the page (main.tsx renders or hydrates it) and for
 * the build's prerendered pages (prerender.tsx renders it to HTML), so the markup the build writes
 * is the markup the page hydrates.
 */
import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { DeferredDataLayer } from './data/deferred-layer.ts';
import { DataLayerProvider } from './data/bindings/hooks.ts';
import type { PwaController } from './pwa/controller.ts';
import { PwaProvider } from './pwa/hooks.ts';
import type { AppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { NotificationsHost } from './ui/NotificationsHost.tsx';

export interface AppProps {
  router: AppRouter;
  layer: DeferredDataLayer;
  pwa: PwaController;
  colorSchemeManager?: MantineColorSchemeManager;
}

export function App({ router, layer, pwa, colorSchemeManager }: AppProps) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" {...(colorSchemeManager ? { colorSchemeManager } : {})}>
        <NotificationsHost />
        <DataLayerProvider layer={layer}>
          <PwaProvider controller={pwa}>
            <RouterProvider router={router} />
          </PwaProvider>
        </DataLayerProvider>
      </MantineProvider>
    </StrictMode>
  );
}
