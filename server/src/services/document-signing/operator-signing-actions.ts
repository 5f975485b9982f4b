// What the service's operator does to document signing from `npm run document-signing` (docs/signing.md): revoke
// an account's uploaded certificate (its key leaked, its CA withdrew it) and retire the install's CA so that the
// next signature is made under a new one. Each writes an entry in the operator's log, and a revocation one in the
// account's own log too, so its owner sees why their certificate stopped signing.
import { normaliseEmail } from '@common/auth';

import { recordAudit } from '../team/record-audit';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export type RevokeCertificateOutcome =
  | { outcome: 'no_account' }
  | { outcome: 'shared_user'; ownerEmail: string }
  | { outcome: 'no_certificate' }
  | { outcome: 'done'; commonName: string; sha256: string };

/** Stops the account's uploaded certificate from signing, for good: the install's CA signs its next PDFs. */
export async function revokeIssuerCertificate(
  db: Kysely<Database>,
  email: string,
  reason: string,
): Promise<RevokeCertificateOutcome> {
  const account = await db
    .selectFrom('users as u')
    .leftJoin('users as o', 'o.id', 'u.owner_id')
    .select(['u.id', 'u.owner_id', 'o.email as owner_email'])
    .where('u.email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!account) return { outcome: 'no_account' };
  if (account.owner_id !== null) {
    return { outcome: 'shared_user', ownerEmail: account.owner_email ?? '' };
  }
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('issuer_signing_certificates')
      .set({ status: 'revoked', removed_at: new Date(), revoked_reason: reason })
      .where('account_id', '=', account.id)
      .where('status', '=', 'active')
      .returning(['certificate_sha256', 'common_name'])
      .executeTakeFirst();
    if (!revoked) return { outcome: 'no_certificate' } as const;
    const object = {
      type: 'signing_certificate' as const,
      id: revoked.certificate_sha256,
      name: revoked.common_name,
    };
    await recordAudit(
      trx,
      { id: null, accountId: account.id },
      { action: 'signing_certificate.revoked', object },
    );
    await trx
      .insertInto('operator_audit_log')
      .values({
        action: 'signing_certificate.revoked',
        object_type: object.type,
        object_id: object.id,
        object_name: `${object.name} (${normaliseEmail(email)})`,
        reason,
      })
      .execute();
    return { outcome: 'done', commonName: revoked.common_name, sha256: revoked.certificate_sha256 };
  });
}

export type RetireCaOutcome = { outcome: 'no_ca' } | { outcome: 'done'; sha256: string };

/**
 * Retires the active CA: the server makes (or imports) the next one at the next signature, and issues every
 * account a certificate from it then. PDFs signed under the retired CA keep their signatures.
 */
export async function retireDocumentCa(
  db: Kysely<Database>,
  reason: string,
): Promise<RetireCaOutcome> {
  return db.transaction().execute(async (trx) => {
    const retired = await trx
      .updateTable('document_signing_cas')
      .set({ status: 'retired', retired_at: new Date(), retired_reason: reason })
      .where('status', '=', 'active')
      .returning(['id', 'certificate_sha256'])
      .executeTakeFirst();
    if (!retired) return { outcome: 'no_ca' } as const;
    await trx
      .insertInto('operator_audit_log')
      .values({
        action: 'document_ca.rotated',
        object_type: 'document_ca',
        object_id: retired.certificate_sha256,
        object_name: 'install document-signing CA',
        reason,
      })
      .execute();
    return { outcome: 'done', sha256: retired.certificate_sha256 };
  });
}
