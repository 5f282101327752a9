/**
 * Expected failures as values the routes throw once and the error handler turns into JSON.
 * Every error body carries `error` and `message` (the client shows `message`); a validation
 * failure adds `errors`, a map of field → messages.
 */
import type { FieldErrors } from '../../shared/validation/index.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): Record<string, unknown> {
    return errorBody(this.message, this.errors);
  }
}

export function errorBody(message: string, errors?: FieldErrors): Record<string, unknown> {
  return errors ? { error: message, message, errors } : { error: message, message };
}

/** 422 with the field errors, and a message that names the first of them. */
export function invalid(errors: FieldErrors): HttpError {
  const first = Object.values(errors).find((messages) => messages.length > 0)?.[0];
  return new HttpError(422, first ?? 'Validation failed', errors);
}

export const notFound = (what = 'Record'): HttpError => new HttpError(404, `${what} not found`);
