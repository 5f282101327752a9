/**
 * One flusher at a time per origin: a Web Lock across the browser's tabs, or an in-process mutex
 * where Web Locks are not there (tests, old browsers).
 */

/* One flusher per lock name in this JavaScript realm, for when Web Locks are not there. */
const mutexTails = new Map<string, Promise<void>>();

function withMutex<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = mutexTails.get(name) ?? Promise.resolve();
  const run = previous.then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  mutexTails.set(name, tail);
  void tail.then(() => {
    if (mutexTails.get(name) === tail) mutexTails.delete(name);
  });
  return run;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(name, fn);
  return withMutex(name, fn);
}
