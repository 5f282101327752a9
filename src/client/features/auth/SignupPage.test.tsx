// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { AUTH_ERROR_FALLBACK } from '../../model/account-calls.ts';
import { SIGNUP_SUCCESS, SignupPage } from './SignupPage.tsx';
import { expectRedirect, fakeRedirectClock, renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';

// Local time: the birth year's upper bound is the year the user is living in.
const NOW = new Date(2030, 5, 15, 12);

const signUpAnswer: ApiResult = {
  ok: true,
  status: 201,
  data: { status: { code: 201, message: 'Signed up successfully.', data: { token: 'new-token', user: { id: 7, email: 'new@example.com', birth_year: 1990, subscribed: false } } } },
};

const isSignUp = (request: ApiRequest) => request.method === 'POST' && request.path === '/users';

function renderSignup(options: RoutedOptions = {}) {
  return renderRoutes('/signup', { '/signup': SignupPage }, { signedIn: false, now: NOW, ...options });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Email', 'New@Example.com');
  fill('Password', 'secret1');
  fill('Confirm Password', 'secret1');
  fill('Birth Year', '1990');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('SignupPage', () => {
  it('offers the fields with the birth year bounded 1901 to this year, and the terms link', async () => {
    renderSignup();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign Up');
    const birthYear = screen.getByLabelText('Birth Year') as HTMLInputElement;
    expect([birthYear.type, birthYear.min, birthYear.max]).toEqual(['number', '1901', '2030']);
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows every rule message and sends nothing while one fails', async () => {
    const { server } = renderSignup();
    await screen.findByRole('button', { name: 'Sign Up' });
    submit();
    await screen.findByText('Email is required');
    screen.getByText('Password is required');
    screen.getByText('Password confirmation is required');
    screen.getByText('Birth year is required');
    screen.getByText('You must accept the Terms of Service to continue');

    fill('Email', 'ann@example');
    fill('Password', '12345');
    fill('Confirm Password', '12346');
    fill('Birth Year', '1900');
    submit();
    await screen.findByText('Please enter a valid email address');
    screen.getByText('Password must be at least 6 characters long');
    screen.getByText('Passwords do not match');
    screen.getByText('Birth year must be greater than 1900');

    fill('Birth Year', '2031');
    submit();
    await screen.findByText('Birth year cannot be in the future');
    expect(server.seen().filter((call) => call === 'POST /users')).toEqual([]);
  });

  it('reads Creating account... and is disabled while the call runs, then signs in and goes to the dashboard after 2 s', async () => {
    fakeRedirectClock();
    const routed = renderSignup();
    const sent: ApiRequest[] = [];
    let answer: (result: ApiResult) => void = () => {};
    const original = routed.server.transport.request.bind(routed.server.transport);
    vi.spyOn(routed.server.transport, 'request').mockImplementation((request) => {
      if (!isSignUp(request)) return original(request);
      sent.push(request);
      return new Promise((resolve) => (answer = resolve));
    });
    await screen.findByRole('button', { name: 'Sign Up' });
    fillValid();
    submit();
    const busy = (await screen.findByRole('button', { name: 'Creating account...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    // The terms are the form's own rule: they are never sent.
    expect(sent).toEqual([
      { method: 'POST', path: '/users', anonymous: true, body: { user: { email: 'new@example.com', password: 'secret1', password_confirmation: 'secret1', birth_year: 1990 } } },
    ]);
    answer(signUpAnswer);
    await screen.findByText(SIGNUP_SUCCESS);
    expect(routed.storage.get('authToken')).toBe('new-token');
    expect(routed.layer.getSession().email).toBe('new@example.com');
    expect(screen.queryByText('Already Logged In')).toBeNull();
    await expectRedirect(routed, '/signup', '/dashboard', 2000);
  });

  it('puts a field message from the server under its field, once', async () => {
    renderSignup({
      intercept: (request) =>
        isSignUp(request) ? { ok: false, kind: 'http', status: 422, message: 'Email has already been taken', errors: { email: ['Email has already been taken'] } } : undefined,
    });
    await screen.findByRole('button', { name: 'Sign Up' });
    fillValid();
    submit();
    await screen.findByText('Email has already been taken');
    expect(screen.getAllByText('Email has already been taken')).toHaveLength(1);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['the server message', { ok: false, kind: 'http', status: 403, message: 'Sign up is temporarily unavailable. Please try again later.', errors: null } as ApiResult, 'Sign up is temporarily unavailable. Please try again later.'],
    ['the error message', { ok: false, kind: 'network', message: 'Failed to fetch' } as ApiResult, 'Failed to fetch'],
    ['the default', { ok: false, kind: 'http', status: 502, message: null, errors: null } as ApiResult, AUTH_ERROR_FALLBACK],
  ])('shows %s when sign-up fails', async (_what, result, text) => {
    const { storage } = renderSignup({ intercept: (request) => (isSignUp(request) ? result : undefined) });
    await screen.findByRole('button', { name: 'Sign Up' });
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(storage.get('authToken')).toBeUndefined();
  });

  it('shows the notice with a link to sign in when allow_signup is off', async () => {
    const { layer } = renderSignup({
      intercept: (request) => (request.path === '/api/v1/feature_flags' ? { ok: true, status: 200, data: { feature_flags: [{ name: 'allow_signup', enabled: false }] } } : undefined),
    });
    await layer.ready;
    // The stored flag reaches the screen through its live query, a render after the pull.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signup Temporarily Unavailable'));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('offers the form when the server does not list the flag (it defaults to on)', async () => {
    const { layer } = renderSignup();
    await layer.ready;
    expect(await layer.db.featureFlags.count()).toBe(0);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign Up');
  });

  it('shows Already Logged In with a way to the dashboard to a signed-in visitor', async () => {
    const { path } = renderSignup({ signedIn: true });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Already Logged In');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });
});
