// The public page's verdict matrix (docs/public-page.md), cell by cell: the table in the doc is what pageVerdict
// decides; each cell rendered as a reader's browser ends up showing it (the server's page, then the seal check's
// decision written over it, then the copy check's answers); and the seal check script, bundled as the app serves
// it, reaching each seal state from real seals in the address. Then the doc's table of who issued it: each issuer
// identity's seal line and status sentence, the same three ways.
import { createHash, generateKeyPairSync, sign, webcrypto, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { JSDOM } from 'jsdom';

import { declaredOnly, issuerPhrase, type IssuerIdentity } from '@common/issuer-identity';
import { ICONS } from '@common/public-page/icons';
import {
  MISSING_SEAL_LINE,
  pageVerdict,
  type PageRecordState,
  type PageVerdict,
} from '@common/public-page/page-verdict';
import { sealMessage, type SealCheckOutcome } from '@common/public-page/seal-messages';
import { renderVerificationPage } from '@common/public-page/verification-page';
import {
  encodeSeal,
  encodeSealPayload,
  signedMessage,
  toLowS,
  type SealFacts,
} from '@common/seals/seal-format';
import type { TrustedKey, TrustList } from '@common/seals/trust-list';
import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';
import type { PublicVerification } from '@common/verifications-schemas';

import { loadPageAssets, SEAL_CHECK_SCRIPT } from '../../src/pages/page-assets';
import { showVerdict, VERDICT_CHANGED_EVENT } from '../../src/pages/scripts/show-verdict';

const HOST = 'verify.example.com';
const CODE = 'abcdefghijkmnpqr';
const OTHER_CODE = 'zyxwvutsrqpnmkjh';
const ORIGINAL = Buffer.from('%PDF-1.7 the original diploma');
const SECURED = Buffer.from('%PDF-1.7 the secured diploma with its QR code');
const FORGED = Buffer.from('%PDF-1.7 a forged diploma');
const COPY_SCRIPT = path.join(
  __dirname,
  '..',
  '..',
  'src',
  'pages',
  'assets',
  'verification-page.js',
);
const SCANNER_URL = `https://${HOST}/scan`;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The text a reader sees: without the parts the page keeps hidden. */
function visibleText(element: Element | null | undefined): string {
  const shown = element?.cloneNode(true) as Element | undefined;
  shown?.querySelectorAll('[hidden]').forEach((hidden) => hidden.remove());
  return text(shown);
}

// ---- The seal states, as the verifier reports them ----

const FACTS: SealFacts = {
  version: 1,
  kid: 'AAECAwQFBgc',
  code: CODE,
  documentHash: sha256(ORIGINAL).slice(0, 32),
  issueDate: '2025-03-05',
  expiryDate: null,
  sealedAt: '2025-03-05T09:30:00.000Z',
  holderName: 'Ada Lovelace',
};

/** The matrix is drawn for a proven issuer (docs/public-page.md); 'Who issued it' below takes each identity. */
const PROVEN: IssuerIdentity = {
  issuer: 'University of Examples',
  issuer_proof: 'operator',
  declared_name: 'University of Examples',
  declared_name_withheld: null,
};

const KEY: TrustedKey = {
  kty: 'EC',
  crv: 'P-256',
  x: 'x',
  y: 'y',
  kid: FACTS.kid,
  alg: 'ES256',
  use: 'sig',
  ...PROVEN,
  custom_domain: null,
  status: 'active',
  created_at: '2025-01-01T00:00:00.000Z',
  retired_at: null,
  revoked_at: null,
};

/** The doc's names for the seal states, and what the verifier says for each (several for 'invalid'). */
const SEALS: Record<string, SealCheckOutcome[]> = {
  'present and valid': [{ state: 'verified', facts: FACTS, key: KEY }],
  absent: [{ state: 'missing' }],
  invalid: [
    { state: 'invalid', facts: FACTS, key: KEY },
    { state: 'malformed' },
    { state: 'unknown-key', facts: FACTS },
  ],
  "another record's": [
    { state: 'different-record', facts: { ...FACTS, code: OTHER_CODE }, key: KEY },
  ],
  'revoked key': [
    { state: 'key-revoked', facts: FACTS, key: { ...KEY, revoked_at: '2025-01-01T00:00:00Z' } },
  ],
  'could not be checked': [{ state: 'unchecked' }],
};

const SEALS_BY_STATE: Record<string, SealCheckOutcome> = Object.fromEntries(
  Object.values(SEALS)
    .flat()
    .map((seal) => [seal.state, seal]),
);

const STATES: Record<string, PageRecordState> = {
  valid: 'active',
  revoked: 'revoked',
  expired: 'expired',
  withdrawn: 'withdrawn',
  'not found': 'not-found',
};

// ---- The matrix as docs/public-page.md writes it ----

interface MatrixRow {
  status: string;
  seal: string;
  headline: string;
  colour: string;
  under: string;
  download: string;
  fileMatches: string;
  fileDoesNotMatch: string;
}

function documentedMatrix(): MatrixRow[] {
  const doc = readFileSync(
    path.join(__dirname, '..', '..', '..', 'docs', 'public-page.md'),
    'utf8',
  );
  const table = doc.slice(doc.indexOf('## The matrix'), doc.indexOf('### The rules behind it'));
  return table
    .split('\n')
    .filter((line) => /^\| (?!status|-)/.test(line))
    .map((line) => {
      const [status, seal, headline, colour, under, download, fileMatches, fileDoesNotMatch] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { status, seal, headline, colour, under, download, fileMatches, fileDoesNotMatch };
    });
}

interface Cell {
  name: string;
  state: PageRecordState;
  isSealed: boolean;
  seal: SealCheckOutcome;
  row: MatrixRow;
}

/** Every cell a row stands for: 'any' seal is each of them, 'absent' on its own is both sealed and not. */
function cellsOf(row: MatrixRow): Cell[] {
  const [sealName, sealedNote] = row.seal.split(', ');
  const seals = sealName === 'any' ? Object.values(SEALS).flat() : SEALS[sealName];
  if (!seals) throw new Error(`The doc names a seal state this test does not know: ${row.seal}`);
  const sealedness =
    sealedNote === 'sealed' ? [true] : sealedNote === 'not sealed' ? [false] : [true, false];
  return seals.flatMap((seal) =>
    sealedness.map((isSealed) => ({
      name: `${row.status} · ${seal.state}${isSealed ? ' · sealed' : ' · not sealed'}`,
      state: STATES[row.status],
      isSealed,
      seal,
      row,
    })),
  );
}

/** What the doc's "under the headline" column says, as the verdict's parts. */
function expectedUnder(under: string) {
  const [sentence, sealPart] = under.split(' · ');
  const sealLine: Record<string, { icon: string; hasAdvice: boolean } | null> = {
    'seal verified, signed facts': { icon: 'shield', hasAdvice: true },
    'seal verified: genuine but revoked': { icon: 'shield', hasAdvice: true },
    'seal verified: genuine but expired': { icon: 'shield', hasAdvice: true },
    'no seal: what to do': { icon: 'info', hasAdvice: true },
    "the seal's failure, what to do": { icon: 'alert', hasAdvice: true },
    "the seal's failure": { icon: 'alert', hasAdvice: false },
    'not checked: reload or use the scanner': { icon: 'info', hasAdvice: true },
  };
  if (sealPart && !(sealPart in sealLine))
    throw new Error(`Unknown seal line in the doc: ${sealPart}`);
  return {
    statusLine: sentence === 'seal-failed sentence' ? 'seal-failed' : 'status',
    seal: sealPart ? sealLine[sealPart] : null,
  };
}

function summary(verdict: PageVerdict) {
  return {
    headline: verdict.headline,
    colour: verdict.tone,
    statusLine: verdict.statusLine,
    seal: verdict.seal && { icon: verdict.seal.icon, hasAdvice: verdict.seal.advice !== null },
    download: verdict.download,
    fileMatches: verdict.copyCheck
      ? { green: 'green', neutral: 'grey' }[verdict.copyCheck.matchTone]
      : '—',
    fileDoesNotMatch: verdict.copyCheck ? 'red' : '—',
  };
}

const matrix = documentedMatrix();
const cells = matrix.flatMap(cellsOf);
const namedCells = cells.map((cell) => [cell.name, cell] as const);

test('the doc has a row for every status and seal state', () => {
  for (const status of Object.keys(STATES)) {
    const seals = matrix
      .filter((row) => row.status === status)
      .map((row) => row.seal.split(', ')[0]);
    if (seals.includes('any')) continue;
    expect([status, [...new Set(seals)].sort()]).toEqual([status, Object.keys(SEALS).sort()]);
  }
  // Each cell once: 5 statuses × 8 seal states (3 of them 'invalid'), sealed or not.
  expect(new Set(cells.map((cell) => cell.name)).size).toBe(cells.length);
  expect(cells).toHaveLength(5 * 8 * 2);
});

describe('pageVerdict decides each cell as docs/public-page.md says', () => {
  test.each(namedCells)('%s', (_name, cell) => {
    const { row } = cell;
    const under = expectedUnder(row.under);

    expect(summary(pageVerdict(cell))).toEqual({
      headline: row.headline,
      colour: row.colour,
      statusLine: under.statusLine,
      // An unsealed verification has nothing to say about an address without a seal.
      seal: cell.seal.state === 'missing' && !cell.isSealed ? null : under.seal,
      download: row.download,
      fileMatches: row.fileMatches,
      fileDoesNotMatch: row.fileDoesNotMatch,
    });
  });

  test('"signature verified" shows under a green headline only on a valid verification', () => {
    const verified = cells.filter((cell) => cell.seal.state === 'verified');
    expect(verified.length).toBeGreaterThan(0);
    for (const cell of verified) {
      const verdict = pageVerdict(cell);
      expect([cell.name, verdict.tone === 'green']).toEqual([cell.name, cell.state === 'active']);
    }
  });

  test("only a valid verification's headline depends on the seal", () => {
    for (const cell of cells.filter((each) => each.state !== 'active')) {
      const withoutSeal = pageVerdict({ ...cell, seal: { state: 'pending' } });
      expect([cell.name, pageVerdict(cell).headline]).toEqual([cell.name, withoutSeal.headline]);
    }
  });

  test('the server, which never sees the seal, holds back only a sealed, valid verification', () => {
    const held = Object.entries(STATES).flatMap(([status, state]) =>
      [true, false]
        .filter(
          (isSealed) => pageVerdict({ state, isSealed, seal: { state: 'pending' } }).awaitsSeal,
        )
        .map((isSealed) => `${status}${isSealed ? ', sealed' : ''}`),
    );
    expect(held).toEqual(['valid, sealed']);
  });
});

// ---- Each cell rendered ----

function verification(
  state: PageRecordState,
  isSealed: boolean,
  issuer: PublicVerification['issuer'] = { name: 'University of Examples', ...PROVEN },
): PublicVerification | null {
  if (state === 'withdrawn' || state === 'not-found') return null;
  return {
    code: CODE,
    status: state,
    title: 'Bachelor of Science in Chemistry',
    holder_name: 'Ada Lovelace',
    issue_date: '2025-03-05',
    expiry_date: state === 'expired' ? '2025-06-30' : null,
    custom_fields: [],
    issuer,
    revoked_at: state === 'revoked' ? '2026-01-15T09:30:00.000Z' : null,
    revocation_reason: state === 'revoked' ? 'Issued with a misspelt name' : null,
    replaced_by_code: null,
    original_sha256: sha256(ORIGINAL),
    secured_sha256: sha256(SECURED),
    allow_download: true,
    sealed: isSealed,
  };
}

function renderCell(
  state: PageRecordState,
  isSealed: boolean,
  issuer?: PublicVerification['issuer'],
): string {
  return renderVerificationPage({
    code: CODE,
    verification: verification(state, isSealed, issuer),
    withdrawn: state === 'withdrawn',
    template: { ...DEFAULT_TEMPLATE_DESIGN, allow_download: true },
    scriptUrl: '/v/assets/verification-page.js?v=1',
    sealScriptUrl: '/v/assets/seal-check.js?v=1',
    scannerUrl: SCANNER_URL,
    host: HOST,
  });
}

/** The page in a browser-like DOM with the copy check's script running (Node's WebCrypto hashes). */
async function openCell(
  state: PageRecordState,
  isSealed: boolean,
  issuer?: PublicVerification['issuer'],
) {
  const dom = new JSDOM(renderCell(state, isSealed, issuer), { runScripts: 'outside-only' });
  const subtle = {
    digest: (algorithm: string, data: ArrayBuffer) =>
      webcrypto.subtle.digest(algorithm, new Uint8Array(data)),
  };
  Object.defineProperty(dom.window, 'crypto', { value: { subtle } });
  dom.window.eval(await readFile(COPY_SCRIPT, 'utf8'));
  return dom.window;
}

async function checkFile(window: JSDOM['window'], bytes: Buffer) {
  const input = window.document.querySelector<HTMLInputElement>('#check-file')!;
  Object.defineProperty(input, 'files', {
    value: [new window.File([new Uint8Array(bytes)], 'file.pdf')],
    configurable: true,
  });
  input.dispatchEvent(new window.Event('change'));
  const result = window.document.querySelector<HTMLElement>('#check-result')!;
  for (let tries = 0; tries < 100 && result.dataset.state === 'working'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { tone: result.dataset.tone, message: text(result) };
}

/** What a reader sees of the verdict, and of the copy check for the original, the secured PDF and a forgery. */
async function readCell(window: JSDOM['window']) {
  const { document } = window;
  const section = document.querySelector<HTMLElement>('.verdict')!;
  const seal = section.querySelector<HTMLElement>('#seal');
  const download = document.querySelector('a[download]');
  const hasCheck = document.querySelector('#check') !== null;
  return {
    headline: text(section.querySelector('h1')),
    className: section.className,
    isHeld: section.hasAttribute('data-awaits-seal'),
    status: visibleText(section.querySelector('.verdict-main > div')),
    seal: seal && !seal.hidden ? { icon: seal.dataset.icon, text: text(seal) } : null,
    download: download?.className ?? 'none',
    title: document.title,
    original: hasCheck ? await checkFile(window, ORIGINAL) : null,
    secured: hasCheck ? await checkFile(window, SECURED) : null,
    forged: hasCheck ? await checkFile(window, FORGED) : null,
  };
}

describe('each cell, rendered by the server and then by the seal check in the browser', () => {
  test.each(namedCells)('%s', async (_name, cell) => {
    const window = await openCell(cell.state, cell.isSealed);
    const verdict = pageVerdict(cell);
    // A withdrawn or not-found page loads no seal check: the server's verdict is the last word.
    if (verification(cell.state, cell.isSealed)) showVerdict(window.document, verdict);
    const shown = await readCell(window);
    const { row } = cell;

    expect([shown.headline, shown.className, shown.isHeld]).toEqual([
      row.headline,
      `verdict verdict-${row.colour}`,
      false,
    ]);
    expect(shown.title.startsWith(row.headline)).toBe(true);
    // One sentence on the status: the seal-failed one names the valid document without a second verdict.
    expect(shown.status.includes('names a valid document')).toBe(
      expectedUnder(row.under).statusLine === 'seal-failed',
    );
    expect(shown.seal?.icon ?? null).toBe(verdict.seal?.icon ?? null);
    if (verdict.seal) {
      expect(shown.seal?.text.startsWith(verdict.seal.title)).toBe(true);
      expect(shown.seal?.text.includes('Check with the QR Verify scanner')).toBe(
        verdict.seal.hasScannerLink,
      );
    }
    expect(shown.download).toBe(
      { button: 'button', link: 'download-link', none: 'none' }[row.download],
    );
    if (row.fileMatches === '—') {
      expect(shown.original).toBeNull();
      return;
    }
    const matchTone = row.fileMatches === 'grey' ? 'neutral' : row.fileMatches;
    expect(shown.original).toEqual({ tone: matchTone, message: verdict.copyCheck?.original });
    expect(shown.secured).toEqual({ tone: matchTone, message: verdict.copyCheck?.secured });
    expect(shown.forged).toEqual({
      tone: 'red',
      message: 'This file does not match the document issued under this code',
    });
  });

  test('a sealed, valid verification is held back by the server and shown once the seal is checked', async () => {
    const window = await openCell('active', true);
    const section = window.document.querySelector<HTMLElement>('.verdict')!;
    expect(section.hasAttribute('data-awaits-seal')).toBe(true);
    expect(section.getAttribute('aria-busy')).toBe('true');

    showVerdict(
      window.document,
      pageVerdict({ state: 'active', isSealed: true, seal: { state: 'missing' } }),
    );

    expect(section.hasAttribute('data-awaits-seal')).toBe(false);
    expect(section.hasAttribute('aria-busy')).toBe(false);
    expect(window.document.body.hasAttribute('data-seal-line-pending')).toBe(false);
    expect(text(section.querySelector('h1'))).toBe('Valid');
    expect(text(section.querySelector('.seal-title'))).toBe(MISSING_SEAL_LINE.title);
    expect(text(section.querySelector('.seal-advice'))).toContain(
      'Open the link from the QR code, or scan it with the QR Verify scanner.',
    );
  });

  test("a sealed, revoked verification shows its verdict at once; what follows waits for the seal's line", async () => {
    const window = await openCell('revoked', true);
    const section = window.document.querySelector<HTMLElement>('.verdict')!;
    expect(section.hasAttribute('data-awaits-seal')).toBe(false);
    expect(window.document.body.hasAttribute('data-seal-line-pending')).toBe(true);

    showVerdict(
      window.document,
      pageVerdict({ state: 'revoked', isSealed: true, seal: SEALS['present and valid'][0] }),
    );

    expect(window.document.body.hasAttribute('data-seal-line-pending')).toBe(false);
    expect(text(section.querySelector('.seal-advice'))).toBe(
      'The paper is genuine, but its issuer has revoked it.',
    );
  });

  test('an answer of the copy check already shown follows a verdict the seal turns', async () => {
    const window = await openCell('active', true);
    expect(await checkFile(window, ORIGINAL)).toEqual({
      tone: 'green',
      message: 'This file matches the original',
    });

    showVerdict(
      window.document,
      pageVerdict({ state: 'active', isSealed: true, seal: SEALS.invalid[0] }),
    );

    const result = window.document.querySelector<HTMLElement>('#check-result')!;
    expect([result.dataset.tone, text(result)]).toEqual([
      'neutral',
      'This file matches the original',
    ]);
    expect(window.document.title).toBe(
      'Do not rely on this code: Bachelor of Science in Chemistry – QR Verify',
    );
  });
});

// ---- Who issued it, as docs/public-page.md writes it ----

interface IssuerTableRow {
  issuer: string;
  identity: IssuerIdentity;
  /** What the account calls itself (PublicVerification.issuer.name): a look-alike where the name is withheld. */
  accountName: string;
  title: string;
  tone: string;
  icon: string;
  holder: string;
  statusSentence: string;
}

// 'Аlpha' with a Cyrillic А: what a withheld name looks like.
const LOOK_ALIKE = '\u0410lpha University';

const IDENTITIES: Record<string, { identity: IssuerIdentity; accountName: string }> = {
  'verified domain': {
    identity: {
      issuer: 'alpha-university.edu',
      issuer_proof: 'domain',
      declared_name: 'Alpha University',
      declared_name_withheld: null,
    },
    accountName: 'Alpha University',
  },
  'operator-checked name': {
    identity: {
      issuer: 'Alpha University',
      issuer_proof: 'operator',
      declared_name: 'Alpha University',
      declared_name_withheld: null,
    },
    accountName: 'Alpha University',
  },
  declared: { identity: declaredOnly('Alpha University'), accountName: 'Alpha University' },
  'withheld, shared': {
    identity: {
      issuer: null,
      issuer_proof: null,
      declared_name: null,
      declared_name_withheld: 'shared',
    },
    accountName: LOOK_ALIKE,
  },
  'withheld, mixed scripts': {
    identity: {
      issuer: null,
      issuer_proof: null,
      declared_name: null,
      declared_name_withheld: 'mixed_scripts',
    },
    accountName: LOOK_ALIKE,
  },
};

function documentedIssuers(): IssuerTableRow[] {
  const doc = readFileSync(
    path.join(__dirname, '..', '..', '..', 'docs', 'public-page.md'),
    'utf8',
  );
  const start = doc.indexOf('## Who issued it');
  const table = doc.slice(start, doc.indexOf('\n## ', start + 1));
  return table
    .split('\n')
    .filter((line) => /^\| (?!issuer|-)/.test(line))
    .map((line) => {
      const [issuer, , title, tone, icon, holder, statusSentence] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const known = IDENTITIES[issuer];
      if (!known)
        throw new Error(`The doc names an issuer identity this test does not know: ${issuer}`);
      return { issuer, ...known, title, tone, icon, holder, statusSentence };
    });
}

const issuerTable = documentedIssuers();
const namedIssuers = issuerTable.map((row) => [row.issuer, row] as const);

/** The shield's outline, wherever the page draws it (the seal line, the header). */
const SHIELD_PATH = ICONS.shield.match(/<path d="([^"]+)"/)![1];

/** What every page of a row's issuer shows, whatever its verdict: the issuer row, the shield, the withheld name. */
function expectIssuerShownAsDocumented(row: IssuerTableRow, body: HTMLElement) {
  const isProven = row.tone === 'verified';
  const issuerRow = [...body.querySelectorAll('dl div')].find(
    (each) => text(each.querySelector('dt')) === 'Issued by',
  );
  expect([row.issuer, text(issuerRow?.querySelector('dd'))]).toEqual([
    row.issuer,
    // Opening the row's value: with a capital ("An account …"); a domain or a checked name as it is.
    row.tone === 'verified'
      ? issuerPhrase(row.identity)
      : issuerPhrase(row.identity).replace(/^an /, 'An '),
  ]);
  // The tick-bearing shield, and "Sealed by", only for a proven issuer; the header's shield beside its name too,
  // or beside QR Verify's own where no issuer's name is shown.
  const shields = body.querySelectorAll(`main svg path[d="${SHIELD_PATH}"]`).length;
  expect([row.issuer, shields > 0]).toEqual([
    row.issuer,
    isProven && body.querySelector('#seal:not([hidden])') !== null,
  ]);
  const header = body.querySelector('header')!;
  expect([
    row.issuer,
    text(header),
    header.querySelector(`path[d="${SHIELD_PATH}"]`) !== null,
  ]).toEqual([
    row.issuer,
    row.accountName === LOOK_ALIKE ? 'QR Verify' : row.accountName,
    isProven || row.accountName === LOOK_ALIKE,
  ]);
  expect([row.issuer, text(body).includes('Sealed by')]).toEqual([
    row.issuer,
    isProven && body.querySelector('#seal:not([hidden])') !== null,
  ]);
  if (row.accountName === LOOK_ALIKE) expect(text(body)).not.toContain(LOOK_ALIKE);
}

test('the doc has a row for every issuer identity', () => {
  expect(issuerTable.map((row) => row.issuer).sort()).toEqual(Object.keys(IDENTITIES).sort());
});

describe('who issued it: the seal line and the status sentence say each identity as docs/public-page.md does', () => {
  const verified = (identity: IssuerIdentity): SealCheckOutcome => ({
    state: 'verified',
    facts: FACTS,
    key: { ...KEY, ...identity },
  });

  test.each(namedIssuers)('%s: the seal message, on the page and in the scanner', (_name, row) => {
    for (const place of ['page', 'scanner'] as const) {
      const message = sealMessage(verified(row.identity), { isSealedRecord: true, place });
      expect(message).toMatchObject({ title: row.title, tone: row.tone });
    }
    const revoked = sealMessage(
      { state: 'key-revoked', facts: FACTS, key: { ...KEY, ...row.identity } },
      { isSealedRecord: true },
    );
    expect(revoked?.title).toBe(
      `The seal on this code was made with a key ${row.holder} has revoked — it can no longer be trusted`,
    );
  });

  test.each(namedIssuers)(
    '%s: the verdict keeps its headline; the seal line takes the icon and tone',
    (_name, row) => {
      for (const state of ['active', 'revoked', 'expired'] as const) {
        const verdict = pageVerdict({ state, isSealed: true, seal: verified(row.identity) });
        const proven = pageVerdict({ state, isSealed: true, seal: verified(PROVEN) });
        expect([state, verdict.headline, verdict.tone, verdict.download]).toEqual([
          state,
          proven.headline,
          proven.tone,
          proven.download,
        ]);
        expect([state, verdict.seal]).toMatchObject([
          state,
          { icon: row.icon, tone: row.tone, title: row.title },
        ]);
      }
    },
  );

  test("an unproven issuer's seal says what the signature proves and what it does not", () => {
    const message = sealMessage(verified(declaredOnly('Alpha University')), {
      isSealedRecord: true,
    });
    expect(message?.advice).toBe(
      'The signature verifies, so the facts below are as this account signed them, but nothing proves who the ' +
        'account is: confirm with the organisation through contact details you already trust.',
    );
  });

  test('a trust list from before issuer identities names the account as it names itself, not as proven', () => {
    const {
      issuer_proof: _proof,
      declared_name: _declared,
      declared_name_withheld: _withheld,
      ...old
    } = {
      ...KEY,
      issuer: 'Alpha University',
    };
    const message = sealMessage(
      { state: 'verified', facts: FACTS, key: old as TrustedKey },
      { isSealedRecord: true },
    );
    expect(message).toMatchObject({
      tone: 'declared',
      title: 'Issued by an account calling itself “Alpha University” — its name is not verified',
    });
  });

  test.each(namedIssuers)(
    "%s: the server's page, then the seal check's verdict written over it",
    async (_name, row) => {
      const issuer = { name: row.accountName, ...row.identity };
      for (const state of ['active', 'revoked', 'expired'] as const) {
        const window = await openCell(state, true, issuer);
        const section = window.document.querySelector<HTMLElement>('.verdict')!;
        // The server's page, before the seal is known: the status sentence names the issuer as proven.
        expect(visibleText(section.querySelector('.verdict-main > div'))).toContain(
          `This document was issued by ${issuerPhrase(row.identity)} and`,
        );
        if (state === 'active') {
          expect(visibleText(section.querySelector('[data-status-line]:not([hidden])'))).toBe(
            row.statusSentence,
          );
        }
        expectIssuerShownAsDocumented(row, window.document.body);

        showVerdict(
          window.document,
          pageVerdict({ state, isSealed: true, seal: verified(row.identity) }),
        );
        const seal = section.querySelector<HTMLElement>('#seal')!;
        expect([
          state,
          seal.dataset.icon,
          seal.dataset.tone,
          text(seal.querySelector('.seal-title')),
        ]).toEqual([state, row.icon, row.tone, row.title]);
        expectIssuerShownAsDocumented(row, window.document.body);
      }
    },
  );
});

// ---- The seal check script as served, on real seals ----

function publicJwk(publicKey: KeyObject) {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return { x: x!, y: y! };
}

function sealFor(privateKey: KeyObject, facts: Omit<SealFacts, 'version'>): string {
  const payload = encodeSealPayload(facts);
  const signature = sign('sha256', signedMessage(payload, HOST), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return encodeSeal(payload, toLowS(signature));
}

describe('the seal check script, bundled as the app serves it', () => {
  let bundle: string;
  const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const revokedSigner = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sealedAt = '2025-03-05T09:30:00.000Z';
  const facts = { ...FACTS, sealedAt };
  const trustList: TrustList = {
    keys: [
      { ...KEY, ...publicJwk(signer.publicKey) },
      {
        ...KEY,
        ...publicJwk(revokedSigner.publicKey),
        kid: 'BwYFBAMCAQA',
        status: 'revoked',
        revoked_at: '2025-03-01T00:00:00.000Z',
      },
    ],
    service_hosts: [HOST],
  };
  const genuine = sealFor(signer.privateKey, facts);
  const changed =
    genuine.slice(0, -1) + (genuine.at(-1) === '9' ? '8' : String(Number(genuine.at(-1)) + 1));

  const FRAGMENTS: Array<{ seal: string; fragment: string; trustList?: 'fails' }> = [
    { seal: 'verified', fragment: genuine },
    { seal: 'missing', fragment: '' },
    { seal: 'invalid', fragment: changed },
    { seal: 'malformed', fragment: '12345' },
    {
      seal: 'unknown-key',
      fragment: sealFor(stranger.privateKey, { ...facts, kid: 'CQkJCQkJCQk' }),
    },
    {
      seal: 'different-record',
      fragment: sealFor(signer.privateKey, { ...facts, code: OTHER_CODE }),
    },
    {
      seal: 'key-revoked',
      fragment: sealFor(revokedSigner.privateKey, { ...facts, kid: 'BwYFBAMCAQA' }),
    },
    { seal: 'unchecked', fragment: genuine, trustList: 'fails' },
  ];

  beforeAll(async () => {
    bundle = (await loadPageAssets()).get(SEAL_CHECK_SCRIPT)!.body.toString('utf8');
  });

  async function runSealCheck(
    state: 'active' | 'revoked',
    fragment: string,
    { trust, identity }: { trust?: 'fails'; identity?: IssuerTableRow } = {},
  ) {
    // The trust list and the page name the same issuer, as the server sends both.
    const keys = identity
      ? trustList.keys.map((key) => ({ ...key, ...identity.identity }))
      : trustList.keys;
    const issuer = identity && { name: identity.accountName, ...identity.identity };
    const dom = new JSDOM(renderCell(state, true, issuer), {
      url: `https://${HOST}/v/${CODE}${fragment ? `#${fragment}` : ''}`,
      runScripts: 'outside-only',
    });
    const { window } = dom;
    // Node's WebCrypto, handed bytes from this realm (jsdom's typed arrays are another's).
    const subtle = {
      importKey: (...args: Parameters<typeof webcrypto.subtle.importKey>) =>
        webcrypto.subtle.importKey(...args),
      verify: (algorithm: EcdsaParams, key: CryptoKey, signature: Uint8Array, data: Uint8Array) =>
        webcrypto.subtle.verify(algorithm, key, new Uint8Array(signature), new Uint8Array(data)),
    };
    Object.defineProperty(window, 'crypto', { value: { subtle } });
    // What a browser has and jsdom does not.
    Object.assign(window, { TextEncoder, TextDecoder });
    window.fetch = (async (url: string) => {
      expect(url).toBe('/.well-known/jwks.json');
      if (trust === 'fails') throw new TypeError('Failed to fetch');
      return { ok: true, status: 200, json: async () => ({ ...trustList, keys }) };
    }) as unknown as typeof window.fetch;
    const checked = new Promise((resolve) =>
      window.document.addEventListener(VERDICT_CHANGED_EVENT, resolve),
    );
    window.eval(bundle);
    await checked;
    const section = window.document.querySelector<HTMLElement>('.verdict')!;
    const seal = section.querySelector<HTMLElement>('#seal');
    return {
      headline: text(section.querySelector('h1')),
      className: section.className,
      isHeld: section.hasAttribute('data-awaits-seal'),
      sealTitle: seal?.hidden ? null : text(seal?.querySelector('.seal-title')),
      sealIcon: seal?.hidden ? null : (seal?.dataset.icon ?? null),
      sealTone: seal?.hidden ? null : (seal?.dataset.tone ?? null),
      status: visibleText(section.querySelector('[data-status-line]:not([hidden])')),
      body: window.document.body,
    };
  }

  test.each(FRAGMENTS)(
    'a valid verification, $seal in the address',
    async ({ seal, fragment, trustList: trust }) => {
      const expected = pageVerdict({
        state: 'active',
        isSealed: true,
        seal:
          seal === 'verified'
            ? { state: 'verified', facts, key: trustList.keys[0] }
            : SEALS_BY_STATE[seal],
      });

      const shown = await runSealCheck('active', fragment, { trust });

      expect({
        headline: shown.headline,
        className: shown.className,
        isHeld: shown.isHeld,
        sealTitle: shown.sealTitle,
      }).toEqual({
        headline: expected.headline,
        className: `verdict verdict-${expected.tone}`,
        isHeld: false,
        sealTitle: expected.seal?.title ?? null,
      });
    },
  );

  test('a revoked verification whose seal verifies stays Revoked, its seal line never green', async () => {
    const shown = await runSealCheck('revoked', genuine);

    expect(shown).toMatchObject({
      headline: 'Revoked',
      className: 'verdict verdict-red',
      isHeld: false,
      sealTitle:
        'Sealed by University of Examples (name checked by this service) — signature verified',
      sealIcon: 'shield',
    });
  });

  describe("who issued it, on a real seal: the doc's words for each issuer identity", () => {
    test.each(issuerTable.map((row) => [row.issuer, row] as const))('%s', async (_name, row) => {
      const shown = await runSealCheck('active', genuine, { identity: row });

      expect({
        headline: shown.headline,
        sealTitle: shown.sealTitle,
        sealIcon: shown.sealIcon,
        sealTone: shown.sealTone,
        status: shown.status,
      }).toEqual({
        headline: 'Valid',
        sealTitle: row.title,
        sealIcon: row.icon,
        sealTone: row.tone,
        status: row.statusSentence,
      });
      expectIssuerShownAsDocumented(row, shown.body);
    });

    test('a key revoked before the seal names its holder only when proven', async () => {
      for (const row of issuerTable) {
        const revoked = sealFor(revokedSigner.privateKey, { ...facts, kid: 'BwYFBAMCAQA' });
        const shown = await runSealCheck('active', revoked, { identity: row });
        expect([row.issuer, shown.sealTitle]).toEqual([
          row.issuer,
          `The seal on this code was made with a key ${row.holder} has revoked — it can no longer be trusted`,
        ]);
      }
    });
  });
});
