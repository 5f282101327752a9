// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Engine from '../../../engine/project.ts';
import type { ProjectionInput } from '../../../engine/types.ts';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { fillMirror } from '../../data/household.testing.ts';
import { renderRoutes, type Routed, type RoutedOptions } from '../../test-support/routes.testing.tsx';
import { PROFILE_UPDATED, ProfilePage } from './ProfilePage.tsx';

// The engine's `project`, wrapped (not replaced): the test sees the inputs the device projects.
const projected = vi.hoisted(() => ({ inputs: [] as unknown[] }));
vi.mock('../../../engine/project.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Engine>();
  return {
    ...real,
    project: (input: Parameters<typeof real.project>[0]) => {
      projected.inputs.push(input);
      return real.project(input);
    },
  };
});

const NOW = new Date(2030, 0, 10, 12);
const isUpdate = (request: ApiRequest) => request.method === 'PUT' && request.path === '/api/v1/profile';

function renderProfile(options: RoutedOptions = {}) {
  return renderRoutes('/profile', { '/profile': ProfilePage }, { now: NOW, ...options });
}

const birthYear = () => screen.getByLabelText('Birth Year') as HTMLInputElement;
const setYear = (value: string) => fireEvent.change(birthYear(), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));

/** The first pull is over, and the form shows the profile the render helper's server answers. */
async function ready(routed: Pick<Routed, 'layer'>) {
  await routed.layer.ready;
  expect(await routed.layer.db.profile.get('user')).toEqual({ name: 'user', value: { id: 1, email: 'ann@example.com', birth_year: 1985 } });
  await waitFor(() => expect(birthYear().value).toBe('1985'));
}

describe('ProfilePage', () => {
  it("shows the account's email and the birth year from the mirror, bounded 1900 to this year", async () => {
    const routed = renderProfile();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Profile');
    await ready(routed);
    expect(screen.getByTestId('profile-email').textContent).toBe('ann@example.com');
    expect([birthYear().type, birthYear().min, birthYear().max]).toEqual(['number', '1900', '2030']);
  });

  it('fills the birth year from the profile the server sent, over the one stored at login', async () => {
    const { layer } = renderProfile({
      intercept: (request) =>
        request.method === 'GET' && request.path === '/api/v1/profile'
          ? { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1977 }) } }
          : undefined,
    });
    await layer.ready;
    await waitFor(() => expect(birthYear().value).toBe('1977'));
  });

  it('shows the rule messages and sends nothing while one fails', async () => {
    const routed = renderProfile();
    await ready(routed);
    setYear('');
    submit();
    await screen.findByText('Birth year is required');
    setYear('1900');
    submit();
    await screen.findByText('Birth year must be greater than 1900');
    setYear('2031');
    submit();
    await screen.findByText('Birth year cannot be in the future');
    setYear('1990.5');
    submit();
    await screen.findByText('Birth year must be a valid number');
    expect(routed.server.seen().filter((call) => call === 'PUT /api/v1/profile')).toEqual([]);
  });

  it('saves the birth year, says so, and keeps the answer in the mirror', async () => {
    const sent: ApiRequest[] = [];
    const routed = renderProfile({
      intercept: (request) => {
        if (!isUpdate(request)) return undefined;
        sent.push(request);
        return { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1990 }) } };
      },
    });
    await ready(routed);
    setYear('1990');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(PROFILE_UPDATED);
    expect(sent).toEqual([{ method: 'PUT', path: '/api/v1/profile', body: { user: { birth_year: 1990 } } }]);
    await waitFor(async () => expect((await routed.layer.db.profile.get('user'))?.value).toEqual({ id: 1, email: 'ann@example.com', birth_year: 1990 }));
    expect(birthYear().value).toBe('1990');
    // The form stays usable; an edit clears the success message.
    setYear('1991');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('recomputes the month tables this device made while edits wait, with the new birth year', async () => {
    const routed = renderProfile({
      intercept: (request) => (isUpdate(request) ? { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1962 }) } } : undefined),
    });
    await ready(routed);
    await fillMirror(routed.layer.db);
    await routed.layer.db.months.toCollection().modify({ provisional: true });
    const before = projected.inputs.length;
    setYear('1962');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(PROFILE_UPDATED);
    await waitFor(() => expect(projected.inputs.length).toBe(before + 1));
    expect((projected.inputs.at(-1) as ProjectionInput).birthYear).toBe(1962);
    expect((await routed.layer.db.months.toArray()).map((row) => row.provisional)).toEqual([true, true, true, true]);
  });

  it("leaves the server's month tables to the server", async () => {
    const routed = renderProfile({
      intercept: (request) => (isUpdate(request) ? { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1962 }) } } : undefined),
    });
    await ready(routed);
    await fillMirror(routed.layer.db);
    const before = projected.inputs.length;
    setYear('1962');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(PROFILE_UPDATED);
    expect(projected.inputs.length).toBe(before);
    expect((await routed.layer.db.months.toArray()).map((row) => row.provisional)).toEqual([false, false, false, false]);
  });

  it("shows the first message of each field in the server's errors map", async () => {
    const routed = renderProfile({
      intercept: (request) =>
        isUpdate(request)
          ? {
              ok: false,
              kind: 'http',
              status: 422,
              message: 'Birth year is too early for an account',
              errors: { birth_year: ['Birth year is too early for an account', 'second message'], base: ['Profile is locked'] },
            }
          : undefined,
    });
    await ready(routed);
    setYear('1950');
    submit();
    await screen.findByText('Birth year is too early for an account');
    expect(screen.queryByText('second message')).toBeNull();
    expect(birthYear().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Profile is locked');
  });

  it.each([
    ['an error without a field map', { ok: false, kind: 'http', status: 500, message: 'Internal error', errors: null } as ApiResult],
    ['a network failure', { ok: false, kind: 'network', message: 'Failed to fetch' } as ApiResult],
  ])('answers %s with the default message', async (_what, result) => {
    const routed = renderProfile({ intercept: (request) => (isUpdate(request) ? result : undefined) });
    await ready(routed);
    setYear('1970');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update profile. Please try again.');
  });

  it('asks a visitor to log in', async () => {
    renderProfile({ signedIn: false });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Authentication Required');
    screen.getByText('You must be logged in to update your profile.');
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });
});
