// Who issues a new verification and how it prints: the acting member and account, the template, and the origin
// its QR code encodes (the account's verified custom domain, else PUBLIC_URL). Resolved once per single create and
// once per bulk chunk, then handed to issueVerification for each document.
import { findPublicOrigin } from '../custom-domains/public-origin';
import { resolveTemplateId } from '../templates/resolve-template-id';

import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';

export interface Issuer {
  actor: Actor;
  templateId: string;
  /** The origin the QR code encodes (custom-domains/public-origin.ts); null: PUBLIC_URL's. */
  publicOrigin: string | null;
}

export async function resolveIssuer(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  actor: Actor,
  /** The template asked for; null: the account's default. */
  templateId: string | null,
  /** A bulk run's template may have been deleted since it was chosen: the default then, not a refusal. */
  { orDefault = false }: { orDefault?: boolean } = {},
): Promise<Issuer> {
  const { db, config } = deps;
  let resolved: string;
  try {
    resolved = await resolveTemplateId(db, actor.accountId, templateId);
  } catch (error) {
    if (!orDefault || !templateId) throw error;
    resolved = await resolveTemplateId(db, actor.accountId, null);
  }
  const publicOrigin = await findPublicOrigin(db, config, actor.accountId);
  return { actor, templateId: resolved, publicOrigin };
}
