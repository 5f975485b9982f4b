// Mails a user's support message to SUPPORT_EMAIL (reply-to the user, with their account, plan and attachment) and
// hands back the copy for the user, to send after the answer. The support mail goes out before the answer: when it
// cannot be sent the user is told to try again rather than left believing it arrived.
import { randomUUID } from 'node:crypto';

import type { SupportMessageSent } from '@common/support-schemas';

import { cleanFileName } from '../../lib/file-name';
import { formatBytes } from '../../lib/format-bytes';
import { personName } from '../../lib/person-name';
import { supportReceiptMail } from '../../mail/support-receipt-mail';
import { supportRequestMail, type SupportRequest } from '../../mail/support-request-mail';
import { mailNotSent } from '../auth/auth-errors';

import { detectAttachmentType } from './detect-attachment-type';
import { supportErrors } from './support-errors';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { AuthenticatedUser } from '../auth/find-user-by-access-token';
import type { SupportDeps } from './support-deps';

export interface SupportMessage {
  subject: string;
  message: string;
  attachment?: UploadedFile;
  /** The app's diagnostic state as JSON text, when the user chose to attach it. */
  diagnostic?: string;
}

export interface SentSupportMessage extends SupportMessageSent {
  /** Mails the user their copy: handed to the caller so that it can run after the answer. */
  sendReceipt: () => Promise<void>;
}

async function describeAttachment(file: UploadedFile): Promise<SupportRequest['attachment']> {
  if (file.size === 0) throw supportErrors.emptyAttachment();
  const filename = cleanFileName(file.filename, 'attachment');
  const contentType = await detectAttachmentType(file.path, filename);
  if (!contentType) throw supportErrors.unsupportedAttachment();
  return { filename, path: file.path, contentType, size: formatBytes(file.size) };
}

function findUser({ db }: Pick<SupportDeps, 'db'>, id: string) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The writer, and the account they work on, named by its owner's email (the same person for an owner). */
async function findSender(deps: Pick<SupportDeps, 'db'>, user: AuthenticatedUser) {
  const [sender, owner] = await Promise.all([
    findUser(deps, user.id),
    findUser(deps, user.accountId),
  ]);
  return {
    sender: { email: sender.email, name: personName(sender.first_name, sender.last_name) },
    accountEmail: owner.email,
  };
}

export async function sendSupportMessage(
  deps: SupportDeps,
  user: AuthenticatedUser,
  { subject, message, attachment: file, diagnostic }: SupportMessage,
): Promise<SentSupportMessage> {
  const attachment = file ? await describeAttachment(file) : undefined;
  const [{ sender, accountEmail }, plan] = await Promise.all([
    findSender(deps, user),
    deps.planLimits.find(user.accountId),
  ]);
  const id = randomUUID();
  const request: SupportRequest = {
    id,
    subject,
    message,
    sender,
    accountEmail,
    plan: plan.name,
    attachment,
    diagnostic,
  };
  try {
    await deps.mailer.send(supportRequestMail(deps.config.SUPPORT_EMAIL, request));
  } catch (error) {
    throw mailNotSent(error);
  }
  const receipt = supportReceiptMail(sender.email, {
    id,
    subject,
    message,
    attachmentName: attachment?.filename,
    hasDiagnostic: diagnostic !== undefined,
  });
  return { id, sendReceipt: () => deps.mailer.send(receipt) };
}
