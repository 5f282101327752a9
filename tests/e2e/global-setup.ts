/**
 * Builds the production web app once for the browser tests (the server serves it), unless
 * E2E_SKIP_BUILD=1 says the build is fresh. E2E_DIST puts it elsewhere than `dist/`, so two runs
 * at once do not overwrite each other's files.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDist = (root: string) => path.resolve(root, process.env.E2E_DIST ?? 'dist');

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', e2eDist(root), '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would bundle React's development build: the tests
    // check what users get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
