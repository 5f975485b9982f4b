// Account and sign-in rules shared by the server and the SPA. No zod here; the shapes are in auth-schemas.ts.

export const OTP_LENGTH = 6;
/** Seconds between two Resend presses for one email. */
export const OTP_RESEND_COOLDOWN_SECONDS = 10;
export const OTP_LIFETIME_MINUTES = 10;
/** Wrong codes accepted before a code stops working and a new one must be requested. */
export const OTP_MAX_ATTEMPTS = 5;
/** How long after the forgot-password code is verified a new password may be set. */
export const PASSWORD_RESET_WINDOW_MINUTES = 10;

export const NAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  minLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  number: 'Password must contain at least one number',
  lowercase: 'Password must contain at least one lowercase letter',
  uppercase: 'Password must contain at least one uppercase letter',
  special: 'Password must contain at least one special character',
} as const;

/** Every rule a new password breaks, in the words the forms show; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  if (password === '') return [PASSWORD_MESSAGES.required];
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.minLength);
  if (!/\d/.test(password)) problems.push(PASSWORD_MESSAGES.number);
  if (!/[a-z]/.test(password)) problems.push(PASSWORD_MESSAGES.lowercase);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!/[^a-zA-Z0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.special);
  return problems;
}

/** Why an OTP is checked; `signup` and `email_verification` both verify the email. */
export const OTP_SOURCES = ['signup', 'email_verification', 'forget-password'] as const;
export type OtpSource = (typeof OTP_SOURCES)[number];

/** Emails are compared and stored trimmed and lower-cased, everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
