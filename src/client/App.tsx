/**
 * The first page of the app: the landing text, and the state of the local mirror read through
 * the data layer's hooks (never the server directly). The real screens replace this page.
 */
import { useMemo } from 'react';
import { createDataLayer } from './data/data-layer.ts';
import { DataLayerProvider, useChannelState, useFeatureFlag, useOutboxStatus, useSession } from './data/hooks.ts';

function Status() {
  const signup = useFeatureFlag('allow_signup');
  const session = useSession();
  const outbox = useOutboxStatus();
  const channel = useChannelState();
  let text: string;
  if (signup.loading) text = 'Checking the server…';
  else if (signup.error) text = `The server cannot be reached: ${signup.error}`;
  else text = signup.enabled ? 'The server is up. Sign up is open.' : 'The server is up. Signup Temporarily Unavailable.';
  return (
    <>
      <p role="status" data-testid="api-status">
        {text}
      </p>
      <p data-testid="session-status">
        {session.isAuthenticated ? `Signed in as ${session.email}.` : 'Not signed in.'} {outbox.online ? 'Online' : 'Offline'}, {outbox.pending} edits waiting. Live updates: {channel.state}
        {channel.error ? ` (${channel.error})` : ''}.
      </p>
    </>
  );
}

export function App() {
  const layer = useMemo(
    () =>
      createDataLayer({
        storage: window.localStorage,
        baseUrl: window.location.origin,
        wsOrigin: window.location.origin.replace(/^http/, 'ws'),
      }),
    [],
  );
  return (
    <DataLayerProvider layer={layer}>
      <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
        <h1>Runway</h1>
        <p>Plan your money: income, housing, debts, expenses and retirement, with month-by-month projections to the end of retirement.</p>
        <Status />
      </main>
    </DataLayerProvider>
  );
}
