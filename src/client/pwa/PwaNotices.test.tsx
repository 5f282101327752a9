// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render.testing.tsx';
import { createPwaController, PERSIST_ASKED_KEY, type PwaEnvironment } from './controller.ts';
import { PwaProvider } from './hooks.ts';
import { InstallButton } from './InstallButton.tsx';
import { IOS_INSTALL_HINT, OFFLINE_READY, PwaNotices, UPDATE_AVAILABLE } from './PwaNotices.tsx';
import { PersistStorageAfterSignIn, STORAGE_MESSAGES, StorageStatus } from './StorageStatus.tsx';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

function memoryStorage(map = new Map<string, string>()) {
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

function renderWith(ui: React.ReactNode, env: PwaEnvironment = {}, options: Parameters<typeof renderScreen>[1] = {}) {
  const controller = createPwaController(env);
  const rendered = renderScreen(<PwaProvider controller={controller}>{ui}</PwaProvider>, options);
  return { controller, ...rendered };
}

describe('PwaNotices', () => {
  it('shows nothing while nothing is waiting', () => {
    const { container } = renderWith(<PwaNotices />);
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it("shows 'A new version is available' when a version waits; Reload hands over to it, once", () => {
    const { controller } = renderWith(<PwaNotices />);
    const activate = vi.fn();
    act(() => controller.updateFound(activate));
    const prompt = screen.getByRole('status', { name: 'Update available' });
    expect(prompt.textContent).toContain(UPDATE_AVAILABLE);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('Later hides the prompt until the next page', () => {
    const { controller } = renderWith(<PwaNotices />);
    act(() => controller.updateFound(vi.fn()));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).toBeNull();
  });

  it('says once that the app works offline, until dismissed', () => {
    const { controller } = renderWith(<PwaNotices />);
    act(() => controller.offlineReadyFound());
    expect(screen.getByRole('status', { name: 'Ready offline' }).textContent).toContain(OFFLINE_READY);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Ready offline' })).toBeNull();
  });

  it('on iOS Safari says how to add the app to the home screen; Not now is remembered', () => {
    const storage = memoryStorage();
    renderWith(<PwaNotices />, { storage, userAgent: IPHONE_SAFARI, maxTouchPoints: 5 });
    expect(screen.getByRole('status', { name: 'How to install' }).textContent).toContain(IOS_INSTALL_HINT);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status', { name: 'How to install' })).toBeNull();
    expect([...storage.map.keys()]).toContain('runway-ios-install-hint-dismissed');
  });
});

describe('InstallButton', () => {
  it("appears when the browser offers installation and opens the browser's prompt", async () => {
    const { controller } = renderWith(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    const prompt = vi.fn(async () => {});
    act(() => controller.installOffered({ prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) }));
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install' })).toBeNull());
  });
});

describe('StorageStatus', () => {
  it("reads the browser's answer on arrival without asking, and asks when the user says so", async () => {
    const manager = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    renderWith(<StorageStatus />, { storageManager: manager });
    await waitFor(() => expect(screen.getByTestId('storage-status').textContent).toContain(STORAGE_MESSAGES['best-effort']));
    expect(manager.persist).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ask to keep data on this device' }));
    await waitFor(() => expect(screen.getByTestId('storage-status').textContent).toContain(STORAGE_MESSAGES.persistent));
    expect(manager.persist).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Ask to keep data on this device' })).toBeNull();
  });

  it('says when the browser cannot keep the data at all', () => {
    renderWith(<StorageStatus />);
    expect(screen.getByTestId('storage-status').textContent).toContain(STORAGE_MESSAGES.unsupported);
  });
});

describe('PersistStorageAfterSignIn', () => {
  const manager = () => ({ persisted: vi.fn(async () => false), persist: vi.fn(async () => true) });

  it('asks when the user signs in on this page', async () => {
    const storageManager = manager();
    const { layer } = renderWith(<PersistStorageAfterSignIn />, { storageManager }, { signedIn: false });
    await layer.ready;
    expect(storageManager.persist).not.toHaveBeenCalled();
    await act(async () => {
      await layer.login({ status: { code: 200, message: 'Logged in successfully.', data: { token: 'fresh', user: { email: 'ann@example.com', subscribed: false } } } });
    });
    await waitFor(() => expect(storageManager.persist).toHaveBeenCalledTimes(1));
  });

  it('on a page opened signed in, asks only if this device never asked', async () => {
    const storageManager = manager();
    const storage = memoryStorage(new Map([[PERSIST_ASKED_KEY, '1']]));
    renderWith(<PersistStorageAfterSignIn />, { storageManager, storage });
    await waitFor(() => expect(storageManager.persisted).toHaveBeenCalled());
    expect(storageManager.persist).not.toHaveBeenCalled();

    const fresh = manager();
    renderWith(<PersistStorageAfterSignIn />, { storageManager: fresh, storage: memoryStorage() });
    await waitFor(() => expect(fresh.persist).toHaveBeenCalledTimes(1));
  });
});

describe('the parts on every page', () => {
  it('render again only when what they show changes, not at each change of the state', async () => {
    const storageManager = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    const commits: string[] = [];
    const counted = (id: string, ui: React.ReactNode) => (
      <Profiler id={id} onRender={(name) => commits.push(name)}>
        {ui}
      </Profiler>
    );
    const { controller, layer } = renderWith(
      <>
        {counted('install', <InstallButton />)}
        {counted('notices', <PwaNotices />)}
        {counted('persist', <PersistStorageAfterSignIn />)}
      </>,
      { storageManager },
    );
    await layer.ready;
    // A page opened signed in asks for persistent storage: the state changes twice (asking, answered).
    await waitFor(() => expect(controller.getState().storage).toBe('persistent'));
    await act(async () => {});
    const mounted = commits.length;
    // Read again: best effort now. None of the three shows it.
    await act(async () => void (await controller.checkStorage()));
    expect(controller.getState().storage).toBe('best-effort');
    expect(commits.slice(mounted)).toEqual([]);
    // The browser offers installation: only the button renders.
    act(() => controller.installOffered({ prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) }));
    expect(new Set(commits.slice(mounted))).toEqual(new Set(['install']));
    // An update waits: the notices show it.
    const offered = commits.length;
    act(() => controller.updateFound(vi.fn()));
    expect(new Set(commits.slice(offered))).toEqual(new Set(['notices']));
    screen.getByRole('status', { name: 'Update available' });
    screen.getByRole('button', { name: 'Install' });
  });
});
