// The static files the public pages use: the 'Check your copy' script, the streaming SHA-256 it loads for large
// files (hash-wasm, from npm), the seal check and the Inter font (from npm, never a CDN). The app serves them itself under
// /v/assets/, since the CSP only runs scripts from its own origin. Each carries a content hash so its URL can be
// cached for a year and still change when the file does.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { build, type Plugin } from 'esbuild';

import { CATALOGUES } from '@common/i18n/catalogues';
import { LANGUAGES, type Language } from '@common/i18n/languages';
import { parseMessages, type ParsedMessages } from '@common/i18n/translator';

import { compressedForms, type CompressedForms } from '../lib/content-encoding';
import { sha256 } from '../lib/sha256';

export interface PageAsset {
  /** The file name under /v/assets/. */
  name: string;
  contentType: string;
  body: Buffer;
  /** A short content hash, for the ?v= of the URL. */
  version: string;
  /** Brotli and gzip forms of a script; none for a font, which woff2 compresses already. */
  compressed: CompressedForms;
}

export type FontWeight = 400 | 600 | 700;

export const VERIFICATION_PAGE_SCRIPT = 'verification-page.js';
/** hash-wasm's SHA-256, which hashes a file chunk by chunk (WebCrypto only digests a whole file held in memory). */
export const HASHER_SCRIPT = 'sha256.js';
/** The seal line's check, bundled from TypeScript (scripts/seal-check.ts) with the seal verifier of common/. */
export const SEAL_CHECK_SCRIPT = 'seal-check.js';
export const FONT_WEIGHTS: FontWeight[] = [400, 600, 700];

/**
 * A language's catalogue for the seal check, which runs before it (the seal check has English built in, so an
 * English page loads none): a plain script, since the CSP runs scripts from this origin only.
 */
export function messagesAssetName(language: Language): string | null {
  return language === 'en' ? null : `messages-${language}.js`;
}

/**
 * The page's messages, parsed, so the seal check formats them without the ICU parser: the scanner's own
 * (scanner.*) are the SPA's, loaded there.
 */
function pageMessages(language: Language): ParsedMessages {
  const messages = Object.entries(CATALOGUES[language]).filter(
    ([key]) => !key.startsWith('scanner.'),
  );
  return parseMessages(language, Object.fromEntries(messages));
}

function messagesAsset(language: Language): Buffer {
  return Buffer.from(`window.qrverifyMessages=${JSON.stringify(pageMessages(language))};\n`);
}

const ENGLISH_MODULE = /common[\\/]i18n[\\/]english\.ts$/;

/**
 * In the seal check, the English translator is made from the page's messages parsed here, and intl-messageformat
 * gets the ICU parser's no-parser build: the bundle carries neither the parser nor the unparsed catalogue.
 */
const parsedEnglish: Plugin = {
  name: 'parsed-english',
  setup(plugin) {
    plugin.onLoad({ filter: ENGLISH_MODULE }, (args) => ({
      contents:
        "import { createTranslator } from './translator';\n" +
        `export const ENGLISH = createTranslator('en', ${JSON.stringify(pageMessages('en'))});\n`,
      loader: 'ts',
      resolveDir: path.dirname(args.path),
    }));
  },
};

export function fontAssetName(weight: FontWeight): string {
  return `inter-latin-${weight}-normal.woff2`;
}

function sourceFile(name: string): string {
  if (name === VERIFICATION_PAGE_SCRIPT) return path.join(__dirname, 'assets', name);
  if (name === HASHER_SCRIPT) return require.resolve('hash-wasm/dist/sha256.umd.min.js');
  return require.resolve(`@fontsource/inter/files/${name}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
};

// The seal check imports the seal format and verifier from common/ rather than repeating them in plain JS, so it
// is bundled for the browser, here, when the app starts: esbuild (which tsx, a dependency, brings) takes ~0.1 s
// and reads tsconfig.json's @common alias. Bundling at start rather than in the SPA's webpack build keeps the page
// whole without a built SPA (server tests, a custom domain that serves no SPA) and its URL under /v/assets/.
async function bundleSealCheck(): Promise<Buffer> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'scripts', 'seal-check.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // BigInt literals (the seal's digits) need ES2020; every browser with WebCrypto's ECDSA has it.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    plugins: [parsedEnglish],
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
    logLevel: 'silent',
  });
  return Buffer.from(result.outputFiles[0]!.contents);
}

async function readAsset(name: string): Promise<Buffer> {
  if (name === SEAL_CHECK_SCRIPT) return bundleSealCheck();
  const language = LANGUAGES.find((other) => messagesAssetName(other) === name);
  return language ? messagesAsset(language) : readFile(sourceFile(name));
}

async function loadPageAsset(name: string): Promise<PageAsset> {
  const body = await readAsset(name);
  const contentType = CONTENT_TYPES[path.extname(name)];
  return {
    name,
    contentType,
    body,
    version: sha256(body).slice(0, 12),
    // The seal check is ~32 kB as it is, ~9 kB in brotli: what a phone on a slow network waits for.
    compressed: contentType.startsWith('text/') ? await compressedForms(body, 'most') : {},
  };
}

async function readPageAssets(): Promise<Map<string, PageAsset>> {
  const names = [
    VERIFICATION_PAGE_SCRIPT,
    SEAL_CHECK_SCRIPT,
    HASHER_SCRIPT,
    ...FONT_WEIGHTS.map(fontAssetName),
    ...LANGUAGES.flatMap((language) => messagesAssetName(language) ?? []),
  ];
  const assets = await Promise.all(names.map(loadPageAsset));
  return new Map(assets.map((asset) => [asset.name, asset]));
}

// The same for every app a process builds (the tests build hundreds): read, bundled and compressed once.
let pageAssets: Promise<Map<string, PageAsset>> | undefined;

/** Every asset of the public pages, by file name. */
export function loadPageAssets(): Promise<Map<string, PageAsset>> {
  pageAssets ??= readPageAssets();
  pageAssets.catch(() => (pageAssets = undefined));
  return pageAssets;
}
