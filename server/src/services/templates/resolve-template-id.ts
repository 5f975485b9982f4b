// Which template a verification uses: one of the account's own, or the account's default when none is named.
import { fieldError } from '../../lib/app-error';

import { findOwnTemplateId } from './find-own-template-id';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export const CHOOSE_OWN_TEMPLATE = 'Choose one of your templates.';

export async function resolveTemplateId(
  db: Kysely<Database>,
  accountId: string,
  templateId: string | null | undefined,
): Promise<string> {
  if (templateId) {
    const own = await findOwnTemplateId(db, accountId, templateId);
    if (!own) throw fieldError('template_id', CHOOSE_OWN_TEMPLATE);
    return own;
  }
  const fallback = await db
    .selectFrom('templates')
    .select('id')
    .where('user_id', '=', accountId)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow(
      () => new Error(`Account ${accountId} has no default template; every account must have one`),
    );
  return fallback.id;
}
