// The key a new verification's seal is signed with, or null when its template has seals turned off. The account's
// first sealed verification (or credential) makes its key (seal-key-rows.ts), and the trust list is told.
import { sealHost, type SealSigningKey } from '../../documents/sign-seal';

import { decryptPrivateKey } from './seal-key-crypto';
import { ensureActiveSealKey } from './seal-key-rows';

import type { SealDeps } from './seal-deps';

export async function findSealSigningKey(
  deps: SealDeps,
  accountId: string,
  templateId: string,
  /** The origin the QR code points at (a custom domain's); null: PUBLIC_URL's. */
  publicOrigin: string | null,
): Promise<SealSigningKey | null> {
  const template = await deps.db
    .selectFrom('templates')
    .select('seal_enabled')
    .where('id', '=', templateId)
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (!template?.seal_enabled) return null;
  const key = await findActiveKey(deps, accountId);
  return { ...key, host: sealHost(publicOrigin ?? deps.config.PUBLIC_URL) };
}

/**
 * The account's active key, made now when it has none, with its private key decrypted for one signature: a seal's,
 * or a credential's (one key for both, docs/credentials.md).
 */
export async function findActiveKey(
  deps: SealDeps,
  accountId: string,
): Promise<{ kid: string; privateKey: Buffer }> {
  const { db, masterKey } = deps;
  const { key, created } = await db.transaction().execute(async (trx) => {
    const ensured = await ensureActiveSealKey(trx, masterKey, accountId);
    if (ensured.created) await deps.publicPages.publish(trx, { type: 'seal-keys-changed' });
    return ensured;
  });
  if (created) await deps.publicPages.apply({ type: 'seal-keys-changed' });
  return {
    kid: key.kid,
    privateKey: decryptPrivateKey(masterKey, key.kid, {
      iv: key.private_key_iv,
      tag: key.private_key_tag,
      ciphertext: key.private_key_ciphertext,
    }),
  };
}
