/**
 * A chosen import file, read and checked on the device before anything is sent: JSON, a Runway
 * export of a version this app reads, every record by the shared rules (the server's own check,
 * src/shared/validation/import.ts). A file that fails says why, with each error at its place in
 * the file (`debts[2].apr`), and is never sent.
 */
import { validateImport, importErrorMessage, type ImportDocument, type ImportMode } from '../../../../shared/validation/import.ts';
import type { ValidationContext } from '../../../../shared/validation/kit.ts';

/** The server reads up to 10 MiB (routes/data.ts); a larger file could never be imported. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'This file is larger than 10 MB, more than an import can take.';
export const NOT_JSON = 'This file is not a Runway export: it is not JSON.';

export interface ChosenFile {
  readonly name: string;
  /** The file as parsed: what is sent. */
  readonly raw: unknown;
  /** The file as validated: what it holds. */
  readonly document: ImportDocument;
  /**
   * One Idempotency-Key per file and mode, made when the file is chosen: pressing Import again
   * after an answer was lost resends the same key, and the server applies the file once.
   */
  readonly keys: Readonly<Record<ImportMode, string>>;
  /** The key of a merge that skips the records the account already holds (a different body). */
  readonly skipKey: string;
}

/** Why a file cannot be imported: a sentence, and the errors at their places in the file. */
export interface FileProblem {
  readonly message: string;
  readonly errors: Readonly<Record<string, readonly string[]>> | null;
}

export type ReadResult = { ok: true; file: ChosenFile } | { ok: false; problem: FileProblem };

export async function readImportFile(file: Pick<File, 'name' | 'size' | 'text'>, ctx: ValidationContext): Promise<ReadResult> {
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: { message: FILE_TOO_LARGE, errors: null } };
  let raw: unknown;
  try {
    raw = JSON.parse(await file.text()) as unknown;
  } catch {
    return { ok: false, problem: { message: NOT_JSON, errors: null } };
  }
  const checked = validateImport(raw, ctx);
  if (!checked.ok) return { ok: false, problem: problemOf(checked.errors) };
  return { ok: true, file: { name: file.name, raw, document: checked.value, keys: { replace: crypto.randomUUID(), merge: crypto.randomUUID() }, skipKey: crypto.randomUUID() } };
}

/** A refusal's errors map as a problem: the first error as the sentence (as the server words it), all of them listed. */
export function problemOf(errors: Readonly<Record<string, readonly string[]>>): FileProblem {
  return { message: importErrorMessage(errors as Record<string, string[]>), errors };
}
