import type { LiveChannel, LiveChannelOptions } from './live/cable.ts';
import type { recomputeMonths as RecomputeMonths } from './mirror/provisional.ts';

/**
 * The live channel and the provisional month tables load on first use: the ActionCable client and
 * the projection engine stay out of the first page's JavaScript (a visitor on '/' needs neither).
 */
export function connectLiveChannelLazily(options: LiveChannelOptions): LiveChannel {
  let closed = false;
  let inner: LiveChannel | null = null;
  import('./live/cable.ts')
    .then(({ connectLiveChannel }) => {
      if (!closed) inner = connectLiveChannel(options);
    })
    .catch((error: unknown) => options.onState('disconnected', error instanceof Error ? error.message : String(error)));
  return {
    close() {
      closed = true;
      inner?.close();
    },
  };
}

export const recomputeMonthsLazily: typeof RecomputeMonths = async (...args) => (await import('./mirror/provisional.ts')).recomputeMonths(...args);
