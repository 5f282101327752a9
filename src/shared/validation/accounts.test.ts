import { describe, it, expect } from 'vitest';
import {
  validateAccountDeletion,
  validatePasswordChange,
  validatePasswordReset,
  validatePasswordResetRequest,
  validateProfile,
  validateSignIn,
  validateSignUp,
  validateSignUpForm,
} from './accounts.ts';
import type { FieldErrors, Validation } from './kit.ts';

const ctx = { today: '2026-11-21' };

function errorsOf(result: Validation<unknown>): FieldErrors {
  if (result.ok) throw new Error(`Expected errors, got ${JSON.stringify(result.value)}`);
  return result.errors;
}

const signUp = { email: ' Jane@Example.com ', password: 'secret1', password_confirmation: 'secret1', birth_year: 1985 };

describe('validateSignUp', () => {
  it('answers the normalised user, without the confirmation', () => {
    expect(validateSignUp(signUp, ctx)).toEqual({ ok: true, value: { email: 'jane@example.com', password: 'secret1', birth_year: 1985 } });
  });

  it('accepts the birth year as form text', () => {
    expect(validateSignUp({ ...signUp, birth_year: '1985' }, ctx)).toEqual({
      ok: true,
      value: { email: 'jane@example.com', password: 'secret1', birth_year: 1985 },
    });
  });

  it('drops unknown fields', () => {
    const result = validateSignUp({ ...signUp, admin: true, subscribed: true }, ctx);
    expect(result.ok && Object.keys(result.value).sort()).toEqual(['birth_year', 'email', 'password']);
  });

  it('reports every required field of an empty body', () => {
    expect(validateSignUp({}, ctx)).toEqual({
      ok: false,
      errors: {
        email: ['Email is required'],
        password: ['Password is required'],
        password_confirmation: ['Password confirmation is required'],
        birth_year: ['Birth year is required'],
      },
    });
  });

  it('treats a body that is not an object as empty, without throwing', () => {
    for (const input of [undefined, null, 'user', 42, [], true]) {
      expect(Object.keys(errorsOf(validateSignUp(input, ctx))).sort()).toEqual(['birth_year', 'email', 'password', 'password_confirmation']);
    }
  });

  it('checks the email pattern', () => {
    expect(errorsOf(validateSignUp({ ...signUp, email: 'jane.example.com' }, ctx))).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('needs 6 characters of password: 5 fails, 6 passes', () => {
    expect(errorsOf(validateSignUp({ ...signUp, password: '12345', password_confirmation: '12345' }, ctx))).toEqual({
      password: ['Password must be at least 6 characters long'],
    });
    expect(validateSignUp({ ...signUp, password: '123456', password_confirmation: '123456' }, ctx).ok).toBe(true);
  });

  it('keeps spaces in a password and counts them', () => {
    const result = validateSignUp({ ...signUp, password: ' abcd ', password_confirmation: ' abcd ' }, ctx);
    expect(result.ok && result.value.password).toBe(' abcd ');
  });

  it('caps a password at 128 characters', () => {
    const long = 'a'.repeat(129);
    expect(errorsOf(validateSignUp({ ...signUp, password: long, password_confirmation: long }, ctx))).toEqual({
      password: ['Password is too long (maximum 128 characters)'],
    });
    const max = 'a'.repeat(128);
    expect(validateSignUp({ ...signUp, password: max, password_confirmation: max }, ctx).ok).toBe(true);
  });

  it('refuses a password of another JSON type without throwing', () => {
    expect(errorsOf(validateSignUp({ ...signUp, password: 1234567, password_confirmation: 1234567 }, ctx))).toEqual({
      password: ['Password must be text'],
    });
  });

  it('requires the confirmation and compares it', () => {
    expect(errorsOf(validateSignUp({ ...signUp, password_confirmation: '' }, ctx))).toEqual({
      password_confirmation: ['Password confirmation is required'],
    });
    expect(errorsOf(validateSignUp({ ...signUp, password_confirmation: 'secret2' }, ctx))).toEqual({
      password_confirmation: ['Passwords do not match'],
    });
  });

  it('does not compare the confirmation with a missing password', () => {
    expect(errorsOf(validateSignUp({ ...signUp, password: '' }, ctx))).toEqual({ password: ['Password is required'] });
  });

  describe('birth year', () => {
    const year = (birth_year: unknown) => validateSignUp({ ...signUp, birth_year }, ctx);

    it('accepts 1901 and the current year', () => {
      expect(year(1901).ok).toBe(true);
      expect(year('2026').ok).toBe(true);
    });

    it('refuses 1900: it must be greater', () => {
      expect(errorsOf(year(1900))).toEqual({ birth_year: ['Birth year must be greater than 1900'] });
    });

    it('refuses next year as the future', () => {
      expect(errorsOf(year(2027))).toEqual({ birth_year: ['Birth year cannot be in the future'] });
    });

    it('refuses text, fractions and other types as not a valid number', () => {
      for (const raw of ['nineteen', '1985.5', 1985.5, {}, [], true]) {
        expect(errorsOf(year(raw))).toEqual({ birth_year: ['Birth year must be a valid number'] });
      }
    });

    it('requires it', () => {
      expect(errorsOf(year(''))).toEqual({ birth_year: ['Birth year is required'] });
    });
  });
});

describe('validateSignUpForm', () => {
  const form = { email: 'jane@example.com', password: 'secret1', password_confirmation: 'secret1', birth_year: '1985', terms: true };

  it('answers the sign-up value when the terms are accepted', () => {
    expect(validateSignUpForm(form, ctx)).toEqual({ ok: true, value: { email: 'jane@example.com', password: 'secret1', birth_year: 1985 } });
  });

  it('refuses unaccepted terms', () => {
    expect(validateSignUpForm({ ...form, terms: false }, ctx)).toEqual({
      ok: false,
      errors: { terms: ['You must accept the Terms of Service to continue'] },
    });
  });

  it('adds the terms message to the other errors', () => {
    expect(validateSignUpForm({ ...form, email: '', birth_year: '', terms: false }, ctx)).toEqual({
      ok: false,
      errors: {
        email: ['Email is required'],
        birth_year: ['Birth year is required'],
        terms: ['You must accept the Terms of Service to continue'],
      },
    });
  });
});

describe('validateSignIn', () => {
  it('answers the normalised email, the password as typed and remember_me', () => {
    expect(validateSignIn({ email: ' Jane@Example.com ', password: 'abc', remember_me: true })).toEqual({
      ok: true,
      value: { email: 'jane@example.com', password: 'abc', remember_me: true },
    });
  });

  it('defaults remember_me to false', () => {
    expect(validateSignIn({ email: 'jane', password: 'x' })).toEqual({ ok: true, value: { email: 'jane', password: 'x', remember_me: false } });
  });

  it('checks only presence: no pattern, no minimum length', () => {
    expect(validateSignIn({ email: 'not-an-email', password: '1' }).ok).toBe(true);
  });

  it('uses our own required messages', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: ['Email is required'], password: ['Password is required'] },
    });
  });

  it('refuses wrong JSON types without throwing', () => {
    expect(validateSignIn({ email: ['a'], password: {}, remember_me: 'maybe' })).toEqual({
      ok: false,
      errors: { email: ['Email must be text'], password: ['Password must be text'], remember_me: ['Remember me must be true or false'] },
    });
  });
});

describe('validatePasswordResetRequest', () => {
  it('answers the normalised email', () => {
    expect(validatePasswordResetRequest({ email: 'JANE@example.com' })).toEqual({ ok: true, value: { email: 'jane@example.com' } });
  });

  it('requires a valid email', () => {
    expect(validatePasswordResetRequest({})).toEqual({ ok: false, errors: { email: ['Email is required'] } });
    expect(validatePasswordResetRequest({ email: 'jane' })).toEqual({ ok: false, errors: { email: ['Please enter a valid email address'] } });
  });
});

describe('validatePasswordReset', () => {
  const reset = { email: 'jane@example.com', reset_password_token: ' tok123 ', password: 'newpass', password_confirmation: 'newpass' };

  it('answers email, trimmed token and password', () => {
    expect(validatePasswordReset(reset)).toEqual({
      ok: true,
      value: { email: 'jane@example.com', reset_password_token: 'tok123', password: 'newpass' },
    });
  });

  it('requires the token, also when it is not text', () => {
    for (const token of [undefined, '', {}, 12]) {
      expect(errorsOf(validatePasswordReset({ ...reset, reset_password_token: token }))).toEqual({
        reset_password_token: ['Reset token is required'],
      });
    }
  });

  it('applies the password and confirmation rules', () => {
    expect(errorsOf(validatePasswordReset({ ...reset, password: 'short', password_confirmation: 'shorter' }))).toEqual({
      password: ['Password must be at least 6 characters long'],
      password_confirmation: ['Passwords do not match'],
    });
  });

  it('reports everything on an empty body', () => {
    expect(validatePasswordReset(null)).toEqual({
      ok: false,
      errors: {
        email: ['Email is required'],
        reset_password_token: ['Reset token is required'],
        password: ['Password is required'],
        password_confirmation: ['Password confirmation is required'],
      },
    });
  });
});

describe('validatePasswordChange', () => {
  const change = { current_password: 'old', password: 'newpass', password_confirmation: 'newpass', email: 'jane@example.com' };

  it('answers the current and the new password only', () => {
    expect(validatePasswordChange(change)).toEqual({ ok: true, value: { current_password: 'old', password: 'newpass' } });
  });

  it('uses the change-password messages', () => {
    expect(validatePasswordChange({})).toEqual({
      ok: false,
      errors: {
        current_password: ['Current password is required'],
        password: ['New password is required'],
        password_confirmation: ['Password confirmation is required'],
      },
    });
  });

  it('needs 6 characters of new password', () => {
    expect(errorsOf(validatePasswordChange({ ...change, password: 'abcde', password_confirmation: 'abcde' }))).toEqual({
      password: ['New password must be at least 6 characters long'],
    });
  });

  it('compares the confirmation with the new password', () => {
    expect(errorsOf(validatePasswordChange({ ...change, password_confirmation: 'old' }))).toEqual({
      password_confirmation: ['Passwords do not match'],
    });
  });
});

describe('validateAccountDeletion', () => {
  it('answers the current password exactly as typed, and nothing else', () => {
    expect(validateAccountDeletion({ current_password: ' old pass ', email: 'jane@example.com' })).toEqual({ ok: true, value: { current_password: ' old pass ' } });
  });

  it('uses the change-password message for a missing or empty password', () => {
    for (const input of [{}, { current_password: '' }, { current_password: null }, undefined]) {
      expect(validateAccountDeletion(input)).toEqual({ ok: false, errors: { current_password: ['Current password is required'] } });
    }
    expect(validateAccountDeletion({ current_password: 42 })).toEqual({ ok: false, errors: { current_password: ['Current password must be text'] } });
  });
});

describe('validateProfile', () => {
  it('answers the birth year', () => {
    expect(validateProfile({ birth_year: '1970' }, ctx)).toEqual({ ok: true, value: { birth_year: 1970 } });
  });

  it('applies the birth-year rules with the context’s year', () => {
    expect(validateProfile({ birth_year: 1900 }, ctx)).toEqual({ ok: false, errors: { birth_year: ['Birth year must be greater than 1900'] } });
    expect(validateProfile({ birth_year: 2027 }, ctx)).toEqual({ ok: false, errors: { birth_year: ['Birth year cannot be in the future'] } });
    expect(validateProfile({ birth_year: 2027 }, { today: '2027-01-01' })).toEqual({ ok: true, value: { birth_year: 2027 } });
    expect(validateProfile({}, ctx)).toEqual({ ok: false, errors: { birth_year: ['Birth year is required'] } });
  });
});
