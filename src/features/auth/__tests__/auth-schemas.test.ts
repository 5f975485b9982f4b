import { validateChangePassword } from '@/features/auth/components/change-password-schema';
import { validateEmailStep } from '@/features/auth/components/email-step-schema';
import { validateSignIn } from '@/features/auth/components/sign-in-schema';
import { validateSignUp } from '@/features/auth/components/sign-up-schema';

const PASSWORD_RULES = [
  'Password must be at least 8 characters',
  'Password must contain at least one number',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one special character',
];

describe('email rule (sign-in, sign-up, forgot-password, SSO)', () => {
  it.each([
    [undefined, ['Email is required']],
    ['not-an-email', ['Invalid email address']],
    ['olivia@', ['Invalid email address']],
  ])('%j gives %j', (email, messages) => {
    expect(validateEmailStep({ email }).email).toEqual(messages);
  });

  it('accepts a valid address', () => {
    expect(validateEmailStep({ email: 'olivia@example.com' })).toEqual({});
  });
});

describe('sign-in', () => {
  it('needs both fields', () => {
    expect(validateSignIn({})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('asks nothing more of the password than being there', () => {
    expect(validateSignIn({ email: 'olivia@example.com', password: 'x' })).toEqual({});
  });
});

describe('sign-up', () => {
  it('needs a name of at least 3 characters, with yup’s default wording for the minimum', () => {
    expect(validateSignUp({}).name).toEqual(['Name is required']);
    expect(validateSignUp({ name: 'Al' }).name).toEqual(['name must be at least 3 characters']);
    expect(validateSignUp({ name: 'Ali' }).name).toBeUndefined();
  });

  it('says only that a missing password is required', () => {
    expect(validateSignUp({}).password).toEqual(['Password is required']);
  });

  it('lists every password rule that fails, all at once', () => {
    // A character is a letter, a digit or a special one, so at most four rules fail together.
    expect(validateSignUp({ password: ' ' }).password).toEqual(PASSWORD_RULES.slice(0, 4));
    expect(validateSignUp({ password: 'abc' }).password).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one number',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one special character',
    ]);
  });

  it('accepts a password that meets every rule', () => {
    expect(
      validateSignUp({ name: 'Olivia', email: 'olivia@example.com', password: 'Secret-123' }),
    ).toEqual({});
  });
});

describe('change password', () => {
  it('applies the new-password rules', () => {
    expect(validateChangePassword({ password: 'short' }).password).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one number',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one special character',
    ]);
  });

  it('needs the confirmation, with yup’s default wording', () => {
    expect(validateChangePassword({ password: 'Secret-123' }).confirmPassword).toEqual([
      'confirmPassword is a required field',
    ]);
  });

  it('needs the confirmation to match and to be 8 characters', () => {
    expect(
      validateChangePassword({ password: 'Secret-123', confirmPassword: 'Secret' }).confirmPassword,
    ).toEqual(['Passwords must match']);
    expect(
      validateChangePassword({ password: 'Secret', confirmPassword: 'Secret' }).confirmPassword,
    ).toEqual(['confirmPassword must be at least 8 characters']);
    expect(
      validateChangePassword({ password: 'Secret-123', confirmPassword: 'Secret-124' })
        .confirmPassword,
    ).toEqual(['Passwords must match']);
    expect(
      validateChangePassword({ password: 'Secret-123', confirmPassword: 'Secret-123' }),
    ).toEqual({});
  });
});
