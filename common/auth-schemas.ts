// The account API's shapes, written once: the server validates and serialises with these schemas, the SPA imports
// their inferred types (as types only: the rules it needs as values are in auth.ts, which does not import zod).
// Messages are the product's own words for each account field.
import { z } from 'zod';

import {
  NAME_MIN_LENGTH,
  normaliseEmail,
  OTP_LENGTH,
  OTP_SOURCES,
  passwordProblems,
  PASSWORD_MESSAGES,
} from './auth';
import { ISSUER_PROOFS, WITHHELD_NAME_REASONS } from './issuer-identity';
import { ACCESS_AREAS, ACCESS_LEVELS, type AccessArea, type AccessLevel } from './team';
import {
  CONTROL_CHARACTERS,
  withoutInvisibleFormatting,
  withoutUnpairedSurrogates,
} from './text-schemas';

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 150;
const PASSWORD_MAX_LENGTH = 256;
const INDUSTRY_MAX_LENGTH = 100;
const ORGANISATION_NAME_MAX_LENGTH = 150;
const REFERRER_MAX_LENGTH = 2048;
const JOURNEY_MAX_ENTRIES = 50;

function requiredString(message: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? message : 'Must be text.',
  });
}

/** An email as every form takes it: trimmed, lower-cased, checked. */
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
const newPasswordField = requiredString(PASSWORD_MESSAGES.required).superRefine(
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
    .overwrite(withoutInvisibleFormatting)
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

const firstNameField = personName('Name', NAME_MIN_LENGTH);
const lastNameField = personName('Last name', 0);

const industryField = z
  .string({ error: 'Industry must be text.' })
  .overwrite(withoutInvisibleFormatting)
  .trim()
  .min(1, 'Industry is required')
  .max(INDUSTRY_MAX_LENGTH, `Industry must be at most ${INDUSTRY_MAX_LENGTH} characters`)
  .refine(
    (value) => !CONTROL_CHARACTERS.test(value),
    'Industry must not contain control characters',
  );

function cleanText(value: string, maxLength: number): string {
  return withoutUnpairedSurrogates(value.replace(/\p{Cc}/gu, '').slice(0, maxLength));
}

// Attribution is best-effort: odd values are cleaned or dropped, never a reason to refuse a sign-up.
const referrerField = z
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

const journeyField = z
  .unknown()
  .default(null)
  .transform((value) => {
    const urls = journeyEntries(value)
      .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
      .map((entry) => cleanText(entry.trim(), REFERRER_MAX_LENGTH))
      .slice(-JOURNEY_MAX_ENTRIES);
    return urls.length > 0 ? urls : null;
  });

// The SPA sends the code as text; a number (leading zeros lost) is accepted too.
const otpField = z
  .union([z.string(), z.number().int().nonnegative()], {
    error: (issue) =>
      issue.input === undefined ? 'The code is required.' : 'Enter the 6-digit code.',
  })
  .transform((code) =>
    typeof code === 'number' ? String(code).padStart(OTP_LENGTH, '0') : code.trim(),
  )
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'));

const INVITATION_MAX_LENGTH = 200;

/** POST /api/auth/register/; `invitation` is the token of a team invitation link, when the sign-up accepts one. */
export const registrationSchema = z.object({
  first_name: firstNameField,
  email: emailField,
  password: newPasswordField,
  referrer: referrerField,
  journey: journeyField,
  invitation: z
    .string({ error: 'Must be text.' })
    .max(
      INVITATION_MAX_LENGTH,
      'This invitation link is invalid, used or expired. Ask for a new one.',
    )
    .optional()
    .transform((token) => token?.trim() || undefined),
});
export type RegistrationRequest = z.input<typeof registrationSchema>;

/** PATCH /api/auth/resend-otp/ and POST /api/auth/sso/redirect/ */
export const emailOnlySchema = z.object({ email: emailField });

/** PATCH /api/auth/email-verification/ */
export const emailVerificationSchema = z.object({
  email: emailField,
  otp: otpField,
  // The verification step may send the password along; it is not needed here.
  password: z.unknown().optional(),
});
export type EmailVerificationRequest = z.input<typeof emailVerificationSchema>;

export const emailVerificationQuerySchema = z.object({
  source: z
    .enum(OTP_SOURCES, {
      error: 'source must be signup, email_verification or forget-password.',
    })
    .default('signup'),
});

/** PATCH /api/auth/forget-password/: an email alone asks for a code; with a password, sets it. */
export const forgetPasswordSchema = z.object({
  email: emailField,
  password: newPasswordField.optional(),
  source: z.string().optional(),
});
export type ForgetPasswordRequest = z.input<typeof forgetPasswordSchema>;

// The issuer every public page names. null (or blank) goes back to naming the account's owner.
const organisationNameField = z
  .string({ error: 'Organisation name must be text.' })
  .overwrite(withoutInvisibleFormatting)
  .trim()
  .max(
    ORGANISATION_NAME_MAX_LENGTH,
    `Organisation name must be at most ${ORGANISATION_NAME_MAX_LENGTH} characters`,
  )
  .refine(
    (value) => !CONTROL_CHARACTERS.test(value),
    'Organisation name must not contain control characters',
  )
  .transform((value) => (value === '' ? null : value));

/** PATCH /api/auth/profile/ */
export const profileChangesSchema = z.object({
  first_name: firstNameField.optional(),
  last_name: lastNameField.optional(),
  industry: industryField.nullable().optional(),
  /** The account's; only its owner may change it. */
  organisation_name: organisationNameField.nullable().optional(),
});
export type ProfileChanges = z.infer<typeof profileChangesSchema>;

/**
 * POST /api/auth/password/: a signed-in user's new password. current_password is required when the account has
 * one (accounts made with Google or SSO have none and may set one without it).
 */
export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'Current password must be text.' })
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
    password: newPasswordField,
    confirmPassword: requiredString('confirmPassword is a required field'),
  })
  .refine((change) => change.confirmPassword === change.password, {
    path: ['confirmPassword'],
    message: 'Passwords must match',
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** One signed-in session (a refresh-token family) as GET /api/auth/sessions/ lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  /** The session this request was made from. */
  current: z.boolean(),
  device: z.enum(['mobile', 'tablet', 'desktop', 'other']),
  browser: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ results: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** POST /api/auth/email/: the new address, which a code is mailed to. */
export const emailChangeSchema = z.object({ email: emailField });
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** POST /api/auth/email/verify/: the code mailed to the new address. */
export const emailChangeCodeSchema = z.object({ otp: otpField });
export type EmailChangeCode = z.infer<typeof emailChangeCodeSchema>;

export const sessionParamsSchema = z.object({
  id: z.uuid({ error: 'Not a session id.' }),
});

// OAuth bodies: every field optional here, because the handlers check them in OAuth's order (client first, then
// grant) and answer in OAuth's shape.
const oauthField = z.string({ error: 'Must be a single text value.' }).optional();

/** POST /api/auth/token/ (password and refresh_token grants), as a form. */
export const tokenRequestSchema = z.object({
  grant_type: oauthField,
  client_id: oauthField,
  client_secret: oauthField,
  email: oauthField,
  username: oauthField,
  password: oauthField,
  refresh_token: oauthField,
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

/** POST /api/auth/token/revoke/ (RFC 7009), as a form. */
export const tokenRevocationSchema = z.object({
  client_id: oauthField,
  client_secret: oauthField,
  token: oauthField,
  token_type_hint: oauthField,
});

/** POST /api/auth/token/google/: a Google access token converted into ours. */
export const googleTokenRequestSchema = z.object({
  grant_type: oauthField,
  client_id: oauthField,
  client_secret: oauthField,
  backend: oauthField,
  token: oauthField,
  referrer: referrerField,
  journey: journeyField,
});

/** POST /api/auth/token/sso/: the organisation's provider sent the user back with a code. */
export const ssoTokenRequestSchema = z.object({
  grant_type: oauthField,
  client_id: oauthField,
  client_secret: oauthField,
  email: oauthField,
  code: oauthField,
  state: oauthField,
});

/** { status, data: { message } }: the register, resend and verification responses. */
export const messageResponseSchema = z.object({
  status: z.number(),
  data: z.object({ message: z.string() }),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** PATCH /api/auth/forget-password/ */
export const forgetPasswordResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/token/revoke/ answers an empty object, whether or not the token was known (RFC 7009). */
export const tokenRevocationResponseSchema = z.object({});

/** The token endpoints' success response (password, refresh, Google and SSO grants). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * POST /api/auth/register/: a sign-up that accepts a team invitation is signed in at once (the link proved the
 * email), so its answer carries the token pair the token endpoint would give; other sign-ups wait for their code.
 */
export const registrationResponseSchema = messageResponseSchema.extend({
  tokens: tokenResponseSchema.optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** POST /api/auth/token/google/ also says whether the account was made just now. */
export const googleTokenResponseSchema = tokenResponseSchema.extend({ is_new_user: z.boolean() });

/** POST /api/auth/sso/redirect/: where the browser goes to sign in. */
export const ssoRedirectResponseSchema = z.object({
  auth_url: z.string(),
  data: z.object({ auth_url: z.string() }),
});
export type SsoRedirectResponse = z.infer<typeof ssoRedirectResponseSchema>;

/** What a shared user may do on the owner's account, one level per area; null for everyone else. */
const sharedUserAccessSchema = z.object(
  Object.fromEntries(ACCESS_AREAS.map((area) => [area, z.enum(ACCESS_LEVELS)])) as Record<
    AccessArea,
    z.ZodEnum<{ [Level in AccessLevel]: Level }>
  >,
);
export type SharedUserAccess = z.infer<typeof sharedUserAccessSchema>;

/** The owner whose account a shared user acts on; null for everyone else. */
const ownerUserDetailsSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type OwnerUserDetails = z.infer<typeof ownerUserDetailsSchema>;

/** The IssuerIdentity of common/issuer-identity.ts, as the profile carries it. */
const issuerIdentitySchema = z.object({
  issuer: z.string().nullable(),
  issuer_proof: z.enum(ISSUER_PROOFS).nullable(),
  declared_name: z.string().nullable(),
  declared_name_withheld: z.enum(WITHHELD_NAME_REASONS).nullable(),
});

/** GET/PATCH /api/auth/profile/ */
export const userProfileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  has_custom_domain: z.boolean(),
  industry: z.string().nullable(),
  /** The account's organisation name (the owner's, for a shared user); null until set. */
  organisation_name: z.string().nullable(),
  /** The name the account gives itself (its templates show it): the organisation name, else the owner's name. */
  issuer_name: z.string(),
  /** How public pages, seals and the trust list name the account: as far as a domain or the operator proves it. */
  issuer_identity: issuerIdentitySchema,
  /** False for an account made with Google or SSO that has not set a password: it needs no current one. */
  has_password: z.boolean(),
  /** An email change waiting for the code mailed to this address; null when none is. */
  pending_email: z.string().nullable(),
  /** When an owner's deleted account goes (ISO date-time); null unless a deletion waits out its grace period. */
  delete_after: z.string().nullable(),
  is_shared: z.boolean(),
  shared_access: sharedUserAccessSchema.nullable(),
  owner_user: ownerUserDetailsSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
