// The custom domain API's shapes (/api/settings/custom-domain/), written once: the server validates and serialises
// with these schemas, the SPA imports their inferred types.
import { z } from 'zod';

export const CUSTOM_DOMAIN_LIMITS = {
  /** The longest host name DNS allows. */
  domain: 253,
  /** How long the server keeps re-checking a pending domain in the background. */
  pending_hours: 48,
} as const;

/** The TXT record proving the domain is the account's: `_qrverify.{domain}` = `qrverify-verification={token}`. */
export const VERIFICATION_RECORD_PREFIX = '_qrverify.';
export const VERIFICATION_VALUE_PREFIX = 'qrverify-verification=';

/**
 * none: no domain set; pending: set, its TXT record not found yet (re-checked in the background for 48 h);
 * verified: the TXT record matched, the domain serves the account's public pages; failed: 48 h passed without a
 * match (Verify now starts over).
 */
export const CUSTOM_DOMAIN_STATUSES = ['none', 'pending', 'verified', 'failed'] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];

/**
 * What the last check found for the CNAME: ok (it points at the target), missing (none found), elsewhere (it
 * points at another host: a warning, not a failure, since some DNS hosts flatten CNAMEs), unchecked (never looked
 * up yet).
 */
export const CNAME_STATES = ['ok', 'missing', 'elsewhere', 'unchecked'] as const;
export type CnameState = (typeof CNAME_STATES)[number];

/** PUT /api/settings/custom-domain/ */
export const setCustomDomainSchema = z.object({
  domain: z.string().trim().min(1, 'Enter a domain.').max(CUSTOM_DOMAIN_LIMITS.domain, {
    error: 'The domain is too long.',
  }),
});
export type SetCustomDomainRequest = z.input<typeof setCustomDomainSchema>;

export const dnsRecordSchema = z.object({
  type: z.enum(['CNAME', 'TXT']),
  /** The full record name, e.g. verify.example.edu or _qrverify.verify.example.edu. */
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** GET (and the answer of PUT and POST verify/) /api/settings/custom-domain/ */
export const customDomainSchema = z.object({
  /** False when the server has no CUSTOM_DOMAIN_TARGET: custom domains are off, and PUT and verify answer 409. */
  enabled: z.boolean(),
  /** The host name issuers point their CNAME at; null when custom domains are off. */
  target: z.string().nullable(),
  /** Normalised: lower case, no trailing dot, IDN as punycode. Null when none is set. */
  domain: z.string().nullable(),
  status: z.enum(CUSTOM_DOMAIN_STATUSES),
  /** The two records to add: the CNAME to the target, the TXT with the token. Empty when no domain is set. */
  records: z.array(dnsRecordSchema),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** The last check's problem in words (e.g. the TXT record not found yet); null when none. */
  error: z.string().nullable(),
  cname: z.object({
    state: z.enum(CNAME_STATES),
    /** What the CNAME points at now, when one was found. */
    value: z.string().nullable(),
    /** Shown by the screen when the CNAME is missing or points elsewhere; null when it is fine or unchecked. */
    warning: z.string().nullable(),
  }),
  /** Until when the server keeps re-checking a pending domain in the background; null unless pending. */
  checking_until: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

/** GET /api/custom-domains/allowed/?domain= (Caddy's on-demand TLS ask). */
export const allowedDomainQuery = z.object({ domain: z.string().max(CUSTOM_DOMAIN_LIMITS.domain) });
export const allowedDomainSchema = z.object({ domain: z.string() });
