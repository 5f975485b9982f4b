// Edits what a verification says. The secured PDF is not touched: it carries only the QR code and its code.
import { EXPIRY_BEFORE_ISSUE, expiresBeforeIssue } from '@common/verifications';
import type { VerificationChanges } from '@common/verifications-schemas';

import { fieldError } from '../../lib/app-error';
import { recordAudit } from '../team/record-audit';
import { resolveTemplateId } from '../templates/resolve-template-id';

import { findOwnVerification } from './find-own-verification';

import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

export async function updateVerification(
  deps: VerificationDeps,
  actor: Actor,
  id: string,
  changes: VerificationChanges,
): Promise<VerificationRow> {
  const { db } = deps;
  const current = await findOwnVerification(db, actor.accountId, id);
  const issueDate = changes.issue_date ?? current.issue_date;
  const expiryDate = changes.expiry_date === undefined ? current.expiry_date : changes.expiry_date;
  if (expiresBeforeIssue(issueDate, expiryDate)) {
    throw fieldError('expiry_date', EXPIRY_BEFORE_ISSUE);
  }
  const { custom_fields: customFields, template_id: templateChoice, ...plain } = changes;
  const templateId =
    templateChoice === undefined
      ? undefined
      : await resolveTemplateId(db, actor.accountId, templateChoice);
  if (Object.keys(changes).length > 0) {
    const saved = { type: 'verification-saved', code: current.code } as const;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verifications')
        .set({
          ...plain,
          ...(customFields && { custom_fields: JSON.stringify(customFields) }),
          ...(templateId && { template_id: templateId }),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'verification.updated',
        object: { type: 'verification', id: current.id, name: changes.title ?? current.title },
      });
      await deps.webhooks.emitVerificationEvent(
        trx,
        actor.accountId,
        'verification.updated',
        current.id,
      );
      await deps.publicPages.publish(trx, saved);
    });
    deps.webhooks.wake();
    await deps.publicPages.apply(saved);
  }
  return findOwnVerification(db, actor.accountId, id);
}
