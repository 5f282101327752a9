import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { bootScript, prerender } from './scripts/prerender-plugin.ts';
import { unusedMantineCss } from './scripts/unused-mantine-css.ts';

/** The web app manifest lives at the project root (one source); the build copies it out. */
function webManifest(): Plugin {
  return {
    name: 'runway-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest') });
    },
  };
}

/**
 * Writes a brotli and a gzip copy beside every text file of the build, which the server sends to
 * browsers that accept them (@fastify/static `preCompressed`). Measured: without it the first load
 * of '/' moved 430 kB of script and 250 kB of styles uncompressed, and Lighthouse's simulated
 * slow 4G put the first paint at 5.2 s.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  return {
    name: 'runway-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
          const source = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Which files of the build the service worker precaches at install, for everyone: the shell a
 * visitor's pages need offline (sw/sw.ts). They are every file the build does not name by content
 * hash but the icons (the pages, the manifest, the favicon), the stylesheet, and the scripts of
 * the entry and of the landing and legal pages' routes with everything they import statically.
 * The rest, the signed-in app, is cached when someone signs in. `markShell` is the worker build's
 * manifest transform.
 */
function swShell() {
  const shell = new Set<string>();
  // The landing page and the legal texts; the sign-in and sign-up forms' code (the data layer,
  // the form kit, the shared rules) comes when a visitor opens them, not with the first visit.
  const publicRoutes = ['index', 'privacy-policy', 'terms-of-service'].map((name) => `/src/client/routes/${name}.tsx`);
  const plugin: Plugin = {
    name: 'runway-sw-shell',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const starts = chunks.filter((chunk) => chunk.isEntry || chunk.moduleIds.some((id) => publicRoutes.some((route) => id.split('?')[0]?.endsWith(route))));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const visit = (fileName: string) => {
        if (shell.has(fileName)) return;
        shell.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of starts) visit(chunk.fileName);
    },
  };
  // The manifest's PNG icons (270 kB) serve an installed app: they come with the signed-in app.
  const isShell = (entry: { url: string; revision: string | null }) =>
    entry.url.endsWith('.css') || shell.has(entry.url) || (entry.revision !== null && !entry.url.endsWith('.png'));
  const markShell = async <Entry extends { url: string; revision: string | null }>(entries: Entry[]) => ({
    manifest: entries.map((entry) => (isShell(entry) ? { ...entry, shell: true } : entry)),
  });
  return { plugin, markShell };
}
const shell = swShell();

const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

const define = {
  // Shown on the profile screen, so a user (and support) can tell which version runs after an
  // update. RUNWAY_VERSION overrides it (the update test deploys a second build that way).
  __RUNWAY_VERSION__: JSON.stringify(process.env.RUNWAY_VERSION ?? packageVersion),
};

/** The app's modules as both builds compile them: file routes, one chunk per route, and React. */
const appPlugins = () => [
  // File routes under src/client/routes; one chunk per route so '/' does not load the dashboard.
  tanstackRouter({
    target: 'react',
    routesDirectory: 'src/client/routes',
    generatedRouteTree: 'src/client/routeTree.gen.ts',
    autoCodeSplitting: true,
  }),
  react(),
];

// One config for the web build and the test runner. The server is not bundled: it runs
// from source under tsx, so only the client goes through Vite.
export default defineConfig({
  plugins: [
    ...appPlugins(),
    bootScript(),
    webManifest(),
    // The stylesheet without the rules of Mantine components the app never renders.
    unusedMantineCss(),
    // The visitor's pages as HTML, painted before any script (scripts/prerender-plugin.ts).
    prerender({ plugins: appPlugins, define }),
    shell.plugin,
    // The service worker (sw/sw.ts) with the build's precache list injected. The page registers it
    // itself (src/client/pwa/register-sw.ts, with workbox-window, after load), and the manifest is
    // ours (above), so the plugin neither injects a script nor writes a manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // One classic script (the page registers it without `type: 'module'`). The plugin's ES
        // build sets rolldown's deprecated `inlineDynamicImports` and prints a warning on every
        // build; the IIFE build makes the same single file without it.
        rollupFormat: 'iife',
        // Every script (route chunks and the lazily loaded ones: the data layer, each analytics
        // tab, the charts), the styles, the pages, the icons and the manifest: all the app needs
        // to start offline, and to open any tab offline. Source maps are left out. The shell
        // among them is precached at install, the rest once someone signs in (swShell above).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        manifestTransforms: [shell.markShell],
      },
    }),
    precompress(),
  ],
  define,
  // The risk worker (src/client/features/analytics/what-if/risk.worker.ts) is a module worker: ES output
  // keeps its engine chunk shared with the page's and lets it load like any other script.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The charts library's chunk (recharts, about 410 kB minified, 120 kB gzip) is the largest: it
    // loads when a chart comes near the screen (features/analytics/ChartSlot.tsx) and is precached
    // by the service worker. The first page's budget is kept by `npm run bench:web` (gzip JavaScript
    // of the first load), not by this warning.
    chunkSizeWarningLimit: 600,
    // One stylesheet for every page: the prerendered pages inline what their markup uses and load
    // the rest after it (scripts/prerender-plugin.ts), so no page waits for a route's own styles.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk, instead of a dozen small chunks
        // shared with the routes (link, Box, Button, …): a first visit's scripts arrive in two
        // requests rather than sixteen. Of the rest, Mantine's components and the projection
        // engine are one chunk each, not one per component or module (a signed-in page fetched
        // and compiled 73 chunks); the routes' and tabs' own code stays split.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 2 },
            { name: 'engine', test: /src[\\/](engine|shared)[\\/]/, priority: 1 },
          ],
        },
      },
    },
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
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/client/test-setup.ts'],
          // Screen tests wait up to 10 s for the mirror (test-setup.ts); a test needs room beyond
          // its waits when CI is busy (two cores: a full Overview render took 5–6 s under load).
          testTimeout: 20_000,
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
          // A poll waits for the app (a save, a live update, a chart); its 1 s default is too short
          // while CI runs other layers beside the browser on two cores (a dialog took longer to close).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
