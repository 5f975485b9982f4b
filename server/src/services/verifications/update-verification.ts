// Edits what a verification says. The secured PDF is not touched: it carries only the QR code and its code.
import type { CustomField } from '@common/verifications';

import { resolveTemplateId } from '../templates/resolve-template-id';

import { findOwnVerification } from './find-own-verification';
import { fieldError } from './verification-errors';

import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

export interface VerificationChanges {
  title?: string;
  holder_name?: string;
  issue_date?: string;
  expiry_date?: string | null;
  custom_fields?: CustomField[];
  allow_download?: boolean;
  /** One of the account's templates; null for the account's default. */
  template_id?: string | null;
}

export async function updateVerification(
  deps: VerificationDeps,
  userId: string,
  id: string,
  changes: VerificationChanges,
): Promise<VerificationRow> {
  const { db } = deps;
  const current = await findOwnVerification(db, userId, id);
  const issueDate = changes.issue_date ?? current.issue_date;
  const expiryDate = changes.expiry_date === undefined ? current.expiry_date : changes.expiry_date;
  if (expiryDate !== null && expiryDate < issueDate) {
    throw fieldError('expiry_date', 'The expiry date cannot be before the issue date.');
  }
  const { custom_fields: customFields, template_id: templateChoice, ...plain } = changes;
  const templateId =
    templateChoice === undefined ? undefined : await resolveTemplateId(db, userId, templateChoice);
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable('verifications')
      .set({
        ...plain,
        ...(customFields && { custom_fields: JSON.stringify(customFields) }),
        ...(templateId && { template_id: templateId }),
        updated_at: new Date(),
      })
      .where('id', '=', current.id)
      .execute();
    await deps.publicRecords.refresh(current.code);
  }
  return findOwnVerification(db, userId, id);
}
