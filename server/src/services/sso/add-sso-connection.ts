import { sql } from 'kysely';

import type { Database, SsoConnection } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface NewSsoConnection {
  name: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
}

/** A problem with the connection as given; the CLI prints the message. */
export class SsoConnectionError extends Error {
  override name = 'SsoConnectionError';
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function normaliseDomains(domains: string[]): string[] {
  const cleaned = [
    ...new Set(domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))),
  ].filter((domain) => domain !== '');
  if (cleaned.length === 0) throw new SsoConnectionError('Give at least one email domain.');
  const invalid = cleaned.filter((domain) => !DOMAIN.test(domain));
  if (invalid.length > 0) {
    throw new SsoConnectionError(`Not an email domain: ${invalid.join(', ')}.`);
  }
  return cleaned;
}

function checkIssuer(issuerUrl: string): string {
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    throw new SsoConnectionError(`The issuer must be a URL: ${issuerUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SsoConnectionError('The issuer must be an https:// URL.');
  }
  return issuerUrl.trim();
}

/** Adds an OpenID Connect provider for some email domains; a name or domain already in use is refused. */
export async function addSsoConnection(
  db: Kysely<Database>,
  connection: NewSsoConnection,
): Promise<SsoConnection> {
  const name = connection.name.trim();
  if (name === '') throw new SsoConnectionError('Give the connection a name.');
  if (/^\d+$/.test(name)) {
    throw new SsoConnectionError('A name cannot be only digits (it would read as an id).');
  }
  if (connection.clientId.trim() === '' || connection.clientSecret === '') {
    throw new SsoConnectionError('Give the client id and client secret the provider issued.');
  }
  const domains = normaliseDomains(connection.emailDomains);
  const issuerUrl = checkIssuer(connection.issuerUrl);

  const sameName = await db
    .selectFrom('sso_connections')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (sameName) throw new SsoConnectionError(`A connection named "${name}" already exists.`);
  const claimed = await db
    .selectFrom('sso_connections')
    .select(['name', 'email_domains'])
    .where(sql<boolean>`email_domains && ${sql.val(domains)}::text[]`)
    .execute();
  if (claimed.length > 0) {
    const taken = claimed.flatMap((row) =>
      row.email_domains
        .filter((domain) => domains.includes(domain))
        .map((d) => `${d} (${row.name})`),
    );
    throw new SsoConnectionError(`Already set up for another connection: ${taken.join(', ')}.`);
  }

  return db
    .insertInto('sso_connections')
    .values({
      name,
      issuer_url: issuerUrl,
      client_id: connection.clientId.trim(),
      client_secret: connection.clientSecret,
      email_domains: domains,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
