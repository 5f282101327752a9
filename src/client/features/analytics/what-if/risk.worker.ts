/**
 * The risk worker (docs/projection-rules.md#monte-carlo, #history): runs src/engine off the main
 * thread, so a Monte Carlo run or a history replay never holds up a tap or a scroll. Speaks
 * protocol.ts; one run at a time per kind is the page's business (risk-client.ts cancels the older
 * one).
 */
/// <reference lib="webworker" />
import { compute } from './compute.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { FROM_WORKER, KEPT_INPUTS, TO_WORKER, type FromWorker, type RiskRequest, type ToWorker } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const cancelled = new Set<number>();
/** The inputs runs name, oldest first (a Map keeps insertion order); the page tracks the same KEPT_INPUTS. */
const inputs = new Map<number, ProjectionInput>();

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
  if (message.type === TO_WORKER.input) {
    inputs.delete(message.inputId);
    inputs.set(message.inputId, message.input);
    while (inputs.size > KEPT_INPUTS) inputs.delete(inputs.keys().next().value as number);
    return;
  }
  const { id, request: sent } = message;
  const started = performance.now();
  try {
    const input = inputs.get(sent.inputId);
    if (input === undefined) throw new Error('The plan to calculate was not received. Please try again.');
    // The page's most recent use moves an input to the end, as its own list does.
    inputs.delete(sent.inputId);
    inputs.set(sent.inputId, input);
    const { inputId: _named, ...rest } = sent;
    const answer = await compute({ ...rest, input } as RiskRequest, {
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
