// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { makeLayer } from '../../test-support/render.testing.tsx';
import { AUTH_ERROR_FALLBACK, INVALID_CREDENTIALS } from '../../model/account-calls.ts';
import { LOGIN_SUCCESS, LOGIN_WELCOME, LoginPage } from './LoginPage.tsx';
import { expectRedirect, fakeRedirectClock, renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';
import { DISCARD_CONFIRM, otherUserCanceled } from './use-session-start.tsx';

const bobAnswer = (token = 'bob-token'): ApiResult => ({
  ok: true,
  status: 200,
  data: { status: { code: 200, message: 'Logged in successfully.', data: { token, user: { id: 2, email: 'bob@example.com', birth_year: 1990, subscribed: true } } } },
});

const isSignIn = (request: ApiRequest) => request.method === 'POST' && request.path === '/users/sign_in';

function renderLogin(options: RoutedOptions = {}) {
  return renderRoutes('/login', { '/login': LoginPage }, { signedIn: false, ...options });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submitAs(email: string, password: string) {
  fill('Email', email);
  fill('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('shows the product name, the welcome line and the links', async () => {
    renderLogin();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Runway');
    screen.getByText(LOGIN_WELCOME);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('requires the email and the password and sends nothing until both are given', async () => {
    const { server } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    await screen.findByText('Email is required');
    screen.getByText('Password is required');
    // Typing in a field clears its own message only.
    fill('Email', 'ann@example.com');
    expect(screen.queryByText('Email is required')).toBeNull();
    screen.getByText('Password is required');
    expect(server.seen().filter((call) => call.includes('sign_in'))).toEqual([]);
  });

  it('answers a 401 with Invalid Credentials and stays signed out', async () => {
    const { storage } = renderLogin({
      intercept: (request) => (isSignIn(request) ? { ok: false, kind: 'http', status: 401, message: 'Invalid email or password.', errors: null } : undefined),
    });
    await screen.findByRole('button', { name: 'Login' });
    await submitAs('ann@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_CREDENTIALS);
    expect(storage.get('authToken')).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['the server message', { ok: false, kind: 'http', status: 429, message: 'Too many attempts, try later', errors: null } as ApiResult, 'Too many attempts, try later'],
    ['the error message', { ok: false, kind: 'network', message: 'Failed to fetch' } as ApiResult, 'Failed to fetch'],
    ['the default', { ok: false, kind: 'http', status: 500, message: null, errors: null } as ApiResult, AUTH_ERROR_FALLBACK],
  ])('shows %s when sign-in fails otherwise', async (_what, answer, text) => {
    renderLogin({ intercept: (request) => (isSignIn(request) ? answer : undefined) });
    await screen.findByRole('button', { name: 'Login' });
    await submitAs('ann@example.com', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('sends remember_me without the token, stores the session and goes to the dashboard after 2 s', async () => {
    const sent: ApiRequest[] = [];
    fakeRedirectClock();
    const routed = renderLogin({
      intercept: (request) => {
        if (!isSignIn(request)) return undefined;
        sent.push(request);
        return bobAnswer();
      },
    });
    await screen.findByRole('button', { name: 'Login' });
    fireEvent.click(screen.getByLabelText('Remember me'));
    await submitAs('  Bob@Example.com ', 'pa ss word');
    await screen.findByText(LOGIN_SUCCESS);
    expect(sent).toEqual([{ method: 'POST', path: '/users/sign_in', anonymous: true, body: { user: { email: 'bob@example.com', password: 'pa ss word', remember_me: true } } }]);
    expect(routed.storage.get('authToken')).toBe('bob-token');
    expect(routed.layer.getSession()).toMatchObject({ isAuthenticated: true, email: 'bob@example.com', subscribed: true });
    // Signed in, the page keeps its message until it leaves, rather than turning into Already Logged In.
    expect(screen.queryByText('Already Logged In')).toBeNull();
    await expectRedirect(routed, '/login', '/dashboard', 2000);
  });

  it('does not redirect after leaving the page before the delay', async () => {
    fakeRedirectClock();
    const { path } = renderLogin({ intercept: (request) => (isSignIn(request) ? bobAnswer() : undefined) });
    await screen.findByRole('button', { name: 'Login' });
    await submitAs('bob@example.com', 'secret1');
    await screen.findByText(LOGIN_SUCCESS);
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(path()).toBe('/signup'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(path()).toBe('/signup');
  });

  it('shows Already Logged In to a signed-in visitor', async () => {
    renderLogin({ signedIn: true });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Already Logged In');
    screen.getByText('You are logged in as ann@example.com.');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  describe("while another account's edits wait on this device", () => {
    /** Ann queues an edit the server never receives, then a 401 signs her out: her edit is held. */
    async function annLeftAnEdit() {
      let mode: 'edit-lost' | 'expired' | 'bob' = 'edit-lost';
      const made = makeLayer({
        intercept: (request) => {
          if (isSignIn(request)) return bobAnswer();
          if (mode === 'edit-lost' && request.method === 'POST') return { ok: false, kind: 'network', message: 'offline' };
          if (mode === 'expired' && request.method === 'GET') return { ok: false, kind: 'http', status: 401, message: 'expired', errors: null };
          return undefined;
        },
      });
      await made.layer.ready;
      const created = await made.layer.mutations.create('debts', { name: 'Visa', creditor: 'Chase', original_amount: 100, remaining_amount: 100, apr: 0, monthly_payment: 10, original_term: 10, due_day: 1 });
      expect(created.status).toBe('queued');
      mode = 'expired';
      await made.layer.refresh();
      expect(made.layer.getSession().isAuthenticated).toBe(false);
      mode = 'bob';
      return made;
    }

    it('asks, and on yes discards them and signs in', async () => {
      const made = await annLeftAnEdit();
      renderLogin({ made });
      await screen.findByRole('button', { name: 'Login' });
      await submitAs('bob@example.com', 'secret1');
      const dialog = await screen.findByRole('dialog');
      within(dialog).getByText(/1 edit made on this device by ann@example.com has not reached the server yet/);
      within(dialog).getByText(/Logging in as bob@example.com discards it/);
      expect(made.layer.getSession().isAuthenticated).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: DISCARD_CONFIRM }));
      await screen.findByText(LOGIN_SUCCESS);
      expect(made.layer.getSession().email).toBe('bob@example.com');
      expect(await made.layer.db.outbox.count()).toBe(0);
      expect(await made.layer.db.debts.count()).toBe(0);
    });

    it('on no keeps them and stays signed out', async () => {
      const made = await annLeftAnEdit();
      renderLogin({ made });
      await screen.findByRole('button', { name: 'Login' });
      await submitAs('bob@example.com', 'secret1');
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect((await screen.findByRole('alert')).textContent).toBe(otherUserCanceled('ann@example.com'));
      expect(made.layer.getSession().isAuthenticated).toBe(false);
      expect(made.storage.get('authToken')).toBeUndefined();
      expect(await made.layer.db.outbox.count()).toBe(1);
    });
  });
});
