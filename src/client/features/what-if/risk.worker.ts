/**
 * The risk worker (DESIGN §8): runs src/engine off the main thread, so a Monte Carlo run or a
 * history replay never holds up a tap or a scroll. Speaks protocol.ts; one run at a time per
 * kind is the page's business (risk-client.ts cancels the older one).
 */
/// <reference lib="webworker" />
import { compute } from './compute.ts';
import { FROM_WORKER, TO_WORKER, type FromWorker, type ToWorker } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const cancelled = new Set<number>();

/** A macrotask: lets queued `cancel` messages run between chunks (a MessageChannel, not a 4 ms-clamped timer). */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const post = (message: FromWorker): void => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === TO_WORKER.cancel) {
    cancelled.add(message.id);
    return;
  }
  const { id, request } = message;
  const started = performance.now();
  try {
    const answer = await compute(request, {
      progress: (done, total) => post({ type: FROM_WORKER.progress, id, done, total }),
      pause,
      cancelled: () => cancelled.has(id),
    });
    if (answer !== null && !cancelled.has(id)) post({ type: FROM_WORKER.result, id, answer, ms: performance.now() - started });
  } catch (error) {
    post({ type: FROM_WORKER.error, id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    cancelled.delete(id);
  }
};
