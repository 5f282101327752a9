/**
 * The account rules (docs/product.md#validation): sign-up, sign-in, password reset and change,
 * profile, and the password that confirms deleting the account (docs/api.md#deleting-an-account).
 * Each server validator takes the `user` object of the request body; the `...Form` variants take
 * the form's values and add the rules that only exist on screen (the terms checkbox).
 */
import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TEXT_LENGTH,
  addError,
  asObject,
  characterCount,
  collect,
  currentYear,
  fieldError,
  fieldOk,
  isMissing,
  optional,
  parseBoolean,
  parseEmail,
  parseInteger,
  parseText,
} from './kit.ts';
import type { FieldErrors, FieldResult, Validation, ValidationContext } from './kit.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** Above 1900 (the rule's message), at most the current year (docs/product.md#constants-and-limits). */
export const BIRTH_YEAR_MIN = 1901;

export interface SignUpInput {
  email: string;
  password: string;
  birth_year: number;
}

export interface SignInInput {
  email: string;
  password: string;
  remember_me: boolean;
}

export interface PasswordResetRequestInput {
  email: string;
}

export interface PasswordResetInput {
  email: string;
  reset_password_token: string;
  password: string;
}

export interface PasswordChangeInput {
  current_password: string;
  password: string;
}

export interface AccountDeletionInput {
  current_password: string;
}

export interface ProfileInput {
  birth_year: number;
}

/** The sign-up form's values: strings from inputs ('' when empty) or numbers, and the checkbox. */
export interface SignUpFormValues {
  email: string;
  password: string;
  password_confirmation: string;
  birth_year: string | number;
  terms: boolean;
}

interface PasswordRule {
  label: string;
  /** Null for sign-in, where any non-empty password may be tried. */
  minLength: number | null;
}

/** Passwords are kept exactly as typed: no trimming, since a space may be part of one. */
function parsePassword(raw: unknown, rule: PasswordRule): FieldResult<string> {
  if (isMissing(raw)) return fieldError(`${rule.label} is required`);
  if (typeof raw !== 'string') return fieldError(`${rule.label} must be text`);
  const length = characterCount(raw);
  if (rule.minLength !== null && length < rule.minLength) {
    return fieldError(`${rule.label} must be at least ${rule.minLength} characters long`);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return fieldError(`${rule.label} is too long (maximum ${MAX_PASSWORD_LENGTH} characters)`);
  }
  return fieldOk(raw);
}

/** The confirmation is compared only with a password that was given as text. */
function checkConfirmation(errors: FieldErrors, password: unknown, confirmation: unknown): void {
  if (isMissing(confirmation)) addError(errors, 'password_confirmation', 'Password confirmation is required');
  else if (typeof password === 'string' && !isMissing(password) && confirmation !== password) {
    addError(errors, 'password_confirmation', 'Passwords do not match');
  }
}

function parseBirthYear(raw: unknown, ctx: ValidationContext): FieldResult<number> {
  const invalid = 'Birth year must be a valid number';
  return parseInteger(raw, {
    label: 'Birth year',
    min: BIRTH_YEAR_MIN,
    max: currentYear(ctx),
    invalid,
    whole: invalid,
    tooSmall: 'Birth year must be greater than 1900',
    tooLarge: 'Birth year cannot be in the future',
  });
}

/** POST /users: {email, password, password_confirmation, birth_year}. */
export function validateSignUp(input: unknown, ctx: ValidationContext): Validation<SignUpInput> {
  const user = asObject(input);
  const extra: FieldErrors = {};
  checkConfirmation(extra, user.password, user.password_confirmation);
  return collect(
    {
      email: parseEmail(user.email),
      password: parsePassword(user.password, { label: 'Password', minLength: PASSWORD_MIN_LENGTH }),
      birth_year: parseBirthYear(user.birth_year, ctx),
    },
    extra,
  );
}

/** The sign-up screen: the server's rules plus the terms checkbox, which is never sent. */
export function validateSignUpForm(values: SignUpFormValues, ctx: ValidationContext): Validation<SignUpInput> {
  const signUp = validateSignUp(values, ctx);
  const terms = parseBoolean(values.terms, { label: 'Terms' });
  if (terms.ok && terms.value) return signUp;
  const errors: FieldErrors = signUp.ok ? {} : { ...signUp.errors };
  addError(errors, 'terms', 'You must accept the Terms of Service to continue');
  return { ok: false, errors };
}

/**
 * POST /users/sign_in: only presence is checked, so that the answer for a malformed email is the
 * same 401 as for a wrong password. The length caps match sign-up, so no real account is refused.
 */
export function validateSignIn(input: unknown): Validation<SignInInput> {
  const user = asObject(input);
  const email = parseText(user.email, { label: 'Email', max: MAX_EMAIL_LENGTH });
  const rememberMe = optional(user.remember_me, (raw) => parseBoolean(raw, { label: 'Remember me' }));
  return collect({
    email: email.ok ? fieldOk(email.value.toLowerCase()) : email,
    password: parsePassword(user.password, { label: 'Password', minLength: null }),
    remember_me: rememberMe.ok ? fieldOk(rememberMe.value ?? false) : rememberMe,
  });
}

/** POST /users/password: {email}. */
export function validatePasswordResetRequest(input: unknown): Validation<PasswordResetRequestInput> {
  const user = asObject(input);
  return collect({ email: parseEmail(user.email) });
}

/** PUT /users/password: {email, reset_password_token, password, password_confirmation}. */
export function validatePasswordReset(input: unknown): Validation<PasswordResetInput> {
  const user = asObject(input);
  const extra: FieldErrors = {};
  checkConfirmation(extra, user.password, user.password_confirmation);
  return collect(
    {
      email: parseEmail(user.email),
      reset_password_token: parseText(user.reset_password_token, {
        label: 'Reset token',
        max: MAX_TEXT_LENGTH,
        invalid: 'Reset token is required',
      }),
      password: parsePassword(user.password, { label: 'Password', minLength: PASSWORD_MIN_LENGTH }),
    },
    extra,
  );
}

/** PUT /users: {current_password, password, password_confirmation}; other keys are ignored. */
export function validatePasswordChange(input: unknown): Validation<PasswordChangeInput> {
  const user = asObject(input);
  const extra: FieldErrors = {};
  checkConfirmation(extra, user.password, user.password_confirmation);
  return collect(
    {
      current_password: parsePassword(user.current_password, { label: 'Current password', minLength: null }),
      password: parsePassword(user.password, { label: 'New password', minLength: PASSWORD_MIN_LENGTH }),
    },
    extra,
  );
}

/** DELETE /users (docs/api.md#deleting-an-account): {current_password}, with the change-password form's message. */
export function validateAccountDeletion(input: unknown): Validation<AccountDeletionInput> {
  const user = asObject(input);
  return collect({ current_password: parsePassword(user.current_password, { label: 'Current password', minLength: null }) });
}

/** PUT /api/v1/profile: {birth_year}. */
export function validateProfile(input: unknown, ctx: ValidationContext): Validation<ProfileInput> {
  const user = asObject(input);
  return collect({ birth_year: parseBirthYear(user.birth_year, ctx) });
}
