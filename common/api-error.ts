// The error shapes the SPA reads, and every code the server may put in them: a client branches on a code, never
// on a message's wording.
import type { PlanLimitDetails } from './subscription-schemas';

/** `error.code` of the API's error envelope. */
export const API_ERROR_CODES = [
  // Any request
  'validation_failed',
  'bad_request',
  'malformed_json',
  'malformed_multipart',
  'unexpected_file',
  'body_too_large',
  'unsupported_media_type',
  'not_found',
  'not_authenticated',
  /** 403: a shared user's permissions do not cover this (or the route is the owner's alone). */
  'permission_denied',
  /** 403: an API key was sent to a route keys may not call (sign-in, team, integrations and account settings). */
  'api_key_not_allowed',
  'csrf_failed',
  'rate_limited',
  'server_busy',
  'internal_error',
  // Accounts and sign-in
  'email_taken',
  'invalid_otp',
  'otp_expired',
  'otp_attempts_exhausted',
  'otp_cooldown',
  'password_reset_not_verified',
  'mail_not_sent',
  'sso_not_configured',
  'sso_provider_unavailable',
  // Documents to secure (each under details.file, or details.qr for the page size)
  'unsupported_file_type',
  'empty_file',
  'file_too_large',
  'invalid_pdf',
  'encrypted_pdf',
  'invalid_image',
  'image_too_large',
  'pdf_too_complex',
  'page_too_small',
  'securing_timed_out',
  'upload_not_found',
  // Verifications and templates
  'already_revoked',
  'template_is_default',
  'template_in_use',
  // Team (under details.email; invitation_invalid under details.invitation)
  'already_on_team',
  'email_has_own_account',
  'member_of_another_team',
  'invitation_invalid',
  'invitation_email_mismatch',
  'member_already_joined',
  // Bulk operations (invalid_sheet under details.sheet, invalid_zip under details.documents)
  'invalid_sheet',
  'invalid_zip',
  'bulk_operation_not_ready',
  // Custom domain
  /** 409: the server has no CUSTOM_DOMAIN_TARGET: custom domains are off. */
  'custom_domains_off',
  /** 409: Verify now with no domain set. */
  'no_custom_domain',
  // Integrations
  /** 400: the account has as many API keys (or webhook endpoints) as it may have at once. */
  'limit_reached',
  // Subscription
  /** 403: the account's plan does not allow this (details: PlanLimitDetails). */
  'plan_limit',
  /** 409: the server has no Stripe keys: plans are changed by an operator. */
  'billing_not_configured',
  /** 409: the billing portal before any plan was bought: there is no billing account yet. */
  'no_billing_account',
  /** 400: the plan is not sold online for that interval (Free, Enterprise, or no Stripe price set). */
  'plan_not_for_sale',
  /** 400: the Stripe webhook's signature does not match (or its body is not a Stripe event). */
  'invalid_signature',
  /** 503: Stripe did not answer (or refused the server's request): try again later. */
  'payment_service_unavailable',
  // Account data export
  /** 410: the export's download link is past its 24 hours (or its zip is gone). */
  'export_expired',
  // Account deletion: 410 from the public record of a deleted account's code
  'record_withdrawn',
  // Resumable bulk uploads (tus)
  /** 412: a tus endpoint called without `Tus-Resumable: 1.0.0`. */
  'tus_resumable_required',
  /** 4xx: the tus server refused the upload request (offset conflict, size, metadata); the message says why. */
  'invalid_upload',
  // An issuer's own document-signing certificate (PKCS #12): 422, the message says what to change
  'certificate_wrong_password',
  'certificate_unreadable',
  'certificate_unsupported_key',
  'certificate_expired',
  'certificate_not_yet_valid',
  'certificate_not_for_signing',
  'certificate_key_mismatch',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** `error` of the token endpoints' OAuth-shaped failures. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  /** A right password on an account whose email is not verified yet: a fresh code was mailed. */
  'email_verification_failed',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** The error envelope of every API failure but the token endpoints'. */
export interface ApiErrorBody {
  error: {
    message: string;
    code?: ApiErrorCode;
    /** Field errors: each field maps to a list of user-facing messages; a plan limit's numbers (plan_limit). */
    details?: Record<string, string[]> | PlanLimitDetails;
  };
}

/** OAuth-style endpoints (the token endpoint) answer in RFC 6749's shape instead. */
export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}
