// Who signs an account's secured PDFs, and with what (docs/signing.md): the install's CA, made once at first need
// (two instances racing make one), and each account's certificate from it, issued again whenever what the CA may
// say of the account changes (a custom domain verified, a name checked or renamed) or it nears its end. The
// private keys are kept encrypted under the master key, as the seal keys are, and opened only to hand to the
// securing worker.
import { createHash, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { DocumentSigning, IssuerCertificate } from '@common/document-signing-schemas';
import { DOCUMENT_CA_PATH } from '@common/verifications';

import {
  canSignRevocationLists,
  certificatePem,
  createDocumentCa,
  createRevocationList,
  issueSigningCertificate,
  signerName,
  type CertifiedKey,
} from '../../documents/signing/document-certificates';
import { InstallCaFileError } from '../../documents/signing/install-ca-file-error';
import { loadIssuerIdentities } from '../account/load-issuer-identities';
import { decryptPrivateKey, encryptPrivateKey } from '../seals/seal-key-crypto';
import { recordAudit } from '../team/record-audit';

import { buildCertificateExpiryNotices } from './certificate-expiry-notices';

import type { Config } from '../../config';
import type { Database, IssuerSigningCertificatesTable } from '../../db/schema';
import type { Securing } from '../../documents/securing-pool';
import type { InstallCaFile } from '../../documents/signing/install-ca-file';
import type { KnownRevocation, PdfSigner } from '../../documents/signing/sign-pdf';
import type { Mailer } from '../../mail/mailer';
import type { Queue } from '../../queue/queue';
import type { Actor } from '../team/actor';
import type { Kysely, Selectable } from 'kysely';

/** A certificate this close to its end is replaced before the next signature. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;
/** A CA's revocation list is made again after a day (it stands for a week). */
const REVOCATION_LIST_MS = 24 * 60 * 60 * 1000;

export interface DocumentSigningDeps {
  db: Kysely<Database>;
  /** Encrypts the private keys at rest (the seal keys' master key). */
  masterKey: Buffer;
  config: Pick<Config, 'PUBLIC_URL' | 'DOCUMENT_CA_P12' | 'DOCUMENT_CA_P12_PASSWORD'>;
  /** Opens an uploaded PKCS #12 file off the event loop. */
  securing: Pick<Securing, 'openIssuerCertificate' | 'openInstallCaFile'>;
  /** The expiry notices' job, and the mail it sends. */
  queue: Queue;
  mailer: Mailer;
}

// AAD for the password: bound to the same certificate, and not interchangeable with the file.
const passwordAad = (certificateSha256: string) => `${certificateSha256}:password`;

/** The signer the securing worker gets, with what the verification records of it. */
export type AccountSigner = PdfSigner & {
  commonName: string;
  certificateSha256: string;
};

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n?/g;

function commonNameOf(der: Uint8Array): string {
  const { subject } = new X509Certificate(der);
  return /^CN=(.*)$/m.exec(subject)?.[1] ?? subject.replace(/\n/g, ', ');
}

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

type IssuerCertificateRow = Selectable<IssuerSigningCertificatesTable>;

function certificateView(row: IssuerCertificateRow): IssuerCertificate {
  return {
    subject: row.subject,
    issuer: row.issuer,
    common_name: row.common_name,
    key: row.key_description,
    not_before: row.not_before.toISOString(),
    not_after: row.not_after.toISOString(),
    sha256_fingerprint: row.certificate_sha256,
    uploaded_at: row.created_at.toISOString(),
  };
}

function openedPkcs12(masterKey: Buffer, row: IssuerCertificateRow) {
  const decrypt = (aad: string, iv: Buffer, tag: Buffer, ciphertext: Buffer) =>
    decryptPrivateKey(masterKey, aad, { iv, tag, ciphertext });
  return {
    pkcs12: new Uint8Array(
      decrypt(row.certificate_sha256, row.pkcs12_iv, row.pkcs12_tag, row.pkcs12_ciphertext),
    ),
    password: decrypt(
      passwordAad(row.certificate_sha256),
      row.password_iv,
      row.password_tag,
      row.password_ciphertext,
    ).toString('utf8'),
  };
}

export function buildDocumentSigningServices({
  db,
  masterKey,
  config,
  securing,
  queue,
  mailer,
}: DocumentSigningDeps) {
  const expiryNotices = buildCertificateExpiryNotices({
    db,
    queue,
    mailer,
    publicUrl: config.PUBLIC_URL,
  });

  async function activeCaRow() {
    return db
      .selectFrom('document_signing_cas')
      .selectAll()
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  async function makeCa() {
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

  // DOCUMENT_CA_P12, read and opened (in the securing worker) once per process.
  let caFile: Promise<InstallCaFile> | undefined;
  function openCaFile(filePath: string): Promise<InstallCaFile> {
    caFile ??= readFile(filePath)
      .catch(() => {
        throw new InstallCaFileError(
          `DOCUMENT_CA_P12 names no file this server can read: ${filePath}`,
        );
      })
      .then((pkcs12) => securing.openInstallCaFile(pkcs12, config.DOCUMENT_CA_P12_PASSWORD ?? ''));
    return caFile;
  }

  /** The CA from the file becomes the active one (again, if it was before), the one it replaces retired. */
  async function adoptCaFile(file: InstallCaFile, replaced: string | undefined) {
    const imported = {
      ...sealedKey(masterKey, file),
      origin: 'imported' as const,
      chain_pem: file.chain.map(certificatePem).join(''),
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('document_signing_cas')
        .set({
          status: 'retired',
          retired_at: new Date(),
          retired_reason: 'Replaced by the CA in DOCUMENT_CA_P12',
        })
        .where('status', '=', 'active')
        .execute();
      await trx
        .insertInto('document_signing_cas')
        .values(imported)
        .onConflict((conflict) =>
          conflict
            .column('certificate_sha256')
            .doUpdateSet({ status: 'active', retired_at: null, retired_reason: null }),
        )
        .execute();
      await trx
        .insertInto('operator_audit_log')
        .values({
          action: 'document_ca.imported',
          object_type: 'document_ca',
          object_id: file.sha256,
          object_name: commonNameOf(file.certificate),
          reason: replaced ? `DOCUMENT_CA_P12 replaces CA ${replaced}` : 'DOCUMENT_CA_P12',
        })
        .execute();
    });
  }

  async function installCa() {
    const existing = await activeCaRow();
    if (!config.DOCUMENT_CA_P12) return existing ?? makeCa();
    const file = await openCaFile(config.DOCUMENT_CA_P12);
    if (existing?.certificate_sha256 === file.sha256) return existing;
    // Two instances starting with a new file at once: one adopts it, the other finds it adopted.
    await adoptCaFile(file, existing?.certificate_sha256).catch(async (error: unknown) => {
      if ((await activeCaRow())?.certificate_sha256 !== file.sha256) throw error;
    });
    return (await activeCaRow())!;
  }

  /** The CA's certificate and those above it (an imported CA's root), DER, as signatures carry them. */
  function caChain(ca: Awaited<ReturnType<typeof installCa>>): Uint8Array[] {
    const above = ca.chain_pem.match(PEM_BLOCK) ?? [];
    return [
      new Uint8Array(ca.certificate),
      ...above.map((pem) => new Uint8Array(new X509Certificate(pem).raw)),
    ];
  }

  // Each CA's current revocation list, made in this process at most once a day; none from a CA that may not
  // sign one (validators would refuse it), whose signatures then stay at B-T.
  const revocationLists = new Map<string, { list: Promise<Uint8Array | null>; madeAt: number }>();
  function revocationListOf(ca: KeyRow & { id: string }): Promise<Uint8Array | null> {
    const made = revocationLists.get(ca.id);
    if (made && Date.now() - made.madeAt < REVOCATION_LIST_MS) return made.list;
    const list = canSignRevocationLists(ca.certificate).then((canSign) =>
      canSign ? createRevocationList(openedKey(masterKey, ca)) : null,
    );
    list.catch(() => revocationLists.delete(ca.id));
    revocationLists.set(ca.id, { list, madeAt: Date.now() });
    return list;
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

  /** The account's own certificate while it is active and has not expired. */
  async function usableIssuerCertificate(accountId: string) {
    return db
      .selectFrom('issuer_signing_certificates')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .where('not_after', '>', new Date())
      .executeTakeFirst();
  }

  async function installCaSigner(accountId: string): Promise<AccountSigner> {
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
      row = await issueFor(accountId, ca, subject, subjectSha256).catch(async (error: unknown) => {
        const winner = await activeCertificate(accountId);
        if (winner?.subject_sha256 === subjectSha256) return winner;
        throw error;
      });
    }
    return {
      ...openedKey(masterKey, row),
      chain: caChain(ca),
      revocationList: await revocationListOf(ca),
      commonName: row.common_name,
      certificateSha256: row.certificate_sha256,
    };
  }

  return {
    /** Checks DOCUMENT_CA_P12 before the server serves (a file that cannot be the CA stops it), then works. */
    async startWorking(log: Parameters<typeof expiryNotices.startWorking>[0]) {
      if (config.DOCUMENT_CA_P12) await installCa();
      await expiryNotices.startWorking(log);
    },
    close: expiryNotices.close,

    /** The install CA's certificate, as /.well-known/qrverify-ca.pem serves it. */
    async caPem(): Promise<string> {
      const ca = await installCa();
      return certificatePem(new Uint8Array(ca.certificate)) + ca.chain_pem;
    },

    /**
     * The account's signer now: its own certificate while that is valid, otherwise the install CA's certificate
     * for it, issued again when its identity changed or it nears its end.
     */
    async signerFor(accountId: string): Promise<AccountSigner> {
      const own = await usableIssuerCertificate(accountId);
      if (!own) return installCaSigner(accountId);
      return {
        ...openedPkcs12(masterKey, own),
        commonName: own.common_name,
        certificateSha256: own.certificate_sha256,
      };
    },

    /**
     * The revocation data the server has for a certificate it signed with: its CA's list when the install's CA
     * issued it; none for an issuer's own (its CA publishes that).
     */
    async knownRevocations(certificateSha256: string): Promise<KnownRevocation[]> {
      const issued = await db
        .selectFrom('document_signing_certificates as leaf')
        .innerJoin('document_signing_cas as ca', 'ca.id', 'leaf.ca_id')
        .select(['leaf.certificate', 'ca.id', 'ca.certificate_sha256'])
        .select(['ca.certificate as ca_certificate', 'ca.private_key_iv', 'ca.private_key_tag'])
        .select('ca.private_key_ciphertext')
        .where('leaf.certificate_sha256', '=', certificateSha256)
        .executeTakeFirst();
      if (!issued) return [];
      const ca = { ...issued, certificate: issued.ca_certificate };
      const revocationList = await revocationListOf(ca);
      if (!revocationList) return [];
      return [{ certificate: new Uint8Array(issued.certificate), revocationList }];
    },

    /** Who signs the account's PDFs, and the certificate it uploaded if any. */
    async view(accountId: string): Promise<DocumentSigning> {
      const own = await db
        .selectFrom('issuer_signing_certificates')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      const isUsable = own !== undefined && own.not_after > new Date();
      const identity = (await loadIssuerIdentities(db, [accountId])).get(accountId);
      const installName = identity
        ? signerName(identity, accountId).find((attribute) => attribute.CN)!.CN[0]
        : '';
      return {
        signer: isUsable ? 'issuer_certificate' : 'service_ca',
        signer_name: isUsable ? own.common_name : installName,
        certificate: own ? certificateView(own) : null,
        service_ca_url: new URL(DOCUMENT_CA_PATH, config.PUBLIC_URL).href,
      };
    },

    /**
     * Keeps the account's own .p12 (opened and checked in the securing worker; a 422 says why it cannot sign) as
     * its signer from the next document on, in place of any it had.
     */
    async uploadCertificate(
      actor: Actor,
      pkcs12: Buffer,
      password: string,
    ): Promise<DocumentSigning> {
      const { accountId } = actor;
      const facts = await securing.openIssuerCertificate(pkcs12, password);
      const sha256 = facts.sha256Fingerprint;
      const file = encryptPrivateKey(masterKey, sha256, pkcs12);
      const secret = encryptPrivateKey(masterKey, passwordAad(sha256), Buffer.from(password));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('issuer_signing_certificates')
          .set({ status: 'removed', removed_at: new Date() })
          .where('account_id', '=', accountId)
          .where('status', '=', 'active')
          .execute();
        await trx
          .insertInto('issuer_signing_certificates')
          .values({
            account_id: accountId,
            uploaded_by: actor.id,
            certificate: Buffer.from(facts.certificate),
            certificate_sha256: sha256,
            subject: facts.subject,
            issuer: facts.issuer,
            common_name: facts.commonName,
            key_description: facts.keyDescription,
            not_before: new Date(facts.notBefore),
            not_after: new Date(facts.notAfter),
            pkcs12_iv: file.iv,
            pkcs12_tag: file.tag,
            pkcs12_ciphertext: file.ciphertext,
            password_iv: secret.iv,
            password_tag: secret.tag,
            password_ciphertext: secret.ciphertext,
          })
          .execute();
        await recordAudit(trx, actor, {
          action: 'signing_certificate.uploaded',
          object: { type: 'signing_certificate', id: sha256, name: facts.commonName },
        });
      });
      // One that ends within 30 days is mailed of now; if asking fails, the daily run mails it.
      await expiryNotices.requestRun().catch(() => null);
      return this.view(accountId);
    },

    /** Back to the install's CA from the next document on; the removed certificate's row is kept. */
    async removeCertificate(actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .updateTable('issuer_signing_certificates')
          .set({ status: 'removed', removed_at: new Date() })
          .where('account_id', '=', actor.accountId)
          .where('status', '=', 'active')
          .returning(['certificate_sha256', 'common_name'])
          .executeTakeFirst();
        if (!removed) return;
        await recordAudit(trx, actor, {
          action: 'signing_certificate.removed',
          object: {
            type: 'signing_certificate',
            id: removed.certificate_sha256,
            name: removed.common_name,
          },
        });
      });
    },
  };
}

export type DocumentSigningServices = ReturnType<typeof buildDocumentSigningServices>;
