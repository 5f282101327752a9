// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test-support/render.testing.tsx';
import { SyncIndicator } from './SyncIndicator.tsx';

const income = { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-12-01', gross_pay: 5000, net_pay: 4000 };

describe('SyncIndicator', () => {
  it('says Synced when nothing waits', async () => {
    const { layer } = renderScreen(<SyncIndicator />);
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('sync-indicator').textContent).toBe('Synced'));
  });

  it('counts the edits waiting while offline', async () => {
    const { layer } = renderScreen(<SyncIndicator />, { online: false });
    await layer.ready;
    await layer.mutations.create('incomes', income);
    await layer.mutations.create('incomes', { ...income, name: 'Second job' });
    await waitFor(() => expect(screen.getByTestId('sync-indicator').textContent).toBe('Offline · 2 pending'));
    fireEvent.click(screen.getByTestId('sync-indicator'));
    await screen.findByText('2 edits waiting to sync');
  });

  it('lists an offline edit the server later refused, with its error, until dismissed', async () => {
    const { layer, setOnline } = renderScreen(<SyncIndicator />, {
      online: false,
      intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message: 'Gross pay is too large', errors: null } : undefined),
    });
    await layer.ready;
    expect(await layer.mutations.create('incomes', income)).toMatchObject({ status: 'queued' });
    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('sync-indicator').textContent).toBe('1 not synced'));
    fireEvent.click(screen.getByTestId('sync-indicator'));
    await waitFor(() => expect(document.querySelector('.mantine-Popover-dropdown')?.textContent).toContain('Gross pay is too large'));
    // The popover is still in its opening transition for jsdom, so find the button by its text.
    fireEvent.click((await screen.findByText('Dismiss')).closest('button') as HTMLButtonElement);
    await waitFor(() => expect(screen.getByTestId('sync-indicator').textContent).toBe('Synced'));
  });
});
