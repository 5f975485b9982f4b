// Who signs an account's secured PDFs, and with what (docs/signing.md): the install's CA, made once at first need
// (two instances racing make one), and each account's certificate from it, issued again whenever what the CA may
// say of the account changes (a custom domain verified, a name checked or renamed) or it nears its end. The
// private keys are kept encrypted under the master key, as the seal keys are, and opened only to hand to the
// securing worker.
import { createHash, X509Certificate } from 'node:crypto';

import {
  certificatePem,
  createDocumentCa,
  issueSigningCertificate,
  signerName,
  type CertifiedKey,
} from '../../documents/signing/document-certificates';
import { loadIssuerIdentities } from '../account/load-issuer-identities';
import { decryptPrivateKey, encryptPrivateKey } from '../seals/seal-key-crypto';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PdfSigner } from '../../documents/signing/sign-pdf';
import type { Kysely } from 'kysely';

/** A certificate this close to its end is replaced before the next signature. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

export interface DocumentSigningDeps {
  db: Kysely<Database>;
  /** Encrypts the private keys at rest (the seal keys' master key). */
  masterKey: Buffer;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** The signer the securing worker gets, with what the verification records of it. */
export type AccountSigner = PdfSigner & {
  commonName: string;
  certificateSha256: string;
};

function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface KeyRow {
  certificate: Buffer;
  certificate_sha256: string;
  private_key_iv: Buffer;
  private_key_tag: Buffer;
  private_key_ciphertext: Buffer;
}

function sealedKey(masterKey: Buffer, certified: CertifiedKey) {
  const certificateSha256 = sha256Hex(certified.certificate);
  const encrypted = encryptPrivateKey(masterKey, certificateSha256, Buffer.from(certified.pkcs8));
  return {
    certificate: Buffer.from(certified.certificate),
    certificate_sha256: certificateSha256,
    private_key_iv: encrypted.iv,
    private_key_tag: encrypted.tag,
    private_key_ciphertext: encrypted.ciphertext,
  };
}

function openedKey(masterKey: Buffer, row: KeyRow): CertifiedKey {
  const pkcs8 = decryptPrivateKey(masterKey, row.certificate_sha256, {
    iv: row.private_key_iv,
    tag: row.private_key_tag,
    ciphertext: row.private_key_ciphertext,
  });
  return { certificate: new Uint8Array(row.certificate), pkcs8: new Uint8Array(pkcs8) };
}

export function buildDocumentSigningServices({ db, masterKey, config }: DocumentSigningDeps) {
  async function activeCaRow() {
    return db
      .selectFrom('document_signing_cas')
      .selectAll()
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  async function installCa() {
    const existing = await activeCaRow();
    if (existing) return existing;
    const made = await createDocumentCa(new URL(config.PUBLIC_URL).host);
    await db
      .insertInto('document_signing_cas')
      .values(sealedKey(masterKey, made))
      .onConflict((conflict) =>
        conflict.column('status').where('status', '=', 'active').doNothing(),
      )
      .execute();
    return (await activeCaRow())!;
  }

  async function activeCertificate(accountId: string) {
    return db
      .selectFrom('document_signing_certificates')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  async function issueFor(
    accountId: string,
    ca: Awaited<ReturnType<typeof installCa>>,
    subject: ReturnType<typeof signerName>,
    subjectSha256: string,
  ) {
    const certified = await issueSigningCertificate(openedKey(masterKey, ca), subject);
    const commonName = subject.find((attribute) => attribute.CN)!.CN[0];
    const notAfter = new Date(new X509Certificate(certified.certificate).validTo);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('document_signing_certificates')
        .set({ status: 'retired', retired_at: new Date() })
        .where('account_id', '=', accountId)
        .where('status', '=', 'active')
        .execute();
      await trx
        .insertInto('document_signing_certificates')
        .values({
          account_id: accountId,
          ca_id: ca.id,
          subject_sha256: subjectSha256,
          common_name: commonName,
          not_after: notAfter,
          ...sealedKey(masterKey, certified),
        })
        .execute();
    });
    return (await activeCertificate(accountId))!;
  }

  return {
    /** The install CA's certificate, as /.well-known/qrverify-ca.pem serves it. */
    async caPem(): Promise<string> {
      return certificatePem(new Uint8Array((await installCa()).certificate));
    },

    /** The account's signer now: its certificate, issued again when its identity changed or it nears its end. */
    async signerFor(accountId: string): Promise<AccountSigner> {
      const ca = await installCa();
      const identity = (await loadIssuerIdentities(db, [accountId])).get(accountId);
      if (!identity) throw new Error(`No account ${accountId} to sign for`);
      const subject = signerName(identity, accountId);
      const subjectSha256 = sha256Hex(JSON.stringify(subject));
      let row = await activeCertificate(accountId);
      const isCurrent =
        row &&
        row.subject_sha256 === subjectSha256 &&
        row.ca_id === ca.id &&
        row.not_after.getTime() - Date.now() > RENEW_BEFORE_MS;
      if (!row || !isCurrent) {
        // Two documents of one account secured at once may both issue; the one that lost the race uses the other's.
        row = await issueFor(accountId, ca, subject, subjectSha256).catch(
          async (error: unknown) => {
            const winner = await activeCertificate(accountId);
            if (winner?.subject_sha256 === subjectSha256) return winner;
            throw error;
          },
        );
      }
      return {
        ...openedKey(masterKey, row),
        chain: [new Uint8Array(ca.certificate)],
        commonName: row.common_name,
        certificateSha256: row.certificate_sha256,
      };
    },
  };
}

export type DocumentSigningServices = ReturnType<typeof buildDocumentSigningServices>;
