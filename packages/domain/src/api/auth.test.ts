import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../validation-error';
import { newPasswordProblem, signinBodySchema, signupBodySchema } from './auth';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  changePasswordFormSchemaFor,
  deleteAccountBodySchema,
  updateProfileBodySchema,
} from './users';

const signup = { first_name: ' Ada ', last_name: 'Lovelace', email: ' ada@example.com ', password: 'secret1' };

describe('auth and user bodies', () => {
  it('accepts a sign-up and trims names and e-mail', () => {
    expect(signupBodySchema.parse(signup)).toEqual({ ...signup, first_name: 'Ada', email: 'ada@example.com' });
  });

  it('uses the documented wording for a short password, one message per field', () => {
    const result = signupBodySchema.safeParse({ ...signup, password: '12345' });
    expect(toErrorEnvelope(result.error!).errors).toEqual(['Password must be at least 6 characters long']);
    const empty = signupBodySchema.safeParse({ ...signup, password: '' });
    expect(toErrorEnvelope(empty.error!).errors).toEqual(['Password is required']);
  });

  it('requires every sign-up field with a clear message', () => {
    const result = signupBodySchema.safeParse({});
    expect(toErrorEnvelope(result.error!).errors).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
    ]);
    expect(toErrorEnvelope(signupBodySchema.safeParse({ ...signup, email: 'nope' }).error!).error).toBe(
      'Invalid email format',
    );
  });

  it('refuses a password of only spaces or equal to the e-mail address, on the field', () => {
    for (const password of ['      ', '\u00a0\u3000\t\n  ']) {
      expect(toErrorEnvelope(signupBodySchema.safeParse({ ...signup, password }).error!).errors).toEqual([
        'Password cannot be only spaces',
      ]);
    }
    const same = signupBodySchema.safeParse({ ...signup, password: ' ADA@example.COM ' });
    expect(same.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['password'], 'Password cannot be your e-mail address'],
    ]);
    expect(signupBodySchema.safeParse({ ...signup, password: 'ada@example.com!' }).success).toBe(true);
    expect(newPasswordProblem(' a b c ', 'x@y.z')).toBeNull();
    const form = changePasswordFormSchemaFor('ada@example.com').safeParse({
      current_password: 'x',
      new_password: 'Ada@Example.com',
      confirm_password: 'Ada@Example.com',
    });
    expect(form.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['new_password'], 'Password cannot be your e-mail address'],
    ]);
  });

  it('checks only presence for a sign-in password', () => {
    expect(signinBodySchema.parse({ email: 'a@b.co', password: '1' })).toEqual({ email: 'a@b.co', password: '1' });
    expect(toErrorEnvelope(signinBodySchema.safeParse({ email: 'a@b.co' }).error!).error).toBe('Password is required');
  });

  it('validates profile, password and delete bodies', () => {
    expect(updateProfileBodySchema.parse({ first_name: 'A', last_name: 'B', default_currency: 'gbp' })).toMatchObject({
      default_currency: 'GBP',
    });
    expect(
      toErrorEnvelope(changePasswordBodySchema.safeParse({ current_password: 'x', new_password: 'short' }).error!)
        .error,
    ).toBe('Password must be at least 6 characters long');
    expect(
      toErrorEnvelope(
        changePasswordFormSchema.safeParse({
          current_password: 'x',
          new_password: 'secret1',
          confirm_password: 'secret2',
        }).error!,
      ).error,
    ).toBe('New passwords do not match');
    expect(toErrorEnvelope(deleteAccountBodySchema.safeParse({ password: '' }).error!).error).toBe(
      'Please enter your password to confirm account deletion',
    );
  });
});
