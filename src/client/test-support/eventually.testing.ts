/**
 * Waits until `check` stops throwing, as `vi.waitFor` does, with room for a loaded CI machine:
 * 10 s, where `vi.waitFor` gives up after 1 s (testing-library's waits get the same 10 s in
 * test-setup.ts). A wait that holds returns as soon as it does, so the room costs nothing.
 */
import { vi } from 'vitest';

const EVENTUALLY_MS = 10_000;

export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: EVENTUALLY_MS, interval: 20 });
}
