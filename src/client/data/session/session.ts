/**
 * The signed-in session, kept in local storage under the documented keys
 * (docs/product.md#states-and-transitions) so a reload or a new tab starts signed in — and
 * offline-capable — without asking the server.
 */

export const STORAGE_KEYS = {
  authToken: 'authToken',
  email: 'email',
  userEmail: 'userEmail',
  isAuthenticated: 'isAuthenticated',
  stripeCustomerId: 'stripeCustomerId',
  subscribed: 'subscribed',
  birthYear: 'birthYear',
  dashboardTab: 'dashboardTab',
  analyticsTab: 'analyticsTab',
} as const;

export interface Session {
  authToken: string | null;
  email: string | null;
  isAuthenticated: boolean;
  stripeCustomerId: string | null;
  subscribed: boolean;
  birthYear: number | null;
}

export const SIGNED_OUT: Session = { authToken: null, email: null, isAuthenticated: false, stripeCustomerId: null, subscribed: false, birthYear: null };

/** The part of Web Storage the session needs (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readSession(storage: KeyValueStorage): Session {
  const token = storage.getItem(STORAGE_KEYS.authToken);
  const birthYear = Number(storage.getItem(STORAGE_KEYS.birthYear));
  return {
    authToken: token,
    email: storage.getItem(STORAGE_KEYS.email) ?? storage.getItem(STORAGE_KEYS.userEmail),
    isAuthenticated: token !== null && storage.getItem(STORAGE_KEYS.isAuthenticated) === 'true',
    stripeCustomerId: storage.getItem(STORAGE_KEYS.stripeCustomerId),
    subscribed: storage.getItem(STORAGE_KEYS.subscribed) === 'true',
    birthYear: Number.isInteger(birthYear) && birthYear > 0 ? birthYear : null,
  };
}

/** Stores a login or signup answer's session. */
export function writeSession(storage: KeyValueStorage, session: Session): void {
  const set = (key: string, value: string | null) => (value === null ? storage.removeItem(key) : storage.setItem(key, value));
  set(STORAGE_KEYS.authToken, session.authToken);
  set(STORAGE_KEYS.email, session.email);
  set(STORAGE_KEYS.userEmail, session.email);
  set(STORAGE_KEYS.isAuthenticated, session.isAuthenticated ? 'true' : null);
  set(STORAGE_KEYS.stripeCustomerId, session.stripeCustomerId);
  set(STORAGE_KEYS.subscribed, session.subscribed ? 'true' : null);
  set(STORAGE_KEYS.birthYear, session.birthYear === null ? null : String(session.birthYear));
}

/** Logout (docs/sync.md#sign-out): token, email, birth year, customer id and subscribed flag go, and the tabs. */
export function clearSession(storage: KeyValueStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}

/** The session from a sign-in or sign-up answer: `{status:{data:{token, user}}}`. */
export function sessionFromAuthAnswer(body: unknown): Session | null {
  const data = (body as { status?: { data?: { token?: unknown; user?: Record<string, unknown> } } } | null)?.status?.data;
  if (!data || typeof data.token !== 'string' || !data.user || typeof data.user.email !== 'string') return null;
  return {
    authToken: data.token,
    email: data.user.email,
    isAuthenticated: true,
    stripeCustomerId: typeof data.user.stripe_customer_id === 'string' ? data.user.stripe_customer_id : null,
    subscribed: data.user.subscribed === true,
    birthYear: typeof data.user.birth_year === 'number' ? data.user.birth_year : null,
  };
}
