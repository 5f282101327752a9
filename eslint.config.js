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
      'no-restricted-globals': ['error', { name: 'Date', message: 'The engine has no clock: today is a parameter.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'The engine is deterministic.' }],
    },
  },
  { files: ['src/shared/**'], rules: { 'no-restricted-imports': ['error', sharedFence] } },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client never imports the server.' }] }] },
  },
  { files: ['tests/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] }] },
  },
);
