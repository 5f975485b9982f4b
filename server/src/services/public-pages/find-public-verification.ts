// What anyone holding a code may see, with the design its page renders with: one lookup for the public JSON, the
// /v page and its download. From memory on the hot path (public-page-cache.ts).
import type { Language } from '@common/i18n/languages';
import { DEFAULT_TEMPLATE_DESIGN, type TemplateDesign } from '@common/templates';
import { isoDate } from '@common/verifications';
import type { PublicVerification } from '@common/verifications-schemas';

import { isPublicCode } from '../verifications/public-code';

import { toPublicVerification, type CachedPublicVerification } from './public-verification';

import type { PublicPageCache } from './public-page-cache';

export interface FoundPublicVerification {
  verification: PublicVerification;
  design: TemplateDesign;
  /** The language its page is read in when the reader names none (the template's); null: English. */
  defaultLanguage: Language | null;
  /** The verification's id (to count views against) and its secured file's size; never shown. */
  cached: CachedPublicVerification;
}

/** Null for a code that is malformed or names no verification. Codes are matched case-insensitively. */
export async function findPublicVerification(
  cache: PublicPageCache,
  rawCode: string,
  today: string = isoDate(),
): Promise<FoundPublicVerification | null> {
  const code = rawCode.toLowerCase();
  const cached = isPublicCode(code) ? await cache.verification(code) : null;
  if (!cached) return null;
  const template = await cache.template(cached.template_id);
  return {
    verification: toPublicVerification(cached, today),
    design: template?.design ?? DEFAULT_TEMPLATE_DESIGN,
    defaultLanguage: template?.defaultLanguage ?? null,
    cached,
  };
}
