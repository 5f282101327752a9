// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { AUTH_ERROR_FALLBACK } from '../../model/account-calls.ts';
import { RESET_SUCCESS, ResetPasswordPage } from './ResetPasswordPage.tsx';
import { expectRedirect, fakeRedirectClock, renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';

const EDIT = '/users/password/edit';
const isReset = (request: ApiRequest) => request.method === 'PUT' && request.path === '/users/password';

function renderReset(token: string, options: RoutedOptions = {}) {
  return renderRoutes(EDIT, { [EDIT]: () => <ResetPasswordPage token={token} /> }, { signedIn: false, ...options });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Email', 'ann@example.com');
  fill('New Password', 'new-secret');
  fill('Confirm New Password', 'new-secret');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('shows each rule message, and that the token is required when the link had none', async () => {
    const { server } = renderReset('');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Reset Password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Reset token is required');
    screen.getByText('Email is required');
    screen.getByText('Password is required');
    screen.getByText('Password confirmation is required');
    fill('Email', 'ann@');
    fill('New Password', 'short');
    fill('Confirm New Password', 'other');
    submit();
    await screen.findByText('Please enter a valid email address');
    screen.getByText('Password must be at least 6 characters long');
    screen.getByText('Passwords do not match');
    expect(server.seen().filter((call) => call === 'PUT /users/password')).toEqual([]);
  });

  it('sends the token from the link with the new password, then returns to /login after 3 s', async () => {
    fakeRedirectClock();
    const sent: ApiRequest[] = [];
    const routed = renderReset('tok-123', {
      intercept: (request) => {
        if (!isReset(request)) return undefined;
        sent.push(request);
        return { ok: true, status: 200, data: { status: { code: 200, message: 'Your password has been changed successfully.' } } };
      },
    });
    await screen.findByRole('button', { name: 'Reset Password' });
    fillValid();
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(RESET_SUCCESS);
    expect(sent).toEqual([
      { method: 'PUT', path: '/users/password', body: { user: { email: 'ann@example.com', reset_password_token: 'tok-123', password: 'new-secret', password_confirmation: 'new-secret' } } },
    ]);
    await expectRedirect(routed, EDIT, '/login', 3000);
  });

  it('reads a 422 as an expired token', async () => {
    const { path } = renderReset('spent', {
      intercept: (request) => (isReset(request) ? { ok: false, kind: 'http', status: 422, message: 'Reset password token is invalid', errors: { reset_password_token: ['is invalid'] } } : undefined),
    });
    await screen.findByRole('button', { name: 'Reset Password' });
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Token has expired. Please request a new password reset link.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(path()).toBe(EDIT);
  });

  it.each([
    ['the server message', { ok: false, kind: 'http', status: 429, message: 'Too many requests', errors: null } as ApiResult, 'Too many requests'],
    ['the default', { ok: false, kind: 'http', status: 500, message: null, errors: null } as ApiResult, AUTH_ERROR_FALLBACK],
  ])('shows %s for other failures', async (_what, result, text) => {
    renderReset('tok', { intercept: (request) => (isReset(request) ? result : undefined) });
    await screen.findByRole('button', { name: 'Reset Password' });
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('is not offered to a signed-in user', async () => {
    renderReset('tok', { signedIn: true });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Already Logged In');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
