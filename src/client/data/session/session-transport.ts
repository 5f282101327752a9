/**
 * The transport of a session (docs/sync.md#failures): every request belongs to the session's
 * epoch. Logout, a 401 and a change of user end the epoch (`endEpoch`): requests still in flight
 * then answer at once as failures, so a late answer can neither write the old user's data into a
 * mirror just emptied nor sign out the next session. It handles 401s the same way for every
 * transport, and tells every other answer of the epoch to reachability (reachability.ts).
 */
import type { ApiRequest, ApiResult, ApiTransport } from '../api.ts';

export interface SessionTransportOptions {
  /** The HTTP client, or the in-memory twin of tests. */
  inner: ApiTransport;
  /** The token of the session now. */
  getToken: () => string | null;
  /** A 401 answered the token still in use: the session is over. */
  onUnauthorized: () => void;
  isDisposed: () => boolean;
  /** Each answer of a running epoch; `watched` for the layer's own reads. */
  observe: (result: ApiResult, watched: boolean) => void;
}

export interface SessionTransport {
  /** A screen's call or an outbox send: its failure says so to its own caller. */
  transport: ApiTransport;
  /** The layer's own reads (pulls, the subscription check, the probe): no answer at all says the server is out of reach. */
  watched: ApiTransport;
  /** Ends the epoch: what is in flight answers at once as a failure. */
  endEpoch(): void;
}

export function createSessionTransport({ inner, getToken, onUnauthorized, isDisposed, observe }: SessionTransportOptions): SessionTransport {
  let epoch = new AbortController();

  async function guarded(request: ApiRequest, watched: boolean): Promise<ApiResult> {
    const signal = epoch.signal;
    const sentWith = getToken();
    let onEnd = () => {};
    const ended = new Promise<ApiResult>((resolve) => {
      onEnd = () => resolve({ ok: false, kind: 'network', message: 'The session ended before the answer came' });
      signal.addEventListener('abort', onEnd, { once: true });
    });
    let result: ApiResult;
    try {
      result = await Promise.race([inner.request(request), ended]);
    } finally {
      signal.removeEventListener('abort', onEnd);
    }
    // Only a 401 to the token still in use ends the session: one sent before a re-login does not.
    if (!result.ok && result.kind === 'http' && result.status === 401 && !request.anonymous && sentWith !== null && sentWith === getToken()) {
      onUnauthorized();
    }
    if (!isDisposed() && !signal.aborted) observe(result, watched);
    return result;
  }

  return {
    transport: { request: (request) => guarded(request, false) },
    watched: { request: (request) => guarded(request, true) },
    endEpoch() {
      epoch.abort();
      epoch = new AbortController();
    },
  };
}
