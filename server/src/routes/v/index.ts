// /v/: the public verification page a QR code opens (server-rendered HTML in its template's design, no sign-in),
// the secured document when its issuer allows downloads, the templates' logos and the page's own scripts and
// fonts. Each view of a page counts as a scan. Every scan of every printed document lands here, so a
// verification's page is rendered once per version and sent from memory after that (rendered-verifications.ts).
import { z } from 'zod';

import { LANGUAGES, type Language } from '@common/i18n/languages';
import { LANGUAGE_COOKIE, languageOf, negotiateLanguage } from '@common/i18n/negotiate-language';
import { renderVerificationPage } from '@common/public-page/verification-page';
import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';
import { publicCodeParams } from '@common/verifications-schemas';

import { notFoundError } from '../../lib/app-error';
import { attachment } from '../../lib/content-disposition';
import { encodedAnswer } from '../../lib/content-encoding';
import { named } from '../../lib/named-plugin';
import {
  FONT_WEIGHTS,
  fontAssetName,
  HASHER_SCRIPT,
  loadPageAssets,
  messagesAssetName,
  SEAL_CHECK_SCRIPT,
  VERIFICATION_PAGE_SCRIPT,
} from '../../pages/page-assets';
import { servedOnHost } from '../../plugins/custom-domain-hosts';
import { allowWebAssembly } from '../../plugins/helmet';
import { RenderedVerifications } from '../../services/public-pages/rendered-verifications';

import logoRoutes from './logos';

import type { ZodTypeProvider } from '../../lib/zod-schemas';
import type { FoundPublicVerification } from '../../services/public-pages/find-public-verification';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

const ASSETS_PATH = '/v/assets';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
// About 1,500 pages of 10 KB: the documents being scanned these days, whatever the number issued.
const RENDERED_PAGES_BYTES = 16 * 1024 * 1024;

const pageQuery = z.object({
  /** A language asked for by the switcher's links (or a shared address); an unknown one is passed over. */
  lang: z.string().max(35).optional(),
});

/**
 * The reader's language (common/i18n/negotiate-language.ts). A language asked for in the address is remembered
 * for the whole host, so the scanner and the next page read it too.
 */
function readerLanguage(
  query: z.infer<typeof pageQuery>,
  request: FastifyRequest,
  reply: FastifyReply,
  templateDefault: string | null,
): Language {
  const asked = languageOf(query.lang);
  if (asked && asked !== request.cookies[LANGUAGE_COOKIE]) {
    reply.setCookie(LANGUAGE_COOKIE, asked, {
      path: '/',
      maxAge: YEAR_SECONDS,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  }
  return negotiateLanguage({
    query: query.lang,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    templateDefault,
  });
}

const pageRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const assets = await loadPageAssets();
  const assetUrl = (name: string) => `${ASSETS_PATH}/${name}?v=${assets.get(name)!.version}`;
  const pageAssets = {
    scriptUrl: assetUrl(VERIFICATION_PAGE_SCRIPT),
    hasherUrl: assetUrl(HASHER_SCRIPT),
    sealScriptUrl: assetUrl(SEAL_CHECK_SCRIPT),
    // On the main host even when the page is served on an issuer's custom domain: the scanner lives there only.
    scannerUrl: new URL('/scan', app.config.PUBLIC_URL).href,
    faviconUrl: '/favicon.svg',
    fontUrls: FONT_WEIGHTS.map((weight) => ({ weight, url: assetUrl(fontAssetName(weight)) })),
    host: new URL(app.config.PUBLIC_URL).host,
    publicUrl: app.config.PUBLIC_URL,
  };
  const publicPages = app.services.publicPages;
  const pageViews = app.metrics.publicViews.labels({ via: 'page' });
  const renderedPages = new RenderedVerifications(RENDERED_PAGES_BYTES);
  const messagesUrls = new Map(
    LANGUAGES.map((language) => {
      const name = messagesAssetName(language);
      return [language, name ? assetUrl(name) : undefined];
    }),
  );
  const renderPage = (
    code: string,
    found: FoundPublicVerification | null,
    language: Language,
    withdrawn = false,
  ) =>
    renderVerificationPage({
      code,
      withdrawn,
      verification: found?.verification ?? null,
      template: found?.design ?? DEFAULT_TEMPLATE_DESIGN,
      issuerDomain: found?.cached.issuer_domain ?? null,
      language,
      issuerLanguage: found?.defaultLanguage ?? null,
      messagesUrl: messagesUrls.get(language),
      ...pageAssets,
    });

  await app.register(named(logoRoutes), { prefix: '/logos' });

  routes.get(
    '/:code',
    { schema: { params: publicCodeParams, querystring: pageQuery } },
    async (request, reply) => {
      // On a custom domain, another account's code is not found (plugins/custom-domain-hosts.ts).
      const found = servedOnHost(request, await publicPages.findVerification(request.params.code));
      // A HEAD (link checkers, some previewers) reads no page, so it is not a view.
      if (found && request.method === 'GET') {
        pageViews.inc();
        publicPages.countView(found, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          acceptLanguage: request.headers['accept-language'],
        });
      }
      // A verification's page is kept, naming its code as issued; a made-up code is only echoed, never kept.
      // A deleted account's code says its issuer withdrew it (410), not that it was never issued.
      const withdrawn = !found && (await publicPages.isWithdrawn(request.params.code));
      const language = readerLanguage(
        request.query,
        request,
        reply,
        found?.defaultLanguage ?? null,
      );
      const page = found
        ? renderedPages.getEncoded(
            found,
            () => renderPage(found.cached.code, found, language),
            language,
            request.headers['accept-encoding'],
          )
        : {
            body: renderPage(request.params.code, null, language, withdrawn),
            encoding: 'identity',
          };
      if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
      // The copy check hashes large files with WebAssembly (hash-wasm).
      allowWebAssembly(reply);
      return (
        reply
          .code(found ? 200 : withdrawn ? 410 : 404)
          .type('text/html; charset=utf-8')
          // The verdict can change at any moment (a revocation), so no copy is kept anywhere.
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex, nofollow')
          // The page's language follows these, as issue 33 states the header. Its coding follows Accept-Encoding
          // too, left out here: no-store means no cache ever holds a copy that could be served in the wrong one.
          .header('vary', 'Accept-Language, Cookie')
          .send(page.body)
      );
    },
  );

  routes.get(
    '/:code/document',
    { schema: { params: publicCodeParams } },
    async (request, reply) => {
      const document = await publicPages.getDocument(request.params.code);
      if (!document) throw notFoundError();
      return reply
        .type('application/pdf')
        .header('content-length', document.size)
        .header('content-disposition', attachment(document.fileName))
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(document.stream);
    },
  );

  routes.get(
    '/assets/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ v: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) throw notFoundError();
      // Versioned URLs never change content; an unversioned one must be checked again.
      const isCurrent = request.query.v === asset.version;
      const { body, encoding } = encodedAnswer(
        asset.body,
        asset.compressed,
        request.headers['accept-encoding'],
      );
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .type(asset.contentType)
        .header(
          'cache-control',
          isCurrent ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        )
        .header('vary', 'Accept-Encoding')
        .send(body);
    },
  );
};

export default pageRoutes;
