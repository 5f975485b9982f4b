// The job that finishes what the time-stamping authority could not (issue 31): a PDF signed while TSA_URL failed
// keeps a valid B-B (or B-LT) signature and the reason in `timestamp_problem`. Every few minutes, while TSA_URL is
// set, the job adds the missing timestamp and validation data as incremental updates (sign-pdf.ts
// upgradeSignature). The record then names the new file and keeps the first one's SHA-256, which the copy check
// still accepts: the new file begins with it byte for byte.
import { sha256 } from '../../lib/sha256';
import { timestampSettings } from '../verifications/issue-verification';
import { verificationFileKeys } from '../verifications/verification-files';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Securing } from '../../documents/securing-pool';
import type { Queue, QueuePolicy } from '../../queue/queue';
import type { Storage } from '../../storage/storage';
import type { VerificationDeps } from '../verifications/verification-deps';
import type { DocumentSigningServices } from './document-signing-services';
import type { Kysely } from 'kysely';

export const SIGNATURE_UPGRADE_QUEUE = 'signature-upgrades';
const SCHEDULE_KEY = 'every-few-minutes';
const EVERY_MS = 5 * 60 * 1000;
/** Documents upgraded per run: a TSA back after a long outage is not flooded. */
const BATCH = 50;

const policy: QueuePolicy = {
  policy: 'stately',
  expireInSeconds: 900,
  retryLimit: 0,
  retryDelay: 0,
};

interface Log {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface SignatureUpgradeDeps {
  db: Kysely<Database>;
  queue: Queue;
  storage: Storage;
  securing: Pick<Securing, 'upgradeSignature'>;
  documentSigning: Pick<DocumentSigningServices, 'knownRevocations'>;
  publicPages: Pick<VerificationDeps['publicPages'], 'publish' | 'apply'>;
  config: Pick<Config, 'TSA_URL' | 'TSA_USERNAME' | 'TSA_PASSWORD' | 'TSA_TIMEOUT_SECONDS'>;
}

export interface UpgradeRun {
  upgraded: number;
  /** The TSA still failing (the rest wait for the next run). */
  problem: string | null;
}

type Due = Awaited<ReturnType<typeof dueSignatures>>[number];

function dueSignatures(db: Kysely<Database>) {
  return db
    .selectFrom('verifications')
    .select(['id', 'code', 'secured_sha256', 'secured_size', 'signature_level', 'timestamped_at'])
    .select(['signature_certificate_sha256', 'timestamp_problem'])
    .where('timestamp_problem', 'is not', null)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
}

async function upgradeOne(deps: SignatureUpgradeDeps, due: Due): Promise<void> {
  const { db, storage } = deps;
  const timestamp = timestampSettings(deps.config)!;
  const key = verificationFileKeys(due.id).secured;
  const known = await deps.documentSigning.knownRevocations(due.signature_certificate_sha256!);
  const upgraded = await deps.securing.upgradeSignature(await storage.get(key), {
    level: due.signature_level!,
    known,
    timestamp,
  });
  const bytes = Buffer.from(upgraded.bytes);
  const saved = { type: 'verification-saved', code: due.code } as const;
  // The record first: until the file is replaced, the old file is still accepted as the earlier one.
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('verifications')
      .set({
        secured_sha256: sha256(bytes),
        secured_size: bytes.length,
        earlier_secured_sha256: due.secured_sha256,
        signature_level: upgraded.level,
        ...(upgraded.timestampedAt && { timestamped_at: new Date(upgraded.timestampedAt) }),
        timestamp_problem: null,
      })
      .where('id', '=', due.id)
      .where('secured_sha256', '=', due.secured_sha256)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await deps.publicPages.publish(trx, saved);
    return Number(result.numUpdatedRows) > 0;
  });
  // Deleted or upgraded by another instance meanwhile.
  if (!updated) return;
  try {
    await storage.put(key, bytes);
  } catch (error) {
    // The record back to the file still stored, or downloads would promise a size it does not have.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verifications')
        .set({
          secured_sha256: due.secured_sha256,
          secured_size: due.secured_size,
          earlier_secured_sha256: null,
          signature_level: due.signature_level,
          timestamped_at: due.timestamped_at,
          timestamp_problem: due.timestamp_problem,
        })
        .where('id', '=', due.id)
        .execute();
      await deps.publicPages.publish(trx, saved);
    });
    await deps.publicPages.apply(saved);
    throw error;
  }
  await deps.publicPages.apply(saved);
}

/** Upgrades the oldest signatures still missing their timestamp, stopping at the first the TSA fails. */
export async function upgradeSignatures(deps: SignatureUpgradeDeps): Promise<UpgradeRun> {
  if (!deps.config.TSA_URL) return { upgraded: 0, problem: null };
  let upgraded = 0;
  for (const due of await dueSignatures(deps.db)) {
    try {
      await upgradeOne(deps, due);
      upgraded += 1;
    } catch (error) {
      return { upgraded, problem: (error as Error).message };
    }
  }
  return { upgraded, problem: null };
}

export function buildSignatureUpgrades(deps: SignatureUpgradeDeps) {
  const { queue } = deps;
  let schedule: NodeJS.Timeout | undefined;
  const requestRun = () => queue.send(SIGNATURE_UPGRADE_QUEUE, {}, { singletonKey: SCHEDULE_KEY });

  return {
    /** One run now, as the queue's job does it (tests, and an operator who knows the TSA is back). */
    runNow: () => upgradeSignatures(deps),

    /** Defines and works the queue and asks for a run every few minutes while a TSA is set. */
    async startWorking(log: Log) {
      if (!deps.config.TSA_URL) return;
      await queue.define(SIGNATURE_UPGRADE_QUEUE, policy);
      await queue.work(SIGNATURE_UPGRADE_QUEUE, async () => {
        const run = await upgradeSignatures(deps);
        if (run.upgraded > 0)
          log.info(run, 'Timestamps added to signatures made while the TSA failed');
        if (run.problem) log.error(run, 'The TSA still fails: signatures wait for their timestamp');
      });
      // The queue has no cron here (see plugins/queue.ts): a timer asks, the singleton key keeps it one job.
      schedule = setInterval(() => {
        requestRun().catch((error: unknown) =>
          log.error({ err: error }, 'Could not schedule the signature upgrades'),
        );
      }, EVERY_MS);
      schedule.unref();
    },
    close() {
      clearInterval(schedule);
    },
  };
}

export type SignatureUpgrades = ReturnType<typeof buildSignatureUpgrades>;
