// Whether a new verification's QR code will be sealed, and the smallest size the form then offers: a sealed code
// carries its signature too, so its modules need 34 mm to stay readable from print (docs/seals.md).
import type { TemplateChoice } from '@/lib/api/template-choices-api';
import { VERIFICATION_LIMITS } from '@common/verifications';

/** The chosen template's setting; until the templates load (or when they fail) the server's default: sealed. */
export function isSealedTemplate(
  choices: TemplateChoice[] | undefined,
  templateId: string,
): boolean {
  const chosen =
    choices?.find((choice) => choice.id === templateId) ??
    choices?.find((choice) => choice.is_default);
  return chosen?.seal_enabled ?? true;
}

export function qrSizeMinimumMm(isSealed: boolean): number {
  return isSealed ? VERIFICATION_LIMITS.qr_size_min_sealed_mm : VERIFICATION_LIMITS.qr_size_min_mm;
}
