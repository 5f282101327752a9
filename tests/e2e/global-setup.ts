/**
 * Builds the production web app once for the browser tests (the server serves `dist/`), unless
 * E2E_SKIP_BUILD=1 says the build is fresh.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
