import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The import fences (docs/architecture.md#layers): the engine is pure and imports nothing of ours; client and server
// never import each other; shared may only lean on the engine.
const engineFence = {
  patterns: [
    { group: ['**/shared/**', '**/client/**', '**/server/**'], message: 'src/engine imports nothing of ours.' },
    { group: ['react', 'react-*', 'dexie', 'dexie-*', 'ky', 'node:*', 'fs', 'path', 'pg', '@electric-sql/*', 'fastify', '@fastify/*'], message: 'src/engine is pure: no I/O, no frameworks.' },
  ],
};
const sharedFence = {
  patterns: [
    { group: ['**/client/**', '**/server/**'], message: 'src/shared may only import src/engine.' },
    { group: ['node:*', 'fs', 'path', 'react', 'dexie', 'ky', 'fastify', '@fastify/*'], message: 'src/shared runs in both the browser and Node: no platform APIs.' },
  ],
};

// What the browser runs formats figures with src/engine/format.ts: the first Intl formatter a page
// builds costs a phone about 100 ms (docs/performance.md).
const noIntl = { name: 'Intl', message: 'Format with src/engine/format.ts: the first Intl formatter costs a phone about 100 ms.' };
const noLocaleText = {
  selector: "CallExpression[callee.property.name=/^(toLocale(Date|Time)?String|localeCompare)$/]",
  message: 'Format with src/engine/format.ts and compare with < or >: toLocaleString and localeCompare build an Intl formatter or collator, 50-130 ms on a phone the first time.',
};

// The client's layers below the screens (docs/architecture.md#layers): each may import those to
// its left, never those to its right; features never import each other, so what two screens share
// lives in one of these.
//   ui  ←  forms  ←  model  ←  widgets  ←  features
// (data and pwa sit beside them; ui imports neither.)
const noServer = { group: ['**/server/**'], message: 'The client never imports the server.' };
const above = (layers, why) => ({ group: layers.map((layer) => `**/${layer}/**`), message: why });
const layerFence = (folder, layers, why) => ({
  files: [`src/client/${folder}/**`],
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.ts', '**/*.testing.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [noServer, above(layers, why)] }] },
});
const FEATURES = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureFences = FEATURES.map((feature) =>
  layerFence(
    `features/${feature}`,
    FEATURES.filter((other) => other !== feature),
    'A feature never imports another: move what both use to client/model (hooks, derived figures), widgets (parts that read the data), forms or ui.',
  ),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.scratch/', 'test-results/', 'src/client/routeTree.gen.ts', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', engineFence],
      'no-restricted-globals': ['error', { name: 'Date', message: 'The engine has no clock: today is a parameter.' }, noIntl],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'The engine is deterministic.' }],
      'no-restricted-syntax': ['error', noLocaleText],
    },
  },
  {
    files: ['src/client/**', 'src/shared/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-globals': ['error', noIntl], 'no-restricted-syntax': ['error', noLocaleText] },
  },
  { files: ['src/shared/**'], rules: { 'no-restricted-imports': ['error', sharedFence] } },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client never imports the server.' }] }] },
  },
  layerFence('ui', ['data', 'forms', 'model', 'widgets', 'features', 'pwa'], 'client/ui imports no data code and no feature: take what it needs as props.'),
  layerFence('forms', ['model', 'widgets', 'features'], 'client/forms binds a form to the data layer: it imports no model, widget or feature.'),
  layerFence('model', ['forms', 'widgets', 'features'], 'client/model (hooks and derived figures) imports no form, widget or feature.'),
  layerFence('widgets', ['features'], 'A widget is shown by several features and imports none of them.'),
  ...featureFences,
  { files: ['tests/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] }] },
  },
);
