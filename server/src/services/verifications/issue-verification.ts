// The one path every new verification takes: a single create (a staged upload, a form's file, an API call) and
// every bulk row (a zip entry, a drawn design) end here, so issuing is written once. The steps, in order:
//   1. plan      the month's quota, before any work (the count that holds is step 5's, in the transaction)
//   2. seal key  the account's signing key for the issuer's template and origin (resolve-issuer.ts), asked for
//                each document: a key rotated or revoked during a long bulk run is not used after
//   3. secure    in the worker pool, off the event loop (documents/): the document checked — what an earlier
//                check of the same bytes found is carried, not found again — the QR code stamped, the seal signed
//                over the original's SHA-256.
//                Then the PAdES signature over the stamped PDF, in the same worker job, by the account's
//                certificate (services/document-signing/, docs/signing.md).
//   4. files     both stored: the original copied within storage when it is already there (a staged upload),
//                else streamed or written; the secured PDF written.
//   5. record    the row, its audit entry, the plan's count, the webhook event and the caller's own writes (a bulk
//                row's claim), in one transaction (store-new-verification.ts).
//                The verifiable credential too, signed by the seal key (services/credentials/, docs/credentials.md).
//   6. tell      once committed: the public pages' cache (the one invalidation point) and the webhooks.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';

import type { QrPlacement } from '@common/verifications';
import type { CustomField } from '@common/verifications-schemas';

import { sealRequestFor } from '../../documents/sign-seal';

import { generatePublicCode, verificationUrl } from './public-code';
import { storeNewVerification, type NewVerificationRecord } from './store-new-verification';

import type { Database } from '../../db/schema';
import type { DrawnText } from '../../documents/draw-design';
import type { SecuredDocument } from '../../documents/secure-document';
import type { SecuringParameters } from '../../documents/securing-pool';
import type { TimestampSettings } from '../../documents/signing/timestamp-authority';
import type { Issuer } from './resolve-issuer';
import type { VerificationDeps } from './verification-deps';
import type { Transaction } from 'kysely';

/** What a verification states: the same fields whether typed in the form or read from a sheet's row. */
export interface VerificationFacts {
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date: string | null;
  custom_fields: CustomField[];
}

/** Where the document to secure comes from; `filename` is the original's name as stored. */
export type IssuedDocument =
  /** Bytes in memory (a bulk zip's entry). isChecked: these bytes passed the document checks already. */
  | { kind: 'bytes'; filename: string; bytes: Buffer; isChecked: boolean }
  /** A file on this machine (a form's upload): the worker reads it, storage streams it in. */
  | { kind: 'file'; filename: string; path: string }
  /** A file already in storage (a staged upload, checked when staged): read by the worker, copied by storage. */
  | { kind: 'stored'; filename: string; key: string; isChecked: boolean }
  /** A bulk design row: the texts drawn on the design in the worker, then secured; the drawn PDF is the original. */
  | { kind: 'design'; filename: string; designPath: string; texts: DrawnText[] };

export interface IssueRequest {
  facts: VerificationFacts;
  placement: QrPlacement;
  allowDownload: boolean;
  document: IssuedDocument;
  /** The bulk operation row it is made for. */
  bulk?: { operationId: string; rowNumber: number };
  /** More writes that must commit or roll back with the verification's row (a bulk row's claim). */
  alsoInTransaction?: (trx: Transaction<Database>, verificationId: string) => Promise<void>;
}

export type IssueDeps = Pick<
  VerificationDeps,
  | 'db'
  | 'storage'
  | 'publicPages'
  | 'webhooks'
  | 'planLimits'
  | 'seals'
  | 'documentSigning'
  | 'securing'
  | 'config'
>;

/** Step 3: the document secured in the pool, and the original as storage will take it. */
async function secure(
  deps: IssueDeps,
  document: IssuedDocument,
  request: SecuringParameters,
): Promise<{ secured: SecuredDocument; original: NewVerificationRecord['original'] }> {
  const { securing, storage } = deps;
  const { filename } = document;
  switch (document.kind) {
    case 'bytes': {
      const { bytes, isChecked } = document;
      const secured = await securing.secureDocument({ ...request, bytes, isChecked });
      return { secured, original: { filename, body: bytes, size: bytes.length } };
    }
    case 'file': {
      const secured = await securing.secureDocument({ ...request, path: document.path });
      const body = createReadStream(document.path);
      return { secured, original: { filename, body, size: secured.originalSize } };
    }
    case 'stored': {
      // On disk the stored file itself; from a bucket, a temporary copy the worker reads.
      const local = await storage.localFile(document.key);
      let secured: SecuredDocument;
      try {
        secured = await securing.secureDocument({
          ...request,
          path: local.path,
          isChecked: document.isChecked,
        });
      } finally {
        await local.release();
      }
      const body = { storedKey: document.key };
      return { secured, original: { filename, body, size: secured.originalSize } };
    }
    case 'design': {
      const { designPath, texts } = document;
      const drawn = await securing.secureDesign({ ...request, designPath, texts });
      const { original: bytes, ...secured } = drawn;
      return { secured, original: { filename, body: bytes, size: bytes.length } };
    }
  }
}

/** TSA_URL's settings for a B-T signature; null: B-B. */
/** TSA_URL's settings as the signer takes them; null without a TSA. */
export function timestampSettings(
  config: Pick<
    IssueDeps['config'],
    'TSA_URL' | 'TSA_USERNAME' | 'TSA_PASSWORD' | 'TSA_TIMEOUT_SECONDS'
  >,
): TimestampSettings | null {
  if (!config.TSA_URL) return null;
  return {
    url: config.TSA_URL,
    username: config.TSA_USERNAME,
    password: config.TSA_PASSWORD,
    timeoutSeconds: config.TSA_TIMEOUT_SECONDS,
  };
}

/** Issues one verification (the steps above) and answers its id and public code. */
export async function issueVerification(
  deps: IssueDeps,
  issuer: Issuer,
  request: IssueRequest,
): Promise<{ id: string; code: string }> {
  const { config } = deps;
  const { actor, templateId, publicOrigin } = issuer;
  const { facts } = request;
  // 1. plan: a month's quota used up should not cost the document's securing.
  await deps.planLimits.requireVerificationsLeft(actor.accountId);
  // 2. seal key. 80 random bits of code: a clash is not a practical concern, and the unique index refuses one.
  const id = randomUUID();
  const code = generatePublicCode();
  const sealKey = await deps.seals.signingKeyFor(actor.accountId, templateId, publicOrigin);
  const credentialKey = await deps.seals.credentialKeyFor(actor.accountId);
  const signer = await deps.documentSigning.signerFor(actor.accountId);
  // 3. secure
  const url = verificationUrl(publicOrigin ?? config.PUBLIC_URL, code);
  const { secured, original } = await secure(deps, request.document, {
    code,
    url,
    placement: request.placement,
    maxBytes: config.UPLOAD_MAX_BYTES,
    seal: sealRequestFor(sealKey, facts),
    signer,
    timestamp: timestampSettings(config),
  });
  // 4–6. files, record, tell
  const { alsoInTransaction } = request;
  await storeNewVerification(
    deps,
    actor,
    {
      id,
      code,
      ...facts,
      templateId,
      publicOrigin,
      publicUrl: url,
      credentialKey,
      allowDownload: request.allowDownload,
      original,
      secured,
      signer,
      bulk: request.bulk,
    },
    alsoInTransaction && ((trx) => alsoInTransaction(trx, id)),
  );
  return { id, code };
}
