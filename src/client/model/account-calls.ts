/**
 * The account calls (docs/product.md#calls) and the texts their failures show (#error-messages).
 * Screens send them through the data layer's transport, so a 401 on an authenticated call signs the
 * user out the same way as anywhere else; only sign-in and sign-up go without the token.
 */
import { isJsonObject } from '../../shared/json.ts';
import type { ApiResult, ApiTransport } from '../data/api.ts';

export const AUTH_ERROR_FALLBACK = 'An error occurred. Please try again.';
export const INVALID_CREDENTIALS = 'Invalid Credentials';
export const RESET_TOKEN_EXPIRED = 'Token has expired. Please request a new password reset link.';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';

/** After sign-up and sign-in (docs/product.md#constants-and-limits). */
export const SIGN_IN_REDIRECT_MS = 2000;
/** After forgot, reset and change password (docs/product.md#constants-and-limits). */
export const PASSWORD_REDIRECT_MS = 3000;

export type ApiFailure = Extract<ApiResult, { ok: false }>;

/** Auth forms (docs/product.md#error-messages): the server's message, else the error's, else the default. */
export function authFailureMessage(result: ApiFailure): string {
  const message = result.message?.trim();
  return message ? message : AUTH_ERROR_FALLBACK;
}

/** The first message per field of a refusal's errors map, or null when it has none. */
export function firstFieldErrors(result: ApiFailure): Record<string, string> | null {
  if (result.kind !== 'http' || !result.errors) return null;
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(result.errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') first[field] = messages[0];
  }
  return Object.keys(first).length > 0 ? first : null;
}

export interface SignInBody {
  email: string;
  password: string;
  remember_me: boolean;
}

export interface SignUpBody {
  email: string;
  password: string;
  password_confirmation: string;
  birth_year: number;
}

export interface ResetBody {
  email: string;
  reset_password_token: string;
  password: string;
  password_confirmation: string;
}

export interface ChangePasswordBody {
  email: string;
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const accountCalls = {
  signIn: (transport: ApiTransport, user: SignInBody) => transport.request({ method: 'POST', path: '/users/sign_in', body: { user }, anonymous: true }),
  signUp: (transport: ApiTransport, user: SignUpBody) => transport.request({ method: 'POST', path: '/users', body: { user }, anonymous: true }),
  requestReset: (transport: ApiTransport, email: string) => transport.request({ method: 'POST', path: '/users/password', body: { user: { email } } }),
  resetPassword: (transport: ApiTransport, user: ResetBody) => transport.request({ method: 'PUT', path: '/users/password', body: { user } }),
  changePassword: (transport: ApiTransport, user: ChangePasswordBody) => transport.request({ method: 'PUT', path: '/users', body: { user } }),
  updateProfile: (transport: ApiTransport, birthYear: number) => transport.request({ method: 'PUT', path: '/api/v1/profile', body: { user: { birth_year: birthYear } } }),
};

export interface ProfileUser {
  email?: string;
  birth_year?: number;
  [field: string]: unknown;
}

/** The profile answer's `user`, which the server sends as a JSON string (docs/product.md#calls). */
export function profileFromAnswer(data: unknown): ProfileUser | null {
  const raw = (data as { user?: unknown } | null)?.user;
  let user: unknown = raw;
  if (typeof raw === 'string') {
    try {
      user = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  return isJsonObject(user) ? (user as ProfileUser) : null;
}
