import { describe, expect, it } from 'vitest';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { KEPT_INPUTS, TO_WORKER, type ToWorker } from './protocol.ts';
import { createRiskClient } from './risk-client.ts';

/** A stand-in for the worker that records what the page posts (the worker itself runs in the browser tests). */
function recordingWorker() {
  const posted: ToWorker[] = [];
  const worker = { postMessage: (message: ToWorker) => posted.push(message), onmessage: null, onerror: null } as unknown as Worker;
  return { worker, posted };
}

const plan = (n: number) => ({ n }) as unknown as ProjectionInput;
const ask = (input: ProjectionInput) => ({ kind: 'history', input, stockShare: 60 }) as const;
const inputsSent = (posted: ToWorker[]) => posted.filter((m) => m.type === TO_WORKER.input).map((m) => (m.type === TO_WORKER.input ? m.input : null));

describe('the risk client', () => {
  it('sends a plan once and names it in every run that asks about it', () => {
    const { worker, posted } = recordingWorker();
    const client = createRiskClient(() => worker);
    const input = plan(1);
    client.run(ask(input));
    client.run({ kind: 'whatIf', input, changes: {}, birthYear: 1985 });
    expect(inputsSent(posted)).toEqual([input]);
    const runs = posted.filter((m) => m.type === TO_WORKER.run);
    expect(runs).toHaveLength(2);
    expect(runs.map((m) => (m.type === TO_WORKER.run ? m.request : null))).toEqual([
      { kind: 'history', stockShare: 60, inputId: 1 },
      { kind: 'whatIf', changes: {}, birthYear: 1985, inputId: 1 },
    ]);
  });

  it('sends a plan again once the worker has dropped it, keeping the most recently used', () => {
    const { worker, posted } = recordingWorker();
    const client = createRiskClient(() => worker);
    const plans = Array.from({ length: KEPT_INPUTS + 1 }, (_, i) => plan(i));
    plans.slice(0, KEPT_INPUTS).forEach((input) => client.run(ask(input)));
    // Plan 0 used again: it becomes the newest, so the fifth plan pushes out plan 1, not plan 0.
    client.run(ask(plans[0]!));
    client.run(ask(plans[KEPT_INPUTS]!));
    client.run(ask(plans[0]!));
    expect(inputsSent(posted)).toHaveLength(KEPT_INPUTS + 1);
    client.run(ask(plans[1]!));
    expect(inputsSent(posted)).toEqual([...plans, plans[1]]);
  });

  it('sends every plan again to a worker started after a failure', () => {
    const first = recordingWorker();
    const second = recordingWorker();
    const workers = [first.worker, second.worker];
    const client = createRiskClient(() => workers.shift()!);
    const input = plan(7);
    void client.run(ask(input)).promise.catch(() => {});
    (first.worker.onerror as (event: ErrorEvent) => void)({ message: 'failed' } as ErrorEvent);
    client.run(ask(input));
    expect(inputsSent(first.posted)).toEqual([input]);
    expect(inputsSent(second.posted)).toEqual([input]);
  });
});
