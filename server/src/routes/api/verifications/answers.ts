// The verifications API's answers. Serialising through these schemas drops anything they do not list.
import { z } from 'zod';

import { QR_PAGES, QR_POSITIONS } from '@common/verifications';

const customField = z.object({ key: z.string(), value: z.string() });

export const verificationAnswer = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  holder_name: z.string(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  custom_fields: z.array(customField),
  template_id: z.string().nullable(),
  qr: z.object({
    pages: z.enum(QR_PAGES),
    position: z.enum(QR_POSITIONS),
    x: z.number().optional(),
    y: z.number().optional(),
    size_mm: z.number(),
  }),
  status: z.enum(['active', 'revoked', 'expired']),
  revoked_at: z.string().nullable(),
  revocation_reason: z.string().nullable(),
  replaced_by: z.object({ id: z.string(), code: z.string() }).nullable(),
  allow_download: z.boolean(),
  original: z.object({
    file_name: z.string(),
    content_type: z.string(),
    size: z.number(),
    sha256: z.string(),
  }),
  secured: z.object({ size: z.number(), sha256: z.string() }),
  public_url: z.string(),
  created_by: z.object({ email: z.string(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  scan_count: z.number(),
  last_scanned_at: z.string().nullable(),
});

export const verificationPageAnswer = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(verificationAnswer),
});

export const statsAnswer = z.object({
  total: z.number(),
  active: z.number(),
  revoked: z.number(),
  expired: z.number(),
  scans_last_30_days: z.number(),
});

export const scansAnswer = z.object({
  results: z.array(
    z.object({ scanned_at: z.string(), device: z.enum(['mobile', 'desktop', 'bot', 'other']) }),
  ),
});

export const publicVerificationAnswer = z.object({
  code: z.string(),
  status: z.enum(['active', 'revoked', 'expired']),
  title: z.string(),
  holder_name: z.string(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  custom_fields: z.array(customField),
  issuer: z.object({ name: z.string() }),
  revoked_at: z.string().nullable(),
  revocation_reason: z.string().nullable(),
  replaced_by_code: z.string().nullable(),
  original_sha256: z.string(),
  secured_sha256: z.string(),
  allow_download: z.boolean(),
});
