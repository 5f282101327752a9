// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { AUTH_ERROR_FALLBACK } from '../../model/account-calls.ts';
import { ForgotPasswordPage, RESET_REQUESTED } from './ForgotPasswordPage.tsx';
import { expectRedirect, fakeRedirectClock, renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';

const isRequest = (request: ApiRequest) => request.method === 'POST' && request.path === '/users/password';

function renderForgot(options: RoutedOptions = {}) {
  return renderRoutes('/forgot-password', { '/forgot-password': ForgotPasswordPage }, { signedIn: false, ...options });
}

const fillEmail = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('ForgotPasswordPage', () => {
  it('asks only for the email, and checks it before sending', async () => {
    const { server } = renderForgot();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Forgot Password');
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('type'))).toEqual(['email']);
    submit();
    await screen.findByText('Email is required');
    fillEmail('not-an-email');
    submit();
    await screen.findByText('Please enter a valid email address');
    expect(server.seen().filter((call) => call === 'POST /users/password')).toEqual([]);
  });

  it('sends the email, shows the neutral confirmation and returns to /login after 3 s', async () => {
    fakeRedirectClock();
    const sent: ApiRequest[] = [];
    const routed = renderForgot({
      intercept: (request) => {
        if (!isRequest(request)) return undefined;
        sent.push(request);
        return { ok: true, status: 200, data: { message: 'If an account exists for that email, you will receive password reset instructions shortly.' } };
      },
    });
    await screen.findByRole('button', { name: 'Send Reset Link' });
    fillEmail(' Ann@Example.com ');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(RESET_REQUESTED);
    expect(RESET_REQUESTED).toContain('If an account exists for that email');
    expect(sent).toEqual([{ method: 'POST', path: '/users/password', body: { user: { email: 'ann@example.com' } } }]);
    expect((screen.getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement).disabled).toBe(true);
    await expectRedirect(routed, '/forgot-password', '/login', 3000);
  });

  it.each([
    ['the server message', { ok: false, kind: 'http', status: 429, message: 'Too many requests, please try again later', errors: null } as ApiResult, 'Too many requests, please try again later'],
    ['the default', { ok: false, kind: 'http', status: 500, message: null, errors: null } as ApiResult, AUTH_ERROR_FALLBACK],
  ])('shows %s when the request fails, and stays', async (_what, result, text) => {
    const { path } = renderForgot({ intercept: (request) => (isRequest(request) ? result : undefined) });
    await screen.findByRole('button', { name: 'Send Reset Link' });
    fillEmail('ann@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByRole('status')).toBeNull();
    expect(path()).toBe('/forgot-password');
  });
});
