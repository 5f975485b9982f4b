// The verifications API's shapes, written once: the server validates requests and serialises responses with
// these schemas, the SPA imports their inferred types (as types only: the limits it needs as values are in
// verifications.ts, which does not import zod). Structured fields (custom_fields, qr) report every problem
// under their own name, which is where the SPA's form shows it.
import { z } from 'zod';

import { ISSUER_PROOFS, WITHHELD_NAME_REASONS } from './issuer-identity';
import { templateDesignSchema } from './templates-schemas';
import { textField } from './text-schemas';
import {
  QR_MIN_SIZE_MM,
  QR_MAX_SIZE_MM,
  QR_PAGES,
  SIGNATURE_LEVELS,
  QR_POSITIONS,
  SCAN_DEVICES,
  VERIFICATION_LIMITS,
  VERIFICATION_ORDERINGS,
  VERIFICATION_STATUSES,
  EXPIRY_BEFORE_ISSUE,
  expiresBeforeIssue,
  isoDate,
  type QrPlacement,
} from './verifications';

const titleField = textField(VERIFICATION_LIMITS.title);
const holderNameField = textField(VERIFICATION_LIMITS.holder_name);
const reasonField = textField(VERIFICATION_LIMITS.revocation_reason, { multiline: true });

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A calendar date as YYYY-MM-DD. */
const dateField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'This field is required.'
        : 'Must be text.',
  })
  .trim()
  .refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.');

export const templateIdField = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(
    VERIFICATION_LIMITS.template_id,
    `Must be at most ${VERIFICATION_LIMITS.template_id} characters.`,
  );

export const customFieldInputSchema = z.object(
  {
    key: textField(VERIFICATION_LIMITS.custom_field_key, { blankMessage: 'A name is required.' }),
    value: textField(VERIFICATION_LIMITS.custom_field_value, {
      multiline: true,
      blankMessage: 'A value is required.',
    }),
  },
  { error: 'Must be an object with a key and a value.' },
);

const customFieldsSchema = z
  .array(customFieldInputSchema, { error: 'Must be a list of {key, value} objects.' })
  .max(
    VERIFICATION_LIMITS.custom_fields,
    `At most ${VERIFICATION_LIMITS.custom_fields} custom fields.`,
  );

function fraction(axis: 'x' | 'y') {
  const message = `${axis} must be a number from 0 to 1.`;
  return z.number({ error: message }).min(0, message).max(1, message);
}

/** Where and how large the QR code is stamped on a secured document: the `qr` object. */
const qrPlacementSchema = z
  .object(
    {
      pages: z.enum(QR_PAGES, { error: `pages must be one of ${QR_PAGES.join(', ')}.` }),
      position: z.enum(QR_POSITIONS, {
        error: `position must be one of ${QR_POSITIONS.join(', ')}.`,
      }),
      x: fraction('x').optional(),
      y: fraction('y').optional(),
      size_mm: z
        .number({ error: 'size_mm must be a number of millimetres.' })
        .min(QR_MIN_SIZE_MM, `The QR code must be at least ${QR_MIN_SIZE_MM} mm.`)
        .max(QR_MAX_SIZE_MM, `The QR code must be at most ${QR_MAX_SIZE_MM} mm.`),
    },
    { error: 'The QR settings must be an object with pages, position and size_mm.' },
  )
  .superRefine((placement, context) => {
    if (placement.position !== 'custom') return;
    for (const axis of ['x', 'y'] as const) {
      if (placement[axis] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [axis],
          message: `${axis} is required for a custom position.`,
        });
      }
    }
  })
  // x and y mean nothing for a corner; dropping them keeps stored settings and answers unambiguous.
  .transform((placement): QrPlacement =>
    placement.position === 'custom'
      ? placement
      : { pages: placement.pages, position: placement.position, size_mm: placement.size_mm },
  );

function customFieldLabel(path: PropertyKey[]): string {
  if (typeof path[0] !== 'number') return '';
  const property = path[1] === 'key' ? ' name' : path[1] === 'value' ? ' value' : '';
  return `Custom field ${path[0] + 1}${property}: `;
}

/**
 * A structured value whose problems are all reported on the field itself (the global validator would name
 * nested paths such as custom_fields.0.key). With `jsonText`, a string is read as JSON text first: that is how
 * a form carries it, while a JSON body sends the value itself.
 */
export function structuredField<T extends z.ZodType>(
  schema: T,
  options: {
    jsonText: 'required' | 'accepted' | 'refused';
    label?: (path: PropertyKey[]) => string;
  },
) {
  const field = z.unknown().transform((input, context): z.output<T> => {
    let value = input;
    if (options.jsonText === 'required' && typeof input !== 'string') {
      context.addIssue({ code: 'custom', message: 'Must be JSON text.' });
      return z.NEVER;
    }
    if (options.jsonText !== 'refused' && typeof input === 'string') {
      try {
        value = JSON.parse(input);
      } catch {
        context.addIssue({ code: 'custom', message: 'Must be valid JSON.' });
        return z.NEVER;
      }
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({
        code: 'custom',
        message: `${options.label?.(issue.path) ?? ''}${issue.message}`,
      });
    }
    return z.NEVER;
  });
  return field as unknown as z.ZodType<z.output<T>, z.input<T> | string>;
}

/** custom_fields as JSON sends them (a list); PATCH takes only this. */
const customFieldsFromJson = structuredField(customFieldsSchema, {
  jsonText: 'refused',
  label: customFieldLabel,
}) as unknown as z.ZodType<z.output<typeof customFieldsSchema>, z.input<typeof customFieldsSchema>>;

/** custom_fields as a form (JSON text) or a JSON body (the list itself) sends them. */
const customFieldsFromFormOrJson = structuredField(customFieldsSchema, {
  jsonText: 'accepted',
  label: customFieldLabel,
});

export const qrFromFormOrJson = structuredField(qrPlacementSchema, { jsonText: 'accepted' });

/** A yes/no value: JSON's true/false, or a form's 'true'/'false' text. */
export const booleanFromFormOrJson = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: "Must be 'true' or 'false'." }),
) as unknown as z.ZodType<boolean, boolean | 'true' | 'false'>;

/** An optional field: an empty form value (and JSON's null) counts as not given. */
export function optionalFormField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    schema.optional(),
  ) as unknown as z.ZodOptional<z.ZodType<z.output<T>, z.input<T> | '' | null>>;
}

/** The expiry date may not come before the issue date; a left-out issue date is today. */
export function expiryAfterIssue(
  value: { issue_date?: string; expiry_date?: string | null },
  context: z.RefinementCtx,
): void {
  const issueDate = value.issue_date ?? isoDate();
  if (expiresBeforeIssue(issueDate, value.expiry_date)) {
    context.addIssue({ code: 'custom', path: ['expiry_date'], message: EXPIRY_BEFORE_ISSUE });
  }
}

/**
 * POST /api/verifications/ without its document: the same fields whether they come as a JSON body or as a
 * form's text. The document is `upload_id` (a file staged through /api/uploads/); the server also takes the
 * file itself as a form's `file` part. A left-out issue date is the day of creation.
 */
export const newVerificationFields = z.object({
  upload_id: optionalFormField(
    z
      .string({ error: 'Must be text.' })
      .trim()
      .max(
        VERIFICATION_LIMITS.upload_id,
        `Must be at most ${VERIFICATION_LIMITS.upload_id} characters.`,
      ),
  ),
  title: titleField,
  holder_name: holderNameField,
  issue_date: optionalFormField(dateField),
  expiry_date: optionalFormField(dateField),
  custom_fields: optionalFormField(customFieldsFromFormOrJson),
  qr: optionalFormField(qrFromFormOrJson),
  allow_download: optionalFormField(booleanFromFormOrJson),
  template_id: optionalFormField(templateIdField),
});

/** The JSON body the SPA sends to create a verification from a staged upload. */
export interface CreateVerificationRequest {
  upload_id: string;
  title: string;
  holder_name: string;
  /** YYYY-MM-DD; left out, the day of creation. */
  issue_date?: string;
  expiry_date?: string | null;
  custom_fields?: CustomField[];
  qr?: QrPlacement;
  allow_download?: boolean;
  /** One of the account's templates; left out or null, the account's default. */
  template_id?: string | null;
}

// The interface above is what the SPA writes; the schema must accept every such body.
type Accepts<Input, Body extends Input> = Body;
export type CreateVerificationRequestIsAccepted = Accepts<
  z.input<typeof newVerificationFields>,
  CreateVerificationRequest
>;

/** PATCH /api/verifications/{id}/: any of the keys. */
export const verificationChangesSchema = z
  .object({
    title: titleField.optional(),
    holder_name: holderNameField.optional(),
    issue_date: dateField.optional(),
    expiry_date: dateField.nullable().optional(),
    custom_fields: customFieldsFromJson.optional(),
    allow_download: z.boolean({ error: 'Must be true or false.' }).optional(),
    template_id: templateIdField.nullable().optional(),
  })
  .superRefine((changes, context) => {
    // Only a change that names the issue date is checked against it here; the service checks the rest.
    if (changes.issue_date) expiryAfterIssue(changes, context);
  });
export type VerificationChanges = z.output<typeof verificationChangesSchema>;

/** /api/verifications/{id}/… */
export const verificationIdParams = z.object({ id: z.string() });

/** POST /api/verifications/{id}/revoke/ */
export const revokeVerificationSchema = z.object({
  reason: reasonField,
  /** The replacing verification's code, or its public URL (…/v/{code}), as pasted. */
  replaced_by_code: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(
      VERIFICATION_LIMITS.replaced_by_code,
      `Must be at most ${VERIFICATION_LIMITS.replaced_by_code} characters.`,
    )
    .optional(),
});
export type RevokeVerificationRequest = z.infer<typeof revokeVerificationSchema>;

/** A page number or size in a list's query, with its default and largest value. */
export const pageNumber = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(max, `Must be at most ${max}.`)
    .default(fallback);

/** GET /api/verifications/: which page of the list, filtered and sorted how. */
export const verificationListQuerySchema = z.object({
  page: pageNumber(1),
  page_size: pageNumber(VERIFICATION_LIMITS.default_page_size, VERIFICATION_LIMITS.page_size),
  search: z
    .string()
    .max(VERIFICATION_LIMITS.search, `Must be at most ${VERIFICATION_LIMITS.search} characters.`)
    .optional(),
  status: optionalFormField(
    z.enum(VERIFICATION_STATUSES, { error: 'Must be active, revoked or expired.' }),
  ),
  issued_from: optionalFormField(dateField),
  issued_to: optionalFormField(dateField),
  /** Only the verifications one bulk operation made. */
  bulk_operation: optionalFormField(z.string().max(100, 'Must be at most 100 characters.')),
  ordering: optionalFormField(
    z.enum(VERIFICATION_ORDERINGS, {
      error: `Must be one of ${VERIFICATION_ORDERINGS.join(', ')}.`,
    }),
  ).transform((ordering) => ordering ?? '-created_at'),
});
export type VerificationListQuery = z.output<typeof verificationListQuerySchema>;

export const customFieldSchema = z.object({ key: z.string(), value: z.string() });
export type CustomField = z.infer<typeof customFieldSchema>;

// What a verification states, the same for its owner and for anyone holding its code.
const statedFields = {
  code: z.string(),
  title: z.string(),
  holder_name: z.string(),
  /** YYYY-MM-DD */
  issue_date: z.string(),
  /** YYYY-MM-DD, or null for a document that never expires. */
  expiry_date: z.string().nullable(),
  custom_fields: z.array(customFieldSchema),
  status: z.enum(VERIFICATION_STATUSES),
  /** ISO 8601 */
  revoked_at: z.string().nullable(),
  revocation_reason: z.string().nullable(),
  allow_download: z.boolean(),
};

/**
 * The secured PDF's PAdES signature (docs/signing.md); null for a PDF made before documents were signed. It says
 * who signed which bytes and when; whether the record still stands is the public page's to say.
 */
export const documentSignatureSchema = z
  .object({
    level: z.enum(SIGNATURE_LEVELS),
    /** The signing certificate's common name, as PDF readers show it. */
    signer: z.string(),
    certificate_sha256: z.string(),
    signed_at: z.string(),
    /** When a time-stamping authority vouched for it (B-T and above); null at B-B. */
    timestamped_at: z.string().nullable(),
    /**
     * True while the TSA's timestamp is missing because it failed at signing: a job adds it once the TSA answers
     * (docs/signing.md). Always sent; optional in the type only until the SPA's fixtures carry it.
     */
    timestamp_pending: z.boolean().optional(),
  })
  .nullable();
export type DocumentSignature = z.infer<typeof documentSignatureSchema>;

/** GET /api/verifications/{id}/ and every other response that carries a verification. */
export const verificationSchema = z.object({
  id: z.string(),
  ...statedFields,
  template_id: z.string().nullable(),
  qr: z.object({
    pages: z.enum(QR_PAGES),
    position: z.enum(QR_POSITIONS),
    x: z.number().optional(),
    y: z.number().optional(),
    size_mm: z.number(),
  }),
  replaced_by: z.object({ id: z.string(), code: z.string() }).nullable(),
  original: z.object({
    file_name: z.string(),
    content_type: z.string(),
    size: z.number(),
    sha256: z.string(),
  }),
  secured: z.object({
    size: z.number(),
    sha256: z.string(),
    /**
     * The file as first signed, when a timestamp was added to it later: today's file begins with it, and a copy
     * of it is as true (docs/signing.md). Always sent; optional in the type only until the SPA's fixtures carry it.
     */
    earlier_sha256: z.string().nullable().optional(),
  }),
  /** Always sent; optional in the type only until the SPA's fixtures carry it (as `sealed` below). */
  signature: documentSignatureSchema.optional(),
  /** The public page's address: {origin}/v/{code}, the origin being the custom domain it was printed with, if any. */
  public_url: z.string(),
  /**
   * What the QR code encodes: public_url, with '#' and the seal's digits when sealed (docs/seals.md). Always sent;
   * optional in the type only until the SPA's fixtures carry it (as `sealed` below).
   */
  qr_url: z.string().optional(),
  /** Whether the QR code carries a seal; codes made before seals, or on a template with them off, do not. */
  sealed: z.boolean().optional(),
  /**
   * Its verifiable credential's id (docs/credentials.md; GET /api/verifications/{id}/credential/ answers it); null
   * for one issued before credentials. Always sent; optional in the type only until the SPA's fixtures carry it.
   */
  credential_id: z.string().nullable().optional(),
  created_by: z.object({ email: z.string(), name: z.string() }),
  /** The bulk operation that made it; null for one made on its own (or when that operation was deleted). */
  bulk_operation: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  scan_count: z.number(),
  last_scanned_at: z.string().nullable(),
  /** The copied-code signal (docs/analytics.md): the evidence in a sentence, and since when (ISO 8601). */
  unusual_activity: z.object({
    flagged: z.boolean(),
    reason: z.string().nullable(),
    since: z.string().nullable(),
  }),
});
export type Verification = z.infer<typeof verificationSchema>;

/** GET /api/verifications/ */
export const verificationPageSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(verificationSchema),
});
export type VerificationPage = z.infer<typeof verificationPageSchema>;

/** GET /api/verifications/stats/: the dashboard figures. */
export const verificationStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  revoked: z.number(),
  expired: z.number(),
  scans_last_30_days: z.number(),
});
export type VerificationStats = z.infer<typeof verificationStatsSchema>;

/** GET /api/verifications/{id}/scans/ */
export const verificationScansSchema = z.object({
  results: z.array(z.object({ scanned_at: z.string(), device: z.enum(SCAN_DEVICES) })),
});
export type VerificationScans = z.infer<typeof verificationScansSchema>;

/**
 * What anyone holding a verification's code may see: the content of the public page and, with its template's
 * design, the response of GET /api/public/verifications/{code}/. Nothing here says who the holder's account is
 * beyond the issuer's name.
 */
export const publicVerificationSchema = z.object({
  ...statedFields,
  /**
   * name: what the account calls itself (its organisation name, else its owner's), as its template shows it; the
   * rest says how far that is proven (common/issuer-identity.ts), as the trust list does.
   */
  issuer: z.object({
    name: z.string(),
    issuer: z.string().nullable(),
    issuer_proof: z.enum(ISSUER_PROOFS).nullable(),
    declared_name: z.string().nullable(),
    declared_name_withheld: z.enum(WITHHELD_NAME_REASONS).nullable(),
  }),
  replaced_by_code: z.string().nullable(),
  original_sha256: z.string(),
  secured_sha256: z.string(),
  /**
   * The secured file as first signed, when a timestamp was added to it later (docs/signing.md): today's file
   * begins with it, and a copy of it is as true. Optional in the type only until the SPA's preview fixture has it.
   */
  earlier_secured_sha256: z.string().nullable().optional(),
  /** The secured PDF's signature; optional in the type only until the SPA's preview fixture carries it. */
  signature: documentSignatureSchema.optional(),
  /**
   * Whether its QR code was printed with a seal: a visit without one (or with a bad one) deserves a warning.
   * Always sent; optional in the type only until the SPA's preview fixture carries it.
   */
  sealed: z.boolean().optional(),
  /**
   * Its verifiable credential (docs/credentials.md), offered when the verification allows the download (the page
   * checks its template's allow_download too): where to download it, and what LinkedIn's "Add to profile" form is
   * filled with (common/credentials.ts's linkedInAddToProfileUrl, with the page's own URL). Null when none is
   * offered; optional in the type only until the page's fixtures carry it.
   */
  credential: z
    .object({
      url: z.string(),
      /** The Open Badge baked into a PNG (relative, as url is); null when the credential is not an Open Badge. */
      badge_url: z.string().nullable(),
      linkedin: z.object({
        name: z.string(),
        organizationName: z.string(),
        issueDate: z.string(),
        expiryDate: z.string().nullable(),
        certId: z.string(),
      }),
    })
    .nullable()
    .optional(),
});
export type PublicVerification = z.infer<typeof publicVerificationSchema>;

/** GET /api/public/verifications/{code}/: the public view with the design its page renders with. */
export const publicVerificationResponseSchema = publicVerificationSchema.extend({
  template: templateDesignSchema,
  /**
   * The sentence the page writes under its verdict, in the reader's language (?lang=, the page's cookie,
   * Accept-Language, the template's default, else English: docs/languages.md). Always sent; optional in the type
   * only until the scanner's fixtures carry it.
   */
  status_text: z.string().optional(),
});
export type PublicVerificationResponse = z.infer<typeof publicVerificationResponseSchema>;

/** GET /api/public/verifications/{code}/?lang=: a language asked for by code (an unknown one is passed over). */
export const publicVerificationQuery = z.object({ lang: z.string().max(35).optional() });

/** /api/public/verifications/{code}/ and /v/{code} */
export const publicCodeParams = z.object({ code: z.string() });
