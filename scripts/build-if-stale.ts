/**
 * `npm start`'s first step: builds the web app into dist/ only when there is no build yet or a
 * file the build reads changed after it (so a restart starts in seconds, not a minute).
 *
 * What the build reads: the app's sources (src/client, src/shared, src/engine), the service worker
 * (sw/), public/, index.html, the manifest, vite.config.ts with its prerender step
 * (scripts/prerender-plugin.ts), tsconfig.json and package-lock.json.
 * A file newer than dist/index.html (written last by the build) means a new build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const INPUTS = ['src/client', 'src/shared', 'src/engine', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'scripts/prerender-plugin.ts', 'tsconfig.json', 'package-lock.json'];

/** The newest modification time (ms) among the files under `paths`, and which file it is. */
export function newestInput(paths: readonly string[]): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const pending = paths.filter((p) => existsSync(p));
  while (pending.length > 0) {
    const current = pending.pop() as string;
    const stat = statSync(current);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(current)) pending.push(path.join(current, entry));
    } else if (!newest || stat.mtimeMs > newest.mtimeMs) {
      newest = { file: current, mtimeMs: stat.mtimeMs };
    }
  }
  return newest;
}

/** Why a build is needed, or null when `root`/dist/ is up to date. */
export function staleReason(root = projectRoot): string | null {
  const marker = path.join(root, 'dist', 'index.html');
  if (!existsSync(marker)) return 'no build yet';
  const built = statSync(marker).mtimeMs;
  const newest = newestInput(INPUTS.map((p) => path.join(root, p)));
  if (newest && newest.mtimeMs > built) return `${path.relative(root, newest.file)} changed since the last build`;
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = projectRoot;
  const reason = staleReason(root);
  if (reason === null) {
    console.log('Runway: the web app in dist/ is up to date.');
  } else {
    console.log(`Runway: building the web app (${reason}); this takes about a minute on a small machine...`);
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
