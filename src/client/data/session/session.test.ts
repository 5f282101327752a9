import { describe, expect, it } from 'vitest';
import { clearSession, readSession, sessionFromAuthAnswer, SIGNED_OUT, STORAGE_KEYS, writeSession, type KeyValueStorage } from './session.ts';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const answer = { status: { code: 200, message: 'ok', data: { token: 'jwt', user: { id: 1, email: 'a@b.co', birth_year: 1985, subscribed: true, stripe_customer_id: null } } } };

describe('the stored session', () => {
  it('reads a login answer and keeps it under its storage keys', () => {
    const storage = memoryStorage();
    const session = sessionFromAuthAnswer(answer);
    expect(session).toEqual({ authToken: 'jwt', email: 'a@b.co', isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1985 });
    writeSession(storage, session!);
    expect(storage.map.get('authToken')).toBe('jwt');
    expect(storage.map.get('email')).toBe('a@b.co');
    expect(storage.map.get('userEmail')).toBe('a@b.co');
    expect(storage.map.get('isAuthenticated')).toBe('true');
    expect(storage.map.get('subscribed')).toBe('true');
    expect(readSession(storage)).toEqual(session);
  });

  it('refuses answers without a token or user', () => {
    expect(sessionFromAuthAnswer({ status: { data: { user: {} } } })).toBeNull();
    expect(sessionFromAuthAnswer(null)).toBeNull();
  });

  it('logout clears every key, the chosen tabs included', () => {
    const storage = memoryStorage();
    writeSession(storage, sessionFromAuthAnswer(answer)!);
    storage.setItem(STORAGE_KEYS.dashboardTab, 'debts');
    clearSession(storage);
    expect(storage.map.size).toBe(0);
    expect(readSession(storage)).toEqual(SIGNED_OUT);
  });
});
