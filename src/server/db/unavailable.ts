/**
 * Whether an error means the database cannot be reached (docs/api.md#errors): the server answers
 * those with 503 and `Retry-After` instead of 500, and the app keeps the edit queued as it does
 * offline (the outbox retries it under the same Idempotency-Key, so it lands once).
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs for a connection that failed or a server that is going away or not up
 * yet: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;

/** What node-postgres says when the server closes the connection or the pool cannot get one. */
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * True when `error`, or an error it was caused by (Drizzle wraps the driver's), says the database
 * is out of reach. `isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code:
 * 'ECONNREFUSED' }))` is true; a constraint violation (code 23505) is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_MESSAGE_TEXT = 'Runway is briefly unavailable. Your changes are kept; please try again in a moment.';
