// Zod schemas for the account fields, with the spec's messages (section 5), shared by the auth routes.
import { z } from 'zod';

import { NAME_MIN_LENGTH, passwordProblems, PASSWORD_MESSAGES } from '@common/auth';

import { normaliseEmail } from './email-address';

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 150;
const PASSWORD_MAX_LENGTH = 256;
const INDUSTRY_MAX_LENGTH = 100;
const REFERRER_MAX_LENGTH = 2048;
const JOURNEY_MAX_ENTRIES = 50;

// Postgres text cannot hold NUL, and no name or email needs control characters.
const CONTROL_CHARACTERS = /\p{Cc}/u;

function requiredString(message: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? message : 'Must be text.',
  });
}

export const emailField = requiredString('Email is required')
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, 'Email is required')
      .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .pipe(z.email('Invalid email address')),
  );

/** A password being chosen: every rule it breaks is listed. */
export const newPasswordField = requiredString(PASSWORD_MESSAGES.required).superRefine(
  (password, context) => {
    if (password.length > PASSWORD_MAX_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      });
      return;
    }
    for (const message of passwordProblems(password)) {
      context.addIssue({ code: 'custom', message });
    }
  },
);

function personName(label: string, minLength: number) {
  return requiredString(`${label} is required`)
    .trim()
    .superRefine((name, context) => {
      const problem =
        name === '' && minLength > 0
          ? `${label} is required`
          : name.length < minLength
            ? `${label} must be at least ${minLength} characters`
            : name.length > NAME_MAX_LENGTH
              ? `${label} must be at most ${NAME_MAX_LENGTH} characters`
              : CONTROL_CHARACTERS.test(name)
                ? `${label} must not contain control characters`
                : undefined;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

export const firstNameField = personName('Name', NAME_MIN_LENGTH);
export const lastNameField = personName('Last name', 0);

export const industryField = z
  .string({ error: 'Industry must be text.' })
  .trim()
  .min(1, 'Industry is required')
  .max(INDUSTRY_MAX_LENGTH, `Industry must be at most ${INDUSTRY_MAX_LENGTH} characters`)
  .refine(
    (value) => !CONTROL_CHARACTERS.test(value),
    'Industry must not contain control characters',
  );

function cleanText(value: string, maxLength: number): string {
  return value.replace(/\p{Cc}/gu, '').slice(0, maxLength);
}

// Attribution is best-effort: odd values are cleaned or dropped, never a reason to refuse a sign-up.
export const referrerField = z
  .unknown()
  .default(null)
  .transform((value) =>
    typeof value === 'string' && value.trim() !== ''
      ? cleanText(value.trim(), REFERRER_MAX_LENGTH)
      : null,
  );

function journeyEntries(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value); // a cookie's JSON text sent as is
    return Array.isArray(parsed) ? parsed : [value];
  } catch {
    return [value];
  }
}

export const journeyField = z
  .unknown()
  .default(null)
  .transform((value) => {
    const urls = journeyEntries(value)
      .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
      .map((entry) => cleanText(entry.trim(), REFERRER_MAX_LENGTH))
      .slice(-JOURNEY_MAX_ENTRIES);
    return urls.length > 0 ? urls : null;
  });
