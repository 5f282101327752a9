/**
 * Reads the subscription from the server once per visit of a subscribe screen (signed in and
 * online) and sets the session's flag from it: the flag stored at login may be stale, e.g. after
 * canceling in the provider's portal, which returns to /subscribe.
 */
import { useEffect } from 'react';
import { useDataLayer, useSession } from '../../data/hooks.ts';
import { refreshSubscription } from './payments.ts';

export function useFreshSubscription(): void {
  const layer = useDataLayer();
  const session = useSession();
  const signedIn = session.isAuthenticated;
  useEffect(() => {
    if (!signedIn) return;
    // After the initial load: adopting a new session's mirror cancels requests already in flight.
    layer.ready
      .then(() => (layer.getState().online && layer.getSession().isAuthenticated ? refreshSubscription(layer) : null))
      .catch((error: unknown) => console.warn('Reading the subscription failed', error));
  }, [layer, signedIn]);
}

