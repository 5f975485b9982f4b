// /v/: the public verification page a QR code opens (server-rendered HTML in its template's design, no sign-in),
// the secured document when its issuer allows downloads, the templates' logos and the page's own script and
// fonts. Each view of a page counts as a scan.
import { z } from 'zod';

import { renderVerificationPage } from '@common/public-page/verification-page';
import { DEFAULT_TEMPLATE_DESIGN, type TemplateDesign } from '@common/templates';

import { notFoundError } from '../../lib/app-error';
import { attachment } from '../../lib/content-disposition';
import {
  FONT_WEIGHTS,
  fontAssetName,
  loadPageAssets,
  VERIFICATION_PAGE_SCRIPT,
} from '../../pages/page-assets';
import { classifyDevice } from '../../services/verifications/classify-device';
import { isPublicCode } from '../../services/verifications/public-code';
import { isoDate, toPublicVerification } from '../../services/verifications/public-verification';
import { verificationFileKeys } from '../../services/verifications/verification-files';

import logoRoutes from './logos';

import type { ZodTypeProvider } from '../../lib/zod-schemas';
import type { PublicRecord } from '../../services/verifications/public-verification';
import type { FastifyPluginAsync } from 'fastify';

const ASSETS_PATH = '/v/assets';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const codeParams = z.object({ code: z.string() });

const pageRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const assets = await loadPageAssets();
  const assetUrl = (name: string) => `${ASSETS_PATH}/${name}?v=${assets.get(name)!.version}`;
  const scriptUrl = assetUrl(VERIFICATION_PAGE_SCRIPT);
  const fontUrls = FONT_WEIGHTS.map((weight) => ({ weight, url: assetUrl(fontAssetName(weight)) }));
  const host = new URL(app.config.PUBLIC_URL).host;

  async function findRecord(rawCode: string): Promise<PublicRecord | null> {
    const code = rawCode.toLowerCase();
    return isPublicCode(code) ? app.publicRecords.get(code) : null;
  }

  // Both from memory on the hot path: records by code, designs by template id (shared by its verifications).
  async function designOf(record: PublicRecord | null): Promise<TemplateDesign> {
    const template = record && (await app.publicTemplates.get(record.template_id));
    return template?.design ?? DEFAULT_TEMPLATE_DESIGN;
  }

  await app.register(logoRoutes, { prefix: '/logos' });

  routes.get('/:code', { schema: { params: codeParams } }, async (request, reply) => {
    const record = await findRecord(request.params.code);
    // A HEAD (link checkers, some previewers) reads no page, so it is not a view.
    if (record && request.method === 'GET') {
      app.scanRecorder.record({
        verificationId: record.id,
        scannedAt: new Date(),
        device: classifyDevice(request.headers['user-agent']),
      });
    }
    const html = renderVerificationPage({
      code: request.params.code,
      verification: record && toPublicVerification(record, isoDate()),
      template: await designOf(record),
      scriptUrl,
      faviconUrl: '/favicon.svg',
      fontUrls,
      host,
    });
    return (
      reply
        .code(record ? 200 : 404)
        .type('text/html; charset=utf-8')
        // The verdict can change at any moment (a revocation), so no copy is kept anywhere.
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(html)
    );
  });

  routes.get('/:code/document', { schema: { params: codeParams } }, async (request, reply) => {
    const record = await findRecord(request.params.code);
    // Offered only when both the verification and its template allow it, as the page shows.
    if (!record?.allow_download || !(await designOf(record)).allow_download) throw notFoundError();
    const stream = await app.storage.getStream(verificationFileKeys(record.id).secured);
    return reply
      .type('application/pdf')
      .header('content-length', record.secured_size)
      .header('content-disposition', attachment(`${record.title}-secured.pdf`))
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(stream);
  });

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
      return reply
        .type(asset.contentType)
        .header(
          'cache-control',
          isCurrent ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        )
        .send(asset.body);
    },
  );
};

export default pageRoutes;
