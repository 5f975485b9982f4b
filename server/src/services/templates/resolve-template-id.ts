// Which template a verification uses: one of the account's own, or the account's default when none is named.
import { isTemplateId, templateFieldError } from './template-errors';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export const CHOOSE_OWN_TEMPLATE = 'Choose one of your templates.';

export async function resolveTemplateId(
  db: Kysely<Database>,
  userId: string,
  templateId: string | null | undefined,
): Promise<string> {
  if (templateId) {
    const own = isTemplateId(templateId)
      ? await db
          .selectFrom('templates')
          .select('id')
          .where('id', '=', templateId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!own) throw templateFieldError('template_id', CHOOSE_OWN_TEMPLATE);
    return own.id;
  }
  const fallback = await db
    .selectFrom('templates')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow(
      () => new Error(`Account ${userId} has no default template; every account must have one`),
    );
  return fallback.id;
}
