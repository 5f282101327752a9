/**
 * The calls of docs/api.md#export-and-import and #deleting-an-account, and the words their failures
 * show. Screens send them through the data layer's transport, so a 401 signs the user out as it
 * does anywhere else.
 * - `GET /api/v1/export` → 200, the export document (src/shared/export/document.ts);
 * - `POST /api/v1/import` `{mode, document}` with an Idempotency-Key → 200
 *   `{import: {mode, created, deleted}}`, or 422 `{message, errors: {'debts[2].apr': […]}}`;
 * - `DELETE /users` `{user: {current_password}}` → 204; 422 with `errors.current_password` for a
 *   wrong password.
 */
import type { ImportMode } from '../../../../shared/validation/import.ts';
import type { ApiTransport } from '../../../data/api.ts';

export const EXPORT_FAILED = 'Failed to export your data. Please try again.';
export const IMPORT_FAILED = 'Failed to import the file. Please try again.';
export const DELETE_FAILED = 'Failed to delete your account. Please try again.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/** What each action says while the browser is offline. */
export const IMPORT_NEEDS_CONNECTION = 'Importing needs a connection: the file is checked and applied on the server.';
export const DELETE_NEEDS_CONNECTION = 'Deleting your account needs a connection: it happens on the server.';

/** Counts per collection (`debts`), single (`housing`: 0 or 1) and list of actuals (`debt_months`). */
export type ImportCounts = Record<string, number>;

export interface ImportAnswer {
  mode: ImportMode;
  created: ImportCounts;
  deleted: ImportCounts;
}

export const dataCalls = {
  exportDocument: (transport: ApiTransport) => transport.request({ method: 'GET', path: '/api/v1/export' }),
  importDocument: (transport: ApiTransport, mode: ImportMode, document: unknown, idempotencyKey: string) =>
    transport.request({ method: 'POST', path: '/api/v1/import', body: { mode, document }, idempotencyKey }),
  deleteAccount: (transport: ApiTransport, currentPassword: string) => transport.request({ method: 'DELETE', path: '/users', body: { user: { current_password: currentPassword } } }),
};

/** The import answer's `import`, or null when the body is not one. */
export function importAnswer(data: unknown): ImportAnswer | null {
  const answer = (data as { import?: Partial<ImportAnswer> } | null)?.import;
  if (!answer || typeof answer.created !== 'object' || typeof answer.deleted !== 'object' || (answer.mode !== 'replace' && answer.mode !== 'merge')) return null;
  return answer as ImportAnswer;
}
