// Step 5 of issuing (verifications/issue-verification.ts): the verification's credential, signed and stored in the
// transaction that stores its row, at a random free index of its account's status list (docs/credentials.md).
import { statusListPath } from '@common/credentials';
import type { CustomField } from '@common/verifications-schemas';

import { loadIssuerIdentities } from '../account/load-issuer-identities';
import { logoUrl } from '../templates/template-files';

import { buildCredential, type Achievement, type CredentialFacts } from './build-credential';
import { accountDid } from './issuer-did';
import { signCredential, type CredentialSigningKey } from './sign-credential';
import { setCredential, takeStatusEntry } from './status-list-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface CredentialRequest {
  verificationId: string;
  accountId: string;
  templateId: string;
  /** The verification's public page. */
  url: string;
  title: string;
  holderName: string;
  issueDate: string;
  expiryDate: string | null;
  customFields: CustomField[];
  securedSha256: string;
}

async function loadTemplate(trx: Kysely<Database>, request: CredentialRequest) {
  return trx
    .selectFrom('templates')
    .select([
      'id',
      'fields',
      'is_achievement',
      'achievement_description',
      'achievement_criteria',
      'logo_key',
      'logo_content_type',
      'logo_sha256',
    ])
    .where('id', '=', request.templateId)
    .where('user_id', '=', request.accountId)
    .executeTakeFirstOrThrow();
}

type TemplateColumns = Awaited<ReturnType<typeof loadTemplate>>;

function achievementOf(template: TemplateColumns, publicUrl: string): Achievement | null {
  if (!template.is_achievement) return null;
  const { logo_key: key, logo_content_type: type, logo_sha256: sha256 } = template;
  return {
    id: template.id,
    description: template.achievement_description,
    criteria: template.achievement_criteria,
    imageUrl:
      key && type && sha256 ? new URL(logoUrl(template.id, sha256, type), publicUrl).href : null,
  };
}

/** What the public page shows of the verification: the credential states no more. */
function publishedFacts(request: CredentialRequest, template: TemplateColumns): CredentialFacts {
  const { fields } = template;
  return {
    url: request.url,
    title: request.title,
    holderName: fields.holder_name.visible ? request.holderName : null,
    issueDate: request.issueDate,
    expiryDate: request.expiryDate,
    fields: fields.custom_fields.visible ? request.customFields : [],
    securedSha256: request.securedSha256,
  };
}

/** Signs and stores the verification's credential; `trx` is the transaction that stores its row. */
export async function issueCredential(
  trx: Kysely<Database>,
  publicUrl: string,
  key: CredentialSigningKey,
  request: CredentialRequest,
): Promise<void> {
  const { accountId } = request;
  const template = await loadTemplate(trx, request);
  const identity = (await loadIssuerIdentities(trx, [accountId])).get(accountId)!;
  const { listNumber, index } = await takeStatusEntry(trx, accountId, request.verificationId);
  const did = accountDid(publicUrl, accountId);
  const credential = buildCredential(
    publishedFacts(request, template),
    {
      did,
      identity,
      url: identity.issuer_proof === 'domain' ? `https://${identity.issuer}` : null,
    },
    { listUrl: new URL(statusListPath(accountId, listNumber), publicUrl).href, index },
    achievementOf(template, publicUrl),
  );
  await setCredential(trx, request.verificationId, await signCredential(credential, did, key));
}
