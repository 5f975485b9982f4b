// The public JSON's status_text: the sentence the page writes under its headline, as plain text in the reader's
// language (names kept in their own direction with Unicode isolates, as plain text has no <bdi>).
import { ENGLISH } from '../i18n/english';
import { issuerWords } from '../issuer-identity';

import type { Translator } from '../i18n/translator';
import type { PublicVerification } from '../verifications-schemas';

export function statusText(verification: PublicVerification, t: Translator = ENGLISH): string {
  const { isProven, name, note } = issuerWords(verification.issuer, t);
  const words = isProven ? t.isolate(name) : name;
  const issuer = note ? t.t('issuer.withNote', { name: words, note }) : words;
  switch (verification.status) {
    case 'active':
      return t.t('status.active', { issuer });
    case 'expired':
      return t.t('status.expired', { issuer, date: t.date(verification.expiry_date ?? '') });
    case 'revoked':
      return verification.revoked_at
        ? t.t('status.revokedOn', { issuer, date: t.date(verification.revoked_at) })
        : t.t('status.revoked', { issuer });
  }
}
