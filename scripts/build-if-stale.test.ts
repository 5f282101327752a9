import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { staleReason } from './build-if-stale.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function touch(file: string, secondsAgo: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
}

it('builds when there is no build, or a source is newer than it; not when the build is newer', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'runway-stale-'));
  roots.push(root);
  touch(path.join(root, 'src/client/deep/nested/App.tsx'), 100);
  touch(path.join(root, 'package-lock.json'), 100);
  expect(staleReason(root)).toBe('no build yet');

  touch(path.join(root, 'dist/index.html'), 50);
  expect(staleReason(root)).toBeNull();
  // Files the build does not read never make it stale.
  touch(path.join(root, 'src/server/main.ts'), 1);
  touch(path.join(root, 'README.md'), 1);
  expect(staleReason(root)).toBeNull();

  touch(path.join(root, 'src/client/deep/nested/App.tsx'), 10);
  expect(staleReason(root)).toBe(`${path.join('src', 'client', 'deep', 'nested', 'App.tsx')} changed since the last build`);
  touch(path.join(root, 'dist/index.html'), 5);
  touch(path.join(root, 'package-lock.json'), 1);
  expect(staleReason(root)).toBe('package-lock.json changed since the last build');
});
