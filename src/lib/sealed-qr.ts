// Whether a new verification's QR code will be sealed, and the smallest size a form then offers: a sealed code
// carries its signature too, so its modules need 34 mm to stay readable from print (docs/seals.md). The single and
// the bulk forms both follow it.
import { useEffect, useRef } from 'react';
import { useForm } from 'react-final-form';

import type { TemplateChoice } from '@/lib/api/template-choices-api';
import { VERIFICATION_LIMITS, type QrPlacement } from '@common/verifications';

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

/** The line under the size slider. */
export function qrSizeCaption(isSealed: boolean): string {
  return isSealed
    ? `Sealed codes carry a signature our scanner checks offline, so they are at least ${qrSizeMinimumMm(true)} mm.`
    : 'Codes of 25 mm or more scan reliably from a printed page.';
}

/**
 * A sealed code is never smaller than its modules need (the server grows it to fit anyway): while the template
 * seals, the size starts at the sealed minimum, and it goes back to what it was when a template without seals is
 * chosen, unless the user moved it meanwhile. For a final-form form with a `qr` field.
 */
export function useSealedQrSize(isSealed: boolean): void {
  const form = useForm<{ qr: QrPlacement }>();
  const grownFrom = useRef<number | null>(null);
  useEffect(() => {
    const { qr } = form.getState().values;
    const sealedMinimum = qrSizeMinimumMm(true);
    if (isSealed && qr.size_mm < sealedMinimum) {
      grownFrom.current = qr.size_mm;
      form.change('qr', { ...qr, size_mm: sealedMinimum });
    } else if (!isSealed && grownFrom.current !== null) {
      if (qr.size_mm === sealedMinimum) form.change('qr', { ...qr, size_mm: grownFrom.current });
      grownFrom.current = null;
    }
  }, [isSealed, form]);
}
