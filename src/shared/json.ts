/** Checks of parsed JSON shared by client and server. */

/**
 * A JSON object: not null and not an array, the two other things `typeof` calls 'object'. What a
 * request body, a record or a patch must be before its keys are read.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
