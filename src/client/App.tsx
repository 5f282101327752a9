/**
 * The first page of the app: the landing text and a live check that the API answers.
 * The real screens (router, Mantine, the mirror) replace this in the screens issue.
 */
import { useEffect, useState } from 'react';

type ApiState = { kind: 'checking' } | { kind: 'up'; signupOpen: boolean } | { kind: 'down'; message: string };

export function App() {
  const [api, setApi] = useState<ApiState>({ kind: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/feature_flags', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The server answered ${response.status}`);
        const body = (await response.json()) as { feature_flags: { name: string; enabled: boolean }[] };
        const flag = body.feature_flags.find((f) => f.name === 'allow_signup');
        setApi({ kind: 'up', signupOpen: flag?.enabled ?? true });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setApi({ kind: 'down', message: error instanceof Error ? error.message : 'Failed to fetch feature flags' });
      });
    return () => controller.abort();
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
      <h1>Runway</h1>
      <p>Plan your money: income, housing, debts, expenses and retirement, with month-by-month projections to the end of retirement.</p>
      <p role="status" data-testid="api-status">
        {api.kind === 'checking' && 'Checking the server…'}
        {api.kind === 'up' && (api.signupOpen ? 'The server is up. Sign up is open.' : 'The server is up. Signup Temporarily Unavailable.')}
        {api.kind === 'down' && `The server cannot be reached: ${api.message}`}
      </p>
    </main>
  );
}
