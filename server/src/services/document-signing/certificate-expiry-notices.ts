// The mail an owner gets 30 days before their own document-signing certificate ends (issue 31). A queue job
// looks once a day, and right after an upload (a certificate may arrive with less than 30 days left); each
// certificate is mailed once, claimed in the database first so two instances never both mail it.
import { certificateExpiryMail } from '../../mail/certificate-expiry-mail';

import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Queue, QueuePolicy } from '../../queue/queue';
import type { Kysely } from 'kysely';

export const CERTIFICATE_EXPIRY_QUEUE = 'certificate-expiry-notices';
const DAILY_KEY = 'daily';
// Its own key: an upload's look is not folded into a daily one waiting for its time.
const UPLOAD_KEY = 'after-upload';
const DAY_MS = 24 * 60 * 60 * 1000;
const STARTUP_DELAY_SECONDS = 60;
/** How long before its end an owner hears of it. */
export const EXPIRY_NOTICE_DAYS = 30;

const policy: QueuePolicy = {
  policy: 'stately',
  expireInSeconds: 600,
  retryLimit: 5,
  retryDelay: 300,
  retryBackoff: true,
};

interface Log {
  error(object: object, message: string): void;
}

export interface CertificateExpiryDeps {
  db: Kysely<Database>;
  queue: Queue;
  mailer: Mailer;
  publicUrl: string;
}

/** Mails the owner of each active certificate ending within 30 days that has not been mailed of it yet. */
export async function mailExpiringCertificates(
  { db, mailer, publicUrl }: Omit<CertificateExpiryDeps, 'queue'>,
  now = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom('issuer_signing_certificates as certificate')
    .innerJoin('users as owner', 'owner.id', 'certificate.account_id')
    .select([
      'certificate.id',
      'certificate.common_name',
      'certificate.certificate_sha256',
      'certificate.not_after',
      'owner.email',
    ])
    .where('certificate.status', '=', 'active')
    .where('certificate.expiry_notice_sent_at', 'is', null)
    .where('certificate.not_after', '>', now)
    .where('certificate.not_after', '<=', new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS))
    .execute();
  const accountUrl = new URL('/account', publicUrl).href;
  let mailed = 0;
  for (const certificate of due) {
    const claimed = await db
      .updateTable('issuer_signing_certificates')
      .set({ expiry_notice_sent_at: now })
      .where('id', '=', certificate.id)
      .where('expiry_notice_sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const message = certificateExpiryMail(
      certificate.email,
      {
        commonName: certificate.common_name,
        sha256Fingerprint: certificate.certificate_sha256,
        notAfter: certificate.not_after,
      },
      accountUrl,
    );
    try {
      await mailer.send(message);
      mailed += 1;
    } catch (error) {
      // Unclaimed again, so the job's retry (or tomorrow's run) mails it.
      await db
        .updateTable('issuer_signing_certificates')
        .set({ expiry_notice_sent_at: null })
        .where('id', '=', certificate.id)
        .execute();
      throw error;
    }
  }
  return mailed;
}

export function buildCertificateExpiryNotices(deps: CertificateExpiryDeps) {
  const { queue } = deps;
  let schedule: NodeJS.Timeout | undefined;

  const requestRun = (singletonKey: string, startAfterSeconds = 0) =>
    queue.send(CERTIFICATE_EXPIRY_QUEUE, {}, { singletonKey, startAfterSeconds });

  return {
    /** Looks now (after an upload) rather than at the next daily run. */
    requestRun: () => requestRun(UPLOAD_KEY),

    /** Defines and works the queue, looks a minute after start and once a day; the app calls this once it is ready. */
    async startWorking(log: Log) {
      await queue.define(CERTIFICATE_EXPIRY_QUEUE, policy);
      await queue.work(CERTIFICATE_EXPIRY_QUEUE, () => mailExpiringCertificates(deps));
      // Not at once: a start is busy enough, and a deploy a day must not keep putting the daily look off.
      await requestRun(DAILY_KEY, STARTUP_DELAY_SECONDS);
      // The queue has no cron here (see plugins/queue.ts): a timer asks, the singleton key keeps it one job.
      schedule = setInterval(() => {
        requestRun(DAILY_KEY).catch((error: unknown) =>
          log.error({ err: error }, 'Could not schedule the certificate expiry notices'),
        );
      }, DAY_MS);
      schedule.unref();
    },
    close() {
      clearInterval(schedule);
    },
  };
}

export type CertificateExpiryNotices = ReturnType<typeof buildCertificateExpiryNotices>;
