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
  webhooks: VerificationDeps['webhooks'];
  config: Pick<Config, 'TSA_URL' | 'TSA_USERNAME' | 'TSA_PASSWORD' | 'TSA_TIMEOUT_SECONDS'>;
}

export interface UpgradeRun {
  upgraded: number;
  /** The TSA still failing (the rest wait for the next run). */
  problem: string | null;
  /** Records that could not be upgraded for another reason: they keep their signature as it is. */
  gaveUp: Array<{ code: string; reason: string }>;
}

/** A claimed record's timestamp_problem while a run upgrades it. */
const UPGRADING = 'upgrading since';

type Due = Awaited<ReturnType<typeof dueSignatures>>[number];

function dueSignatures(db: Kysely<Database>) {
  return db
    .selectFrom('verifications')
    .select(['id', 'user_id', 'code', 'secured_sha256', 'signature_level'])
    .select(['signature_certificate_sha256', 'timestamp_problem'])
    .where('timestamp_problem', 'is not', null)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
}

/** What became of one record: upgraded, left for the next run (the TSA still fails), or given up. */
type Outcome = { upgraded: true } | { tsaProblem: string } | { gaveUp: string };

// A claim marks the record as being upgraded (compare-and-set on the value read), so two runs never upgrade one
// record at once; a run that dies holding it leaves it still due, and the next run claims it again.
async function claim(db: Kysely<Database>, due: Due): Promise<boolean> {
  const claimed = await db
    .updateTable('verifications')
    .set({ timestamp_problem: `${UPGRADING} ${new Date().toISOString()}` })
    .where('id', '=', due.id)
    .where('timestamp_problem', '=', due.timestamp_problem)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

async function release(db: Kysely<Database>, id: string, problem: string | null): Promise<void> {
  await db
    .updateTable('verifications')
    .set({ timestamp_problem: problem })
    .where('id', '=', id)
    .execute();
}

async function upgradeOne(deps: SignatureUpgradeDeps, due: Due): Promise<Outcome> {
  const { db, storage } = deps;
  const key = verificationFileKeys(due.id).secured;
  const known = await deps.documentSigning.knownRevocations(due.signature_certificate_sha256!);
  const answer = await deps.securing.upgradeSignature(await storage.get(key), {
    level: due.signature_level!,
    known,
    timestamp: timestampSettings(deps.config)!,
  });
  if ('timestampProblem' in answer) {
    await release(db, due.id, answer.timestampProblem);
    return { tsaProblem: answer.timestampProblem };
  }
  const { upgraded } = answer;
  const bytes = Buffer.from(upgraded.bytes);
  // The file first, then the record: a crash between the two leaves the new file (which begins with the old one)
  // under a record that is still due, and the next run upgrades that file again.
  await storage.put(key, bytes);
  const saved = { type: 'verification-saved', code: due.code } as const;
  await db.transaction().execute(async (trx) => {
    await trx
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
      .execute();
    await deps.webhooks.emitVerificationEvent(trx, due.user_id, 'verification.updated', due.id);
    await deps.publicPages.publish(trx, saved);
  });
  deps.webhooks.wake();
  await deps.publicPages.apply(saved);
  return { upgraded: true };
}

/** One record claimed and upgraded; anything but the TSA failing (a missing file, a damaged one) gives it up. */
async function upgradeClaimed(deps: SignatureUpgradeDeps, due: Due): Promise<Outcome | null> {
  if (!(await claim(deps.db, due))) return null;
  try {
    return await upgradeOne(deps, due);
  } catch (error) {
    // Not retried: it would fail the same way every run and hold up the records behind it.
    await release(deps.db, due.id, null);
    return { gaveUp: (error as Error).message };
  }
}

/** Upgrades the oldest signatures still missing their timestamp, stopping at the first the TSA fails. */
export async function upgradeSignatures(deps: SignatureUpgradeDeps): Promise<UpgradeRun> {
  const run: UpgradeRun = { upgraded: 0, problem: null, gaveUp: [] };
  if (!deps.config.TSA_URL) return run;
  for (const due of await dueSignatures(deps.db)) {
    const outcome = await upgradeClaimed(deps, due);
    if (outcome === null) continue;
    if ('upgraded' in outcome) run.upgraded += 1;
    if ('gaveUp' in outcome) run.gaveUp.push({ code: due.code, reason: outcome.gaveUp });
    if ('tsaProblem' in outcome) return { ...run, problem: outcome.tsaProblem };
  }
  return run;
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
        if (run.gaveUp.length > 0)
          log.error(run, 'Signatures that could not be upgraded stay as they are');
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
