import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The web app manifest lives at the project root (one source); the build copies it out. */
function webManifest(): Plugin {
  return {
    name: 'runway-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest') });
    },
  };
}

// One config for the web build and the test runner. The server is not bundled: it runs
// from source under tsx, so only the client goes through Vite.
export default defineConfig({
  plugins: [
    // File routes under src/client/routes; one chunk per route so '/' does not load the dashboard.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    webManifest(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/users': { target: 'http://127.0.0.1:3000', bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/cable': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['src/client/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server on its own database; PGlite is CPU-heavy to boot,
          // so files run one at a time on small machines.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts a server and a Chromium; on two cores they run one at a time.
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
