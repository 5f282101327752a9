// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { AUTH_ERROR_FALLBACK } from '../../model/account-calls.ts';
import { CHANGE_SUCCESS, ChangePasswordPage } from './ChangePasswordPage.tsx';
import { expectRedirect, fakeRedirectClock, renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';

const isChange = (request: ApiRequest) => request.method === 'PUT' && request.path === '/users';

function renderChange(options: RoutedOptions = {}) {
  return renderRoutes('/change-password', { '/change-password': ChangePasswordPage }, options);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Current Password', 'old-secret');
  fill('New Password', 'new-secret');
  fill('Confirm New Password', 'new-secret');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('ChangePasswordPage', () => {
  it('shows each rule message and sends nothing while one fails', async () => {
    const { server } = renderChange();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Change Password');
    submit();
    await screen.findByText('Current password is required');
    screen.getByText('New password is required');
    screen.getByText('Password confirmation is required');
    fill('Current Password', 'x');
    fill('New Password', '12345');
    fill('Confirm New Password', '123456');
    submit();
    await screen.findByText('New password must be at least 6 characters long');
    screen.getByText('Passwords do not match');
    expect(screen.queryByText('Current password is required')).toBeNull();
    expect(server.seen().filter((call) => call === 'PUT /users')).toEqual([]);
  });

  it('sends the change with the account email and the token, then goes to the dashboard after 3 s', async () => {
    fakeRedirectClock();
    const sent: ApiRequest[] = [];
    const routed = renderChange({
      intercept: (request) => {
        if (!isChange(request)) return undefined;
        sent.push(request);
        return { ok: true, status: 200, data: { status: { code: 200, message: 'Password updated successfully.' } } };
      },
    });
    await screen.findByRole('button', { name: 'Update Password' });
    fillValid();
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(CHANGE_SUCCESS);
    // Not anonymous: the transport adds the bearer token.
    expect(sent).toEqual([
      { method: 'PUT', path: '/users', body: { user: { email: 'ann@example.com', current_password: 'old-secret', password: 'new-secret', password_confirmation: 'new-secret' } } },
    ]);
    await expectRedirect(routed, '/change-password', '/dashboard', 3000);
  });

  it('shows a wrong current password under its field', async () => {
    renderChange({
      intercept: (request) =>
        isChange(request) ? { ok: false, kind: 'http', status: 422, message: 'Current password is incorrect', errors: { current_password: ['Current password is incorrect'] } } : undefined,
    });
    await screen.findByRole('button', { name: 'Update Password' });
    fillValid();
    submit();
    await screen.findByText('Current password is incorrect');
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    // Editing the field clears its message.
    fill('Current Password', 'another');
    expect(screen.queryByText('Current password is incorrect')).toBeNull();
  });

  it.each([
    ['the server message', { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null } as ApiResult, 'Something went wrong on our side. Please try again.'],
    ['the default', { ok: false, kind: 'http', status: 503, message: null, errors: null } as ApiResult, AUTH_ERROR_FALLBACK],
  ])('shows %s for other failures', async (_what, result, text) => {
    renderChange({ intercept: (request) => (isChange(request) ? result : undefined) });
    await screen.findByRole('button', { name: 'Update Password' });
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('a 401 ends the session', async () => {
    const { layer, storage } = renderChange({
      intercept: (request) => (isChange(request) ? { ok: false, kind: 'http', status: 401, message: 'You need to sign in or sign up before continuing.', errors: null } : undefined),
    });
    await layer.ready;
    await screen.findByRole('button', { name: 'Update Password' });
    fillValid();
    submit();
    await waitFor(() => expect(layer.getSession().isAuthenticated).toBe(false));
    expect(storage.get('authToken')).toBeUndefined();
    await screen.findByText('Authentication Required');
  });

  it('asks a visitor to log in', async () => {
    renderChange({ signedIn: false });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Authentication Required');
    screen.getByText('You must be logged in to change your password.');
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });
});
