// `npm run verify`: checks a printed or downloaded document the way our scanner does, with no trust in the QR
// code's own site — decodes its QR code, verifies the seal offline against a trust list, checks the host the code
// points at and, when given, the original file against the signed hash; prints the facts and one verdict.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

import { z } from 'zod';

import {
  provenIdentity,
  ISSUER_PROOFS,
  issuerPhrase,
  issuerWords,
  WITHHELD_NAME_REASONS,
} from '@common/issuer-identity';
import { sealDocumentHash, type SealFacts } from '@common/seals/seal-format';
import {
  SEAL_KEY_STATUSES,
  TRUST_LIST_PATH,
  type TrustedKey,
  type TrustList,
} from '@common/seals/trust-list';
import {
  isTrustedHost,
  parseSealedUrl,
  verifySeal,
  type SealCheck,
  type SealedUrl,
} from '@common/seals/verify-seal';
import { DOCUMENT_CA_PATH } from '@common/verifications';

import { ConfigError, loadConfig, type Environment } from '../config';
import { detectDocumentType } from '../documents/detect-document-type';

import { isParseArgsError, type CommandOutput } from './cli-support';
import { loadDocumentCa, pdfSignatureOutcome } from './verify-pdf-signature';

import type { QrReadJob, QrReadOutcome } from './verify-qr-worker';

/**
 * Exit codes: 0 verified, issuer proven; 1 checked and not verified; 2 could not check (usage, file, trust list);
 * 3 the seal verifies but the account that signed only names itself (nothing proves who the issuer is).
 */
export const EXIT_VERIFIED = 0;
export const EXIT_NOT_VERIFIED = 1;
export const EXIT_CANNOT_CHECK = 2;
export const EXIT_ISSUER_NOT_VERIFIED = 3;

/** Limits that keep a heavy or hostile file from hanging the command. */
export const VERIFY_LIMITS = {
  maxFileBytes: 100 * 1024 * 1024,
  maxPages: 20,
  /** Per rendered PDF page or decoded image. */
  maxPixels: 25_000_000,
  decodeSeconds: 60,
  fetchSeconds: 15,
};

export const VERIFY_USAGE = `Usage:
  npm run verify -- <file.pdf|image.png|image.jpg> [--original <document>] [--jwks <trust-list.json>]
      [--ca <qrverify-ca.pem>] [--server <https://…>]

Reads the QR code of a secured document (a PDF, or a photo or scan of the print), verifies its seal offline and
prints what the seal states: issuer, holder, issue and expiry dates, code, when it was sealed and with which key.

  --original <file>  the original document: checked against the SHA-256 the seal signed.
  --jwks <file>      a saved trust list (${TRUST_LIST_PATH} of the service) to check against, with no network.
  --ca <file>        the service's document-signing CA (${DOCUMENT_CA_PATH}), with --jwks: to check a PDF's
                     signature with no network.
  --server <url>     the service whose trust list (and signing CA) to fetch; default: the PUBLIC_URL setting.

A PDF's own signature (PAdES) is checked too: it fails the check when the file was changed after it was signed.

The trust list always comes from --jwks or --server, never from the site the QR code points at: that site may be
a look-alike that would vouch for its own fakes. A code pointing anywhere but the service or the issuer's verified
custom domain is flagged. The seal proves what was issued; whether it was revoked since is on the live page.

A seal proves which key signed, not who the issuer is: the issuer is named as such only when a verified custom
domain or the service's operator vouches for it. Otherwise the account's own name is given as "an account calling
itself …", not verified.

Exit status: 0 when the seal verifies, the issuer is proven, the host is trusted and the original (if given)
matches; 1 when any check fails; 2 when the check could not run (unreadable file or trust list); 3 when everything
checks out but the issuer is not proven (a genuine signature from an account that only names itself: confirm with
the organisation before relying on it). PDFs: the first
${VERIFY_LIMITS.maxPages} pages are searched; files up to ${VERIFY_LIMITS.maxFileBytes / 1024 / 1024} MB, pages and images up to ${VERIFY_LIMITS.maxPixels / 1e6} megapixels.`;

/** Something that stops the check from running at all: printed without a stack trace, exit 2. */
class CannotCheckError extends Error {}

// The trust list is read from a file or a server we do not control the content of: check its shape before use.
const trustListSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('EC'),
      crv: z.literal('P-256'),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.literal('ES256'),
      use: z.literal('sig'),
      // Trust lists from before issuer identities have no issuer_proof and name in `issuer` what the account
      // calls itself: that name is read as declared, never as proven.
      issuer: z.string().nullable(),
      issuer_proof: z.enum(ISSUER_PROOFS).nullable().optional(),
      declared_name: z.string().nullable().optional(),
      declared_name_withheld: z.enum(WITHHELD_NAME_REASONS).nullable().optional(),
      custom_domain: z.string().nullable(),
      status: z.enum(SEAL_KEY_STATUSES),
      created_at: z.string(),
      retired_at: z.string().nullable(),
      revoked_at: z.string().nullable(),
      low_s_since: z.string().optional(),
    }),
  ),
  service_hosts: z.array(z.string()),
});

function parseTrustList(text: string, source: string): TrustList {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CannotCheckError(`The trust list from ${source} is not JSON.`);
  }
  const result = trustListSchema.safeParse(json);
  if (!result.success) {
    throw new CannotCheckError(
      `The trust list from ${source} is not one: it needs "keys" (P-256 keys with their issuer and status) ` +
        `and "service_hosts".`,
    );
  }
  return {
    ...result.data,
    keys: result.data.keys.map(
      ({ issuer, issuer_proof, declared_name, declared_name_withheld, ...key }) => ({
        ...key,
        ...provenIdentity({ issuer, issuer_proof, declared_name, declared_name_withheld }),
      }),
    ),
  };
}

async function readTrustListFile(file: string): Promise<TrustList> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CannotCheckError(`Cannot read the trust list ${file}: ${describeFileError(error)}`);
  }
  return parseTrustList(text, file);
}

async function fetchTrustList(server: string, output: CommandOutput): Promise<TrustList> {
  let url: URL;
  try {
    url = new URL(TRUST_LIST_PATH, server);
  } catch {
    throw new CannotCheckError(
      `--server takes the service's address, e.g. https://verify.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CannotCheckError(`--server takes an http(s) address, not ${server}.`);
  }
  let text: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(VERIFY_LIMITS.fetchSeconds * 1000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? 'no answer in time' : describeFetchError(error);
    throw new CannotCheckError(
      `Cannot fetch the trust list from ${url}: ${reason}. Check --server, or pass a saved copy with --jwks.`,
    );
  }
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    output.err(
      `Warning: the trust list came over plain HTTP; anyone on the way could have changed it.`,
    );
  }
  return parseTrustList(text, url.href);
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

function describeFileError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file.';
    case 'EACCES':
      return 'permission denied.';
    case 'EISDIR':
      return 'it is a folder.';
    default:
      return `${(error as Error).message}.`;
  }
}

/** The file, and its QR codes' texts read in a worker thread ended at the time limit. */
async function readQrCodes(
  file: string,
): Promise<Extract<QrReadOutcome, { ok: true }> & { bytes: Buffer; isPdf: boolean }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CannotCheckError(`Cannot read ${file}: ${describeFileError(error)}`);
  }
  if (bytes.length > VERIFY_LIMITS.maxFileBytes) {
    throw new CannotCheckError(
      `${file} is larger than ${VERIFY_LIMITS.maxFileBytes / 1024 / 1024} MB; export the page with the QR code.`,
    );
  }
  const contentType = detectDocumentType(bytes);
  if (!contentType) throw new CannotCheckError(`${file} is not a PDF, PNG or JPEG file.`);
  const job: QrReadJob = {
    bytes,
    contentType,
    maxPages: VERIFY_LIMITS.maxPages,
    maxPixels: VERIFY_LIMITS.maxPixels,
  };
  const outcome = await runQrWorker(job);
  if (!outcome.ok) throw new CannotCheckError(`Cannot read ${file}: ${outcome.message}`);
  return { ...outcome, bytes, isPdf: contentType === 'application/pdf' };
}

// The worker is TypeScript; a fresh thread has no loader, so it registers tsx before loading it (as piscina does
// for the securing pool), both under `npm run verify` and in jest.
const WORKER_SOURCE = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(path.join(__dirname, 'verify-qr-worker.ts'))});`;

function runQrWorker(job: QrReadJob): Promise<QrReadOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    const timer = setTimeout(() => {
      settle({
        ok: false,
        message: `decoding took longer than ${VERIFY_LIMITS.decodeSeconds} seconds; export the page with the QR code as an image.`,
      });
    }, VERIFY_LIMITS.decodeSeconds * 1000);
    let isSettled = false;
    function settle(outcome: QrReadOutcome) {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    }
    worker.once('message', settle);
    worker.once('error', (error) => settle({ ok: false, message: error.message }));
    worker.once('exit', () => settle({ ok: false, message: 'the decoder stopped unexpectedly.' }));
  });
}

/** One reason a code does not verify, with the words the verdict uses. */
interface Problem {
  kind:
    | 'foreign-host'
    | 'no-seal'
    | 'bad-seal'
    | 'unknown-key'
    | 'revoked-key'
    | 'different-record'
    | 'original-mismatch';
  message: string;
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function describeKey(key: TrustedKey): string {
  if (key.status === 'revoked' && key.revoked_at) {
    return `${key.kid}, revoked: seals made from ${formatTime(key.revoked_at)} on fail`;
  }
  if (key.status === 'retired' && key.retired_at) {
    return `${key.kid}, retired ${formatTime(key.retired_at)}: its earlier seals stay valid`;
  }
  return `${key.kid}, ${key.status}`;
}

/** The key holder's proven identity, or null when the account only names itself. */
function provenName(key: TrustedKey): string | null {
  const { isProven, name } = issuerWords(key);
  return isProven ? name : null;
}

function sealProblem(check: SealCheck, url: SealedUrl): Problem | null {
  switch (check.state) {
    case 'verified':
      return null;
    case 'missing':
      return {
        kind: 'no-seal',
        message:
          'The QR code carries no seal, so nothing can be checked offline (codes made before sealing, or by a ' +
          'template with sealing off, have none). Open the link only if its host is trusted.',
      };
    case 'malformed':
      return {
        kind: 'bad-seal',
        message:
          'The seal is damaged or not a seal at all: its digits do not decode. Treat it as forged.',
      };
    case 'invalid':
      return {
        kind: 'bad-seal',
        message:
          'The seal does not verify: the signature does not match the facts or the host the code points at. ' +
          'Something was changed after signing; treat the document as forged.',
      };
    case 'unknown-key':
      return {
        kind: 'unknown-key',
        message:
          `The seal names key ${check.facts.kid}, which is not in the trust list: a forgery, or a trust list ` +
          'older than the key. Fetch a fresh trust list and check again.',
      };
    case 'key-revoked':
      return {
        kind: 'revoked-key',
        message:
          `The seal was made at ${formatTime(check.facts.sealedAt)} with key ${check.key.kid}, which ` +
          `${provenName(check.key) ?? 'its issuer'} revoked from ${formatTime(check.key.revoked_at ?? '')}: it no longer vouches for it.`,
      };
    case 'different-record':
      return {
        kind: 'different-record',
        message:
          `The seal belongs to verification ${check.facts.code}, not to ${url.code ?? 'this link'}: a genuine seal ` +
          'copied onto another code.',
      };
  }
}

function hostProblem(url: SealedUrl, trustList: TrustList, key?: TrustedKey): Problem | null {
  if (isTrustedHost(url.host, trustList, key)) return null;
  const own = trustList.service_hosts.join(', ');
  const custom = key?.custom_domain
    ? ` nor the signing account's verified domain ${key.custom_domain}`
    : '';
  return {
    kind: 'foreign-host',
    message:
      `The QR code points at ${url.host}, which is neither the service (${own})${custom}: a look-alike site. ` +
      'Do not trust what its page says.',
  };
}

function describeHost(url: SealedUrl, trustList: TrustList, key?: TrustedKey): string {
  if (isTrustedHost(url.host, trustList)) return `${url.host} (the service's own)`;
  if (isTrustedHost(url.host, trustList, key))
    return `${url.host} (the signing account's verified domain)`;
  return `${url.host} (NOT TRUSTED)`;
}

interface Original {
  file: string;
  /** Hex of its SHA-256. */
  sha256: string;
}

function originalProblem(original: Original, facts: SealFacts): Problem | null {
  if (sealDocumentHash(original.sha256) === facts.documentHash) return null;
  return {
    kind: 'original-mismatch',
    message:
      `${original.file} is not the document this code was issued for: its SHA-256 begins ` +
      `${sealDocumentHash(original.sha256)}, the seal signed ${facts.documentHash}.`,
  };
}

function shortUrl(text: string, url: SealedUrl): string {
  if (url.seal.length <= 12) return text;
  const base = text.slice(0, text.indexOf('#'));
  return `${base}#${url.seal.slice(0, 6)}…${url.seal.slice(-4)} (${url.seal.length} digits)`;
}

function factLines(check: SealCheck, url: SealedUrl, trustList: TrustList): string[] {
  const key = 'key' in check ? check.key : undefined;
  const lines = [`  Host:       ${describeHost(url, trustList, key)}`];
  if (!('facts' in check)) return lines;
  const { facts } = check;
  const today = new Date().toISOString().slice(0, 10);
  const expiry = facts.expiryDate
    ? `${facts.expiryDate}${facts.expiryDate < today ? ' (expired)' : ''}`
    : 'does not expire';
  return [
    `  Issuer:     ${key ? issuerPhrase(key) : 'unknown (key not in the trust list)'}`,
    `  Holder:     ${facts.holderName}`,
    `  Issued:     ${facts.issueDate}`,
    `  Expires:    ${expiry}`,
    `  Code:       ${facts.code}`,
    `  Sealed at:  ${formatTime(facts.sealedAt)}`,
    `  Key:        ${key ? describeKey(key) : `${facts.kid}, not in the trust list`}`,
    ...lines,
  ];
}

/** What one link amounted to: everything checks out, all but who the issuer is, or something failed. */
type LinkVerdict = 'verified' | 'issuer-not-verified' | 'not-verified';

/** Checks one verification link; prints its facts, problems and verdict. */
async function checkLink(
  text: string,
  url: SealedUrl,
  trustList: TrustList,
  original: Original | null,
  output: CommandOutput,
): Promise<LinkVerdict> {
  const check = await verifySeal(url, trustList);
  const key = 'key' in check ? check.key : undefined;
  output.out(`QR code: ${shortUrl(text, url)}`);
  for (const line of factLines(check, url, trustList)) output.out(line);
  if (original) {
    const matches = 'facts' in check && !originalProblem(original, check.facts);
    output.out(
      `  Original:   ${original.file} ${'facts' in check ? (matches ? 'matches the signed hash' : 'DOES NOT MATCH') : '(no seal to check it against)'}`,
    );
  }
  const problems = [
    hostProblem(url, trustList, key),
    sealProblem(check, url),
    original && 'facts' in check ? originalProblem(original, check.facts) : null,
  ].filter((problem): problem is Problem => problem !== null);
  for (const problem of problems.slice(1)) output.out(`  Also: ${problem.message}`);
  if (problems.length > 0) {
    output.out(`NOT VERIFIED: ${problems[0].message}`);
    return 'not-verified';
  }
  const { facts, key: signer } = check as Extract<SealCheck, { state: 'verified' }>;
  const checked = original
    ? 'the signature, the host and the original'
    : 'the signature and the host';
  const live = 'Open the link for the live status (revoked or replaced since).';
  if (issuerWords(signer).isProven) {
    output.out(
      `VERIFIED: sealed by ${issuerPhrase(signer)} for ${facts.holderName}; ${checked} check out. ${live}`,
    );
    return 'verified';
  }
  // Anyone can open an account and call it anything: a genuine signature from it is not the organisation's word.
  output.out(
    `SIGNATURE VERIFIED, ISSUER NOT VERIFIED: issued by ${issuerPhrase(signer)} for ${facts.holderName}; ` +
      `${checked} check out, but nothing proves who the account is: confirm with the organisation through ` +
      `contact details you already trust. ${live}`,
  );
  return 'issuer-not-verified';
}

interface VerifyArgs {
  file: string;
  original?: string;
  jwks?: string;
  ca?: string;
  server?: string;
}

function parseVerifyArgs(argv: string[], cwd: string): VerifyArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      original: { type: 'string' },
      jwks: { type: 'string' },
      ca: { type: 'string' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) {
    throw new CannotCheckError(`Name one file to check.\n\n${VERIFY_USAGE}`);
  }
  if (values.jwks && values.server) {
    throw new CannotCheckError('Give either --jwks (a saved trust list) or --server, not both.');
  }
  // npm runs scripts from the package folder; paths are the user's, relative to where they typed the command.
  const resolve = (file: string | undefined) => file && path.resolve(cwd, file);
  return {
    file: resolve(positionals[0])!,
    original: resolve(values.original),
    jwks: resolve(values.jwks),
    ca: resolve(values.ca),
    server: values.server,
  };
}

async function hashOriginal(file: string): Promise<Original> {
  try {
    const bytes = await readFile(file);
    return { file, sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch (error) {
    throw new CannotCheckError(`Cannot read the original ${file}: ${describeFileError(error)}`);
  }
}

function defaultServer(env: Environment): string {
  try {
    return loadConfig(env).PUBLIC_URL;
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new CannotCheckError(`${error.message}\nOr name the service with --server.`);
    }
    throw error;
  }
}

async function verifyDocument(args: VerifyArgs, env: Environment, output: CommandOutput) {
  const original = args.original ? await hashOriginal(args.original) : null;
  const server = args.jwks ? undefined : (args.server ?? defaultServer(env));
  const trustList = server
    ? await fetchTrustList(server, output)
    : await readTrustListFile(args.jwks!);
  const found = await readQrCodes(args.file);
  const signature = found.isPdf
    ? pdfSignatureOutcome(found.bytes, await loadDocumentCa({ file: args.ca, server }, output))
    : null;
  if (signature) output.out(`PDF signature: ${signature.line}`);
  const searched =
    found.pagesSearched < found.pageCount
      ? ` (searched the first ${found.pagesSearched} of ${found.pageCount} pages)`
      : '';
  const links = found.texts
    .map((text) => ({ text, url: parseSealedUrl(text) }))
    .filter((link): link is { text: string; url: SealedUrl } =>
      Boolean(link.url && (link.url.seal || link.url.code)),
    );
  if (links.length === 0) {
    output.out(
      found.texts.length === 0
        ? `NOT VERIFIED: no QR code found in ${args.file}${searched}.`
        : `NOT VERIFIED: no verification QR code found in ${args.file}${searched}; only ${found.texts.join(', ')}`,
    );
    return EXIT_NOT_VERIFIED;
  }
  const verdicts: LinkVerdict[] = [];
  for (const [index, { text, url }] of links.entries()) {
    if (index > 0) output.out('');
    verdicts.push(await checkLink(text, url, trustList, original, output));
  }
  if (signature?.problem) {
    output.out(`NOT VERIFIED: ${signature.problem}.`);
    return EXIT_NOT_VERIFIED;
  }
  // The weakest link decides: a failure over an unproven issuer over a full verification.
  if (verdicts.includes('not-verified')) return EXIT_NOT_VERIFIED;
  if (verdicts.includes('issuer-not-verified')) return EXIT_ISSUER_NOT_VERIFIED;
  return EXIT_VERIFIED;
}

/**
 * The whole command as `npm run verify` runs it (verify.ts only adds the process around it). `env` gives the
 * default server (PUBLIC_URL) and INIT_CWD, where npm was run from.
 */
export async function runVerifyCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  try {
    const args = parseVerifyArgs(argv, env.INIT_CWD ?? process.cwd());
    if (args === 'help') {
      output.out(VERIFY_USAGE);
      return EXIT_VERIFIED;
    }
    return await verifyDocument(args, env, output);
  } catch (error) {
    if (!(error instanceof CannotCheckError || isParseArgsError(error))) throw error;
    output.err((error as Error).message);
    return EXIT_CANNOT_CHECK;
  }
}
