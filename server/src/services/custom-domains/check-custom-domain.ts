// Looks up a custom domain's TXT and CNAME records now and stores what they say. The TXT record decides: matching
// the token verifies the domain (the CNAME's state is only reported: some DNS hosts flatten CNAMEs). A domain
// becoming verified is mailed to the account's owner (mailDomainVerified), whoever asked for the check.
import {
  VERIFICATION_RECORD_PREFIX,
  VERIFICATION_VALUE_PREFIX,
} from '@common/custom-domain-schemas';

import { customDomainVerifiedMail } from '../../mail/custom-domain-verified-mail';

import { TAKEN_MESSAGE } from './custom-domain-errors';
import { customOrigin, findCustomDomainRow, type CustomDomainRow } from './custom-domain-rows';
import { DnsLookupError, type DnsLookup } from './dns-lookup';

import type { Config } from '../../config';
import type { CustomDomainsTable, Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Kysely, Updateable } from 'kysely';

export interface CheckDeps {
  db: Kysely<Database>;
  dns: DnsLookup;
  mailer: Mailer;
  config: Pick<Config, 'CUSTOM_DOMAIN_TARGET' | 'CUSTOM_DOMAIN_SCHEME'>;
  log: { warn(details: object, message: string): void };
}

function dnsFailure(error: unknown): string {
  const code = error instanceof DnsLookupError ? ` (${error.code})` : '';
  return `DNS did not answer${code}: we will try again in a few minutes.`;
}

function txtProblem(domain: string, values: string[], expected: string): string {
  const name = `${VERIFICATION_RECORD_PREFIX}${domain}`;
  if (values.some((value) => value.startsWith(VERIFICATION_VALUE_PREFIX))) {
    return `The TXT record at ${name} has another token: set its value to ${expected}.`;
  }
  return 'TXT record not found yet — DNS can take a few minutes.';
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** The row after the check, and whether this check verified it. */
export async function checkCustomDomain(
  deps: CheckDeps,
  row: CustomDomainRow,
): Promise<{ row: CustomDomainRow; hasVerified: boolean }> {
  const { db, dns, config } = deps;
  const target = config.CUSTOM_DOMAIN_TARGET ?? '';
  const expected = `${VERIFICATION_VALUE_PREFIX}${row.token}`;
  const [txt, cname] = await Promise.allSettled([
    dns.txt(`${VERIFICATION_RECORD_PREFIX}${row.domain}`),
    dns.cname(row.domain),
  ]);
  const now = new Date();
  const change: Updateable<CustomDomainsTable> = {
    last_checked_at: now,
    updated_at: now,
    check_count: row.check_count + 1,
    ...(cname.status === 'fulfilled'
      ? {
          cname_state:
            cname.value.length === 0
              ? 'missing'
              : cname.value.includes(target)
                ? 'ok'
                : 'elsewhere',
          cname_value: cname.value[0] ?? null,
        }
      : {}),
  };
  const isMatch = txt.status === 'fulfilled' && txt.value.includes(expected);
  const problem =
    txt.status === 'rejected'
      ? dnsFailure(txt.reason)
      : isMatch
        ? null
        : txtProblem(row.domain, txt.value, expected);
  if (row.status === 'verified') {
    // Verified stays verified: the record proved control once, and the CNAME is what serves the pages.
    change.error = problem && `${problem} Keep the TXT record in place.`;
  } else if (isMatch) {
    Object.assign(change, { status: 'verified', verified_at: now, error: null });
  } else {
    change.error = problem;
    // Verify now on a domain whose 48 hours ran out starts them over.
    if (row.status === 'failed')
      Object.assign(change, { status: 'pending', pending_since: now, check_count: 1 });
  }

  const update = (values: Updateable<CustomDomainsTable>) =>
    db
      .updateTable('custom_domains')
      .set(values)
      .where('account_id', '=', row.account_id)
      // A PUT meanwhile gave the account another domain or token: this check is about the old one.
      .where('token', '=', row.token)
      .returningAll()
      .executeTakeFirst();
  let updated: CustomDomainRow | undefined;
  try {
    updated = await update(change);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another account verified the same domain first.
    updated = await update({
      ...change,
      status: 'failed',
      verified_at: null,
      error: TAKEN_MESSAGE,
    });
  }
  if (!updated)
    return { row: (await findCustomDomainRow(db, row.account_id)) ?? row, hasVerified: false };
  return { row: updated, hasVerified: row.status !== 'verified' && updated.status === 'verified' };
}

/** Tells the account's owner their domain is verified; a failure is logged, the domain stays verified. */
export async function mailDomainVerified(deps: CheckDeps, row: CustomDomainRow): Promise<void> {
  const owner = await deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', row.account_id)
    .executeTakeFirst();
  if (!owner) return;
  const origin = customOrigin(deps.config, row.domain);
  try {
    await deps.mailer.send(customDomainVerifiedMail(owner.email, row.domain, origin));
  } catch (error) {
    // The domain is verified either way; the mail is a courtesy.
    deps.log.warn({ err: error, domain: row.domain }, 'Could not send the custom domain mail');
  }
}
