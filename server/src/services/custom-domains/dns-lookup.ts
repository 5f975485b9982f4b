// The two DNS questions a custom domain's check asks, through node:dns's Resolver: the resolvers in DNS_SERVERS
// (the system's when unset), a short timeout, one retry. "No such record" is an answer (empty); a resolver that
// cannot be reached or fails is a DnsLookupError, so the check can say DNS did not answer rather than "not found".
import { Resolver } from 'node:dns/promises';

const TIMEOUT_MS = 2_000;
const TRIES = 2;

// The resolver's codes for "the name or the record does not exist".
const NO_ANSWER_CODES = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

export class DnsLookupError extends Error {
  constructor(readonly code: string) {
    super(`DNS lookup failed: ${code}`);
    this.name = 'DnsLookupError';
  }
}

export interface DnsLookup {
  /** Each TXT record's value, its character strings joined (a long value comes split in chunks of 255). */
  txt(name: string): Promise<string[]>;
  /** The names a CNAME at `name` points at, lower case and without a trailing dot. */
  cname(name: string): Promise<string[]>;
}

async function answer<T>(question: () => Promise<T[]>): Promise<T[]> {
  try {
    return await question();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    if (NO_ANSWER_CODES.has(code)) return [];
    throw new DnsLookupError(code);
  }
}

export function createDnsLookup(servers: readonly string[] | undefined): DnsLookup {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (servers && servers.length > 0) resolver.setServers(servers);
  return {
    txt: async (name) =>
      (await answer(() => resolver.resolveTxt(name))).map((chunks) => chunks.join('')),
    cname: async (name) =>
      (await answer(() => resolver.resolveCname(name))).map((target) =>
        target.toLowerCase().replace(/\.$/, ''),
      ),
  };
}
