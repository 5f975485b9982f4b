// Where a template's logo lives in storage and the public address it is served from. Both name the logo's hash,
// so a replaced logo gets a new address and the old one can be cached for good.
import type { TemplateLogoType } from '@common/templates';

const EXTENSIONS: Record<TemplateLogoType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

/** The last part of the logo's public address: the first 16 hex digits of its SHA-256 and its extension. */
export function logoFileName(sha256: string, contentType: TemplateLogoType): string {
  return `${sha256.slice(0, 16)}.${EXTENSIONS[contentType]}`;
}

export function logoFileKey(
  templateId: string,
  sha256: string,
  contentType: TemplateLogoType,
): string {
  return `templates/${templateId}/logo-${logoFileName(sha256, contentType)}`;
}

export function logoUrl(templateId: string, sha256: string, contentType: TemplateLogoType): string {
  return `/v/logos/${templateId}/${logoFileName(sha256, contentType)}`;
}
