// The static files the public pages use: the 'Check your copy' script and the Inter font (from npm, never a
// CDN). The app serves them itself under /v/assets/, since the CSP only runs scripts from its own origin. Each
// carries a content hash so its URL can be cached for a year and still change when the file does.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface PageAsset {
  /** The file name under /v/assets/. */
  name: string;
  contentType: string;
  body: Buffer;
  /** A short content hash, for the ?v= of the URL. */
  version: string;
}

export type FontWeight = 400 | 600 | 700;

export const VERIFICATION_PAGE_SCRIPT = 'verification-page.js';
export const FONT_WEIGHTS: FontWeight[] = [400, 600, 700];

export function fontAssetName(weight: FontWeight): string {
  return `inter-latin-${weight}-normal.woff2`;
}

function sourceFile(name: string): string {
  if (name === VERIFICATION_PAGE_SCRIPT) return path.join(__dirname, 'assets', name);
  return require.resolve(`@fontsource/inter/files/${name}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
};

async function loadPageAsset(name: string): Promise<PageAsset> {
  const body = await readFile(sourceFile(name));
  return {
    name,
    contentType: CONTENT_TYPES[path.extname(name)],
    body,
    version: createHash('sha256').update(body).digest('hex').slice(0, 12),
  };
}

/** Every asset of the public pages, by file name. */
export async function loadPageAssets(): Promise<Map<string, PageAsset>> {
  const names = [VERIFICATION_PAGE_SCRIPT, ...FONT_WEIGHTS.map(fontAssetName)];
  const assets = await Promise.all(names.map(loadPageAsset));
  return new Map(assets.map((asset) => [asset.name, asset]));
}
