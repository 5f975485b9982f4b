// The custom domain services, built once with their dependencies (see plugins/services.ts): an account's domain
// (set, checked now, removed), its background re-checks while pending, and the lookups serving needs (which
// account a Host belongs to; whether Caddy may get a certificate for a name), cached briefly and forgotten on every
// instance when a domain changes (a dependent of the public-page cache, which carries the change to them all).
import { randomBytes } from 'node:crypto';

import { CUSTOM_DOMAIN_LIMITS, type CustomDomain } from '@common/custom-domain-schemas';

import { ExpiringCache } from '../../lib/expiring-cache';
import { isUuid } from '../../lib/uuid';
import { forgetAccountPublicPages } from '../account/forget-account-public-pages';

import { checkCustomDomain, mailDomainVerified } from './check-custom-domain';
import { customDomainErrors } from './custom-domain-errors';
import { checkingUntil, findCustomDomainRow, toCustomDomain } from './custom-domain-rows';
import { createDnsLookup, type DnsLookup } from './dns-lookup';
import { isApexDomain, normalizeDomain } from './normalize-domain';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Queue, QueuePolicy } from '../../queue/queue';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface CustomDomainDeps {
  db: Kysely<Database>;
  queue: Queue;
  mailer: Mailer;
  config: Config;
  /** The account's plan: a custom domain is a feature of some plans. */
  planLimits: PlanLimitChecks;
  /** The trust list names each account's verified domain: told when one is verified, replaced or removed. */
  publicPages: Pick<PublicPageCache, 'publish' | 'apply' | 'addDependent'>;
  /** The DNS questions; by default node:dns asking DNS_SERVERS. */
  dns?: DnsLookup;
}

/** A verified custom domain and the account whose pages it serves. */
export interface DomainOwner {
  accountId: string;
  domain: string;
}

export const CUSTOM_DOMAIN_QUEUE = 'custom-domain-check';

// Hosts change rarely. A domain's change reaches every instance's cache at once; what no change names (a code
// printed on a removed domain, found by the fallback below) shows within this long.
const HOST_CACHE_MS = 60_000;

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The host names this server answers as itself: PUBLIC_URL's, and loopback for local use and health checks. */
export function ownHostNames(config: Pick<Config, 'PUBLIC_URL'>): Set<string> {
  return new Set([new URL(config.PUBLIC_URL).hostname, 'localhost', '127.0.0.1', '[::1]']);
}

export function buildCustomDomainServices(deps: CustomDomainDeps) {
  const { db, queue, config } = deps;
  const dns = deps.dns ?? createDnsLookup(config.DNS_SERVERS);
  let log: Log = { warn: () => undefined, error: () => undefined };
  const checkDeps = () => ({ db, dns, mailer: deps.mailer, config, log });
  const ownHosts = ownHostNames(config);
  if (config.CUSTOM_DOMAIN_TARGET) ownHosts.add(config.CUSTOM_DOMAIN_TARGET);

  const owners = new ExpiringCache<DomainOwner>({
    maxAgeMs: HOST_CACHE_MS,
    load: async (domain) => {
      const row = await db
        .selectFrom('custom_domains')
        .select(['account_id', 'domain'])
        .where('domain', '=', domain)
        .where('status', '=', 'verified')
        .executeTakeFirst();
      if (row) return { accountId: row.account_id, domain: row.domain };
      // A domain its account removed or replaced keeps serving the codes printed with it, for as long as its DNS
      // points here: they were issued on it, and nobody else has verified it since.
      const printed = await db
        .selectFrom('verifications')
        .select('user_id')
        .where('public_origin', 'in', [`https://${domain}`, `http://${domain}`])
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return printed ? { accountId: printed.user_id, domain } : null;
    },
  });

  // A template never changes account, so this can be kept as long as it is used.
  const templateAccounts = new ExpiringCache<string>({
    load: async (id) =>
      (await db.selectFrom('templates').select('user_id').where('id', '=', id).executeTakeFirst())
        ?.user_id ?? null,
  });

  deps.publicPages.addDependent({
    apply: (change) => {
      if (change.type === 'custom-domain-changed') owners.forget(change.domain);
    },
    flush: () => owners.clear(),
  });

  const domainChange = (domain: string) => ({ type: 'custom-domain-changed', domain }) as const;

  /** A verified domain is the account's proven identity: its pages name it by the domain, or stop to. */
  async function issuerProofChanged(accountId: string): Promise<void> {
    await forgetAccountPublicPages(db, accountId, async (change) => {
      await deps.publicPages.publish(db, change);
      await deps.publicPages.apply(change);
    });
  }

  /**
   * Host lookups and the trust list (which names verified domains) see a domain a check verified. The check's
   * write is a statement of its own (checkCustomDomain, which may retry it): the change is published right after.
   */
  async function domainVerified(domain: string): Promise<void> {
    await deps.publicPages.publish(db, domainChange(domain));
    await deps.publicPages.apply(domainChange(domain));
  }

  /** One check per interval; a retry after a DNS hiccup soon, and a job that died is expired in a minute. */
  const policy: QueuePolicy = {
    policy: 'stately',
    expireInSeconds: 60,
    retryLimit: 3,
    retryDelay: 30,
  };

  const scheduleCheck = (accountId: string) =>
    queue.send(
      CUSTOM_DOMAIN_QUEUE,
      { account_id: accountId },
      { singletonKey: accountId, startAfterSeconds: config.CUSTOM_DOMAIN_RECHECK_SECONDS },
    );

  function requireEnabled(): void {
    if (!config.CUSTOM_DOMAIN_TARGET) throw customDomainErrors.off();
  }

  /** The background check: while pending and within 48 hours, check and come back after the interval. */
  async function recheck(accountId: string): Promise<void> {
    const row = await findCustomDomainRow(db, accountId);
    if (!row || row.status !== 'pending' || !config.CUSTOM_DOMAIN_TARGET) return;
    if (Date.now() >= checkingUntil(row).getTime()) {
      await db
        .updateTable('custom_domains')
        .set({
          status: 'failed',
          error: `The TXT record was not found within ${CUSTOM_DOMAIN_LIMITS.pending_hours} hours. Check it and press Verify now.`,
          updated_at: new Date(),
        })
        .where('account_id', '=', accountId)
        .where('token', '=', row.token)
        .where('status', '=', 'pending')
        .execute();
      return;
    }
    const checked = await checkCustomDomain(checkDeps(), row);
    if (checked.hasVerified) {
      await domainVerified(checked.row.domain);
      await issuerProofChanged(accountId);
      await mailDomainVerified(checkDeps(), checked.row);
    }
    if (checked.row.status === 'pending') await scheduleCheck(accountId);
  }

  return {
    /** Defines the queue and starts working it; the app calls this once it is ready. */
    async startWorking(appLog: Log) {
      log = appLog;
      await queue.define(CUSTOM_DOMAIN_QUEUE, policy);
      await queue.work<{ account_id: string }>(CUSTOM_DOMAIN_QUEUE, ({ data }) =>
        recheck(data.account_id),
      );
    },

    async get(accountId: string): Promise<CustomDomain> {
      return toCustomDomain(await findCustomDomainRow(db, accountId), config);
    },

    /** A new domain (or the same one again): pending, with a fresh token, checked in the background. */
    async set(accountId: string, typed: string): Promise<CustomDomain> {
      requireEnabled();
      // A domain set on an earlier plan keeps serving: the codes printed with it must keep working.
      await deps.planLimits.requireFeature(db, accountId, 'custom_domain');
      const domain = normalizeDomain(typed);
      if (!domain) throw customDomainErrors.notHostName();
      if (ownHosts.has(domain)) throw customDomainErrors.ours();
      if (isApexDomain(domain)) throw customDomainErrors.apex();
      const taken = await db
        .selectFrom('custom_domains')
        .select('account_id')
        .where('domain', '=', domain)
        .where('status', '=', 'verified')
        .where('account_id', '!=', accountId)
        .executeTakeFirst();
      if (taken) throw customDomainErrors.taken();
      const previous = await findCustomDomainRow(db, accountId);
      const now = new Date();
      const values = {
        domain,
        status: 'pending' as const,
        token: randomBytes(16).toString('hex'),
        verified_at: null,
        last_checked_at: null,
        error: null,
        cname_state: 'unchecked' as const,
        cname_value: null,
        check_count: 0,
        pending_since: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('custom_domains')
          .values({ account_id: accountId, ...values })
          .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
          .execute();
        if (previous) await deps.publicPages.publish(trx, domainChange(previous.domain));
      });
      if (previous) await deps.publicPages.apply(domainChange(previous.domain));
      if (previous?.status === 'verified') await issuerProofChanged(accountId);
      await scheduleCheck(accountId);
      return this.get(accountId);
    },

    /**
     * Looks the records up now (Verify now); a pending domain keeps being re-checked in the background. When this
     * check verified the domain, sendMail tells the owner (after the answer).
     */
    async verify(
      accountId: string,
    ): Promise<{ customDomain: CustomDomain; sendMail: (() => Promise<void>) | null }> {
      requireEnabled();
      const row = await findCustomDomainRow(db, accountId);
      if (!row) throw customDomainErrors.noDomain();
      const checked = await checkCustomDomain(checkDeps(), row);
      if (checked.hasVerified) {
        await domainVerified(checked.row.domain);
        await issuerProofChanged(accountId);
      }
      if (checked.row.status === 'pending') await scheduleCheck(accountId);
      return {
        customDomain: toCustomDomain(checked.row, config),
        sendMail: checked.hasVerified ? () => mailDomainVerified(checkDeps(), checked.row) : null,
      };
    },

    /** Back to our host: new codes carry PUBLIC_URL again; printed ones keep theirs (and their domain). */
    async remove(accountId: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('custom_domains')
          .where('account_id', '=', accountId)
          .returning('domain')
          .executeTakeFirst();
        if (row) await deps.publicPages.publish(trx, domainChange(row.domain));
        return row;
      });
      if (removed) {
        await deps.publicPages.apply(domainChange(removed.domain));
        await issuerProofChanged(accountId);
      }
    },

    /**
     * The custom domain a Host names and its account: a verified one, or one removed with codes printed on it;
     * null for any other name (or when custom domains are off).
     */
    async findDomainOwner(host: string): Promise<DomainOwner | null> {
      if (!config.CUSTOM_DOMAIN_TARGET) return null;
      const domain = normalizeDomain(host);
      return domain ? owners.get(domain) : null;
    },

    /** Whether the template is the account's (a custom domain serves only its own account's logos). */
    async isAccountTemplate(accountId: string, templateId: string): Promise<boolean> {
      if (!isUuid(templateId)) return false;
      return (await templateAccounts.get(templateId.toLowerCase())) === accountId;
    },
  };
}

export type CustomDomainServices = ReturnType<typeof buildCustomDomainServices>;
