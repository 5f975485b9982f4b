// Serves the built SPA from STATIC_DIR, held in memory with its brotli and gzip forms: hashed assets cached
// forever, index.html (with the public settings written in) always revalidated and sent for any browser
// navigation to a client-side route. Also owns the app's 404 answer.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import fp from 'fastify-plugin';

import {
  PUBLIC_SETTING_NAMES,
  publicSettingsScript,
  type PublicSettings,
} from '@common/public-settings';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@common/route-preloads';

import { notFoundError } from '../lib/app-error';
import { compressedForms, preferredEncoding, type ContentEncoding } from '../lib/content-encoding';
import { isFresh } from '../lib/is-fresh';
import { sha256 } from '../lib/sha256';

import { setCsrfCookie } from './csrf';
import { allowScannerFeatures } from './helmet';

import type { Config } from '../config';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const INDEX_FILE = 'index.html';
const INDEX_PATHS = new Set(['/', `/${INDEX_FILE}`]);

// Paths the SPA never owns: the API, and the server-rendered public verification pages.
const SERVER_PATHS = /^\/(api|v)(\/|$)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker: browsers refuse a module worker served with any non-JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  // The scanner's QR decoder: WebAssembly.instantiateStreaming accepts no other type.
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

const ENCODED_SUFFIXES: Record<Exclude<ContentEncoding, 'identity'>, string> = {
  br: '.br',
  gzip: '.gz',
};

interface Representation {
  body: Buffer;
  etag: string;
}

interface SpaFile {
  contentType: string;
  cacheControl: string;
  representations: Partial<Record<ContentEncoding, Representation>>;
}

interface BuiltSpa {
  index: SpaFile;
  /** index.html for a signed-out screen's path, naming that screen's scripts as preloads. */
  routeIndexes: Map<string, SpaFile>;
  /** Every other file by URL path. */
  files: Map<string, SpaFile>;
  /** Source maps by URL path, read when asked for: only debuggers want them, and they outweigh the app. */
  sourceMaps: Map<string, string>;
}

function representation(body: Buffer, hash: string, encoding: ContentEncoding): Representation {
  // A strong ETag names one sequence of bytes, so each coding of a file has its own.
  const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
  return { body, etag };
}

function spaFile(
  urlPath: string,
  encodedBodies: Partial<Record<ContentEncoding, Buffer>>,
): SpaFile {
  const hash = sha256(encodedBodies.identity!).slice(0, 20);
  const representations = Object.fromEntries(
    Object.entries(encodedBodies).map(([encoding, body]) => [
      encoding,
      representation(body, hash, encoding as ContentEncoding),
    ]),
  );
  return {
    contentType: CONTENT_TYPES[path.extname(urlPath)] ?? 'application/octet-stream',
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    representations,
  };
}

/** A built file and the compressed forms the build put beside it. */
async function loadFile(fullPath: string, urlPath: string, names: Set<string>): Promise<SpaFile> {
  const bodies: Partial<Record<ContentEncoding, Buffer>> = { identity: await readFile(fullPath) };
  for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES)) {
    if (names.has(fullPath + suffix)) {
      bodies[encoding as ContentEncoding] = await readFile(fullPath + suffix);
    }
  }
  return spaFile(urlPath, bodies);
}

function publicSettingsOf(config: Config): PublicSettings {
  return Object.fromEntries(
    PUBLIC_SETTING_NAMES.map((name) => [name, config[name] ?? '']),
  ) as PublicSettings;
}

/** index.html with the settings written in. */
async function readIndexHtml(staticDir: string, settings: PublicSettings): Promise<string> {
  const html = await readFile(path.join(staticDir, INDEX_FILE), 'utf8');
  return html.replace('</head>', `${publicSettingsScript(settings)}</head>`);
}

/** An index.html, compressed once here rather than per request. */
async function indexFile(html: string): Promise<SpaFile> {
  const identity = Buffer.from(html);
  return spaFile(`/${INDEX_FILE}`, { identity, ...(await compressedForms(identity, 'most')) });
}

// The build's own chunk files; anything else in the list is left out rather than written into the page.
const CHUNK_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/** The build's list (common/route-preloads.ts); empty for a build without one, or with one that cannot be read. */
async function readRoutePreloads(staticDir: string): Promise<RoutePreloads> {
  try {
    const list: unknown = JSON.parse(
      await readFile(path.join(staticDir, ROUTE_PRELOADS_FILE), 'utf8'),
    );
    return typeof list === 'object' && list !== null ? (list as RoutePreloads) : {};
  } catch {
    // No list (a build without one) or one that cannot be read: preloads only speed a screen up, and the app
    // serves the same without them.
    return {};
  }
}

/** index.html for each path the build lists, naming that screen's scripts as preloads. */
async function loadRouteIndexes(staticDir: string, html: string): Promise<Map<string, SpaFile>> {
  const preloads = await readRoutePreloads(staticDir);
  const indexes = Object.entries(preloads).map(async ([routePath, scripts]) => {
    // Low, as the entry's deferred scripts are: fetched beside them, never ahead of the page's styles.
    const links = (Array.isArray(scripts) ? scripts : [])
      .filter((script) => typeof script === 'string' && CHUNK_SCRIPT.test(script))
      .map((script) => `<link rel="preload" as="script" href="${script}" fetchpriority="low">`)
      .join('');
    return [routePath, await indexFile(html.replace('</head>', `${links}</head>`))] as const;
  });
  return new Map(await Promise.all(indexes));
}

async function listFiles(staticDir: string): Promise<string[]> {
  const entries = await readdir(staticDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function urlPathOf(staticDir: string, fullPath: string): string {
  return `/${path.relative(staticDir, fullPath).split(path.sep).join('/')}`;
}

// index.html is served with the settings written in, compressed forms with their file, and /api and /v are
// never the SPA's.
function isServedOnItsOwn(urlPath: string): boolean {
  return (
    urlPath !== `/${INDEX_FILE}` &&
    urlPath !== `/${ROUTE_PRELOADS_FILE}` &&
    !/\.(br|gz)$/.test(urlPath) &&
    !SERVER_PATHS.test(urlPath)
  );
}

/** Everything the build wrote, or undefined while there is no build yet. */
async function loadBuiltSpa(
  staticDir: string,
  settings: PublicSettings,
): Promise<BuiltSpa | undefined> {
  if (!existsSync(path.join(staticDir, INDEX_FILE))) return undefined;
  const fullPaths = await listFiles(staticDir);
  const names = new Set(fullPaths);
  const html = await readIndexHtml(staticDir, settings);
  const spa: BuiltSpa = {
    index: await indexFile(html),
    routeIndexes: await loadRouteIndexes(staticDir, html),
    files: new Map(),
    sourceMaps: new Map(),
  };
  for (const fullPath of fullPaths) {
    const urlPath = urlPathOf(staticDir, fullPath);
    if (!isServedOnItsOwn(urlPath)) continue;
    if (urlPath.endsWith('.map')) spa.sourceMaps.set(urlPath, fullPath);
    else spa.files.set(urlPath, await loadFile(fullPath, urlPath, names));
  }
  return spa;
}

/** A source map of the loaded build; none once a newer build has replaced it on disk. */
function readSourceMap(spa: BuiltSpa, urlPath: string): Promise<SpaFile | undefined> {
  const fullPath = spa.sourceMaps.get(urlPath);
  if (!fullPath) return Promise.resolve(undefined);
  return loadFile(fullPath, urlPath, new Set()).catch(() => undefined);
}

function fileEncoding(header: string | undefined, file: SpaFile): ContentEncoding {
  return preferredEncoding(header, (encoding) => Boolean(file.representations[encoding]));
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SpaFile): FastifyReply {
  const encoding = fileEncoding(request.headers['accept-encoding'], file);
  const { body, etag } = file.representations[encoding]!;
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl)
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (isFresh(request, etag)) return reply.code(304).send();
  return reply.send(body);
}

function isNavigation(request: FastifyRequest): boolean {
  return /text\/html|application\/xhtml\+xml/.test(request.headers.accept ?? '');
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

export default fp(
  async (app) => {
    const staticDir = app.config.STATIC_DIR;
    const settings = publicSettingsOf(app.config);
    // Loaded at start; a build that appears later (beside a dev server, say) is loaded on a later request.
    let loaded = await loadBuiltSpa(staticDir, settings);

    async function builtSpa(): Promise<BuiltSpa | undefined> {
      loaded ??= await loadBuiltSpa(staticDir, settings).catch((error: Error) => {
        // A build being swapped in meanwhile: the next request tries again.
        app.log.warn({ err: error }, 'Could not load the web app');
        return undefined;
      });
      return loaded;
    }

    function sendIndex(request: FastifyRequest, reply: FastifyReply, spa?: BuiltSpa) {
      if (!spa) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run npm run build');
      }
      setCsrfCookie(request, reply);
      allowScannerFeatures(reply);
      const routePath = pathOf(request).replace(/(.)\/+$/, '$1');
      return sendFile(request, reply, spa.routeIndexes.get(routePath) ?? spa.index);
    }

    app.get('/*', async (request, reply) => {
      const urlPath = pathOf(request);
      if (SERVER_PATHS.test(urlPath)) throw notFoundError();
      const spa = await builtSpa();
      if (INDEX_PATHS.has(urlPath)) return sendIndex(request, reply, spa);
      const file = spa?.files.get(urlPath);
      if (file) return sendFile(request, reply, file);
      const sourceMap = spa && app.config.SERVE_SOURCE_MAPS && (await readSourceMap(spa, urlPath));
      if (sourceMap) return sendFile(request, reply, sourceMap);
      if (isNavigation(request)) return sendIndex(request, reply, spa);
      throw notFoundError();
    });

    // Other methods on paths no route owns.
    app.setNotFoundHandler(() => {
      throw notFoundError();
    });
  },
  { name: 'spa', dependencies: ['config', 'csrf'] },
);
