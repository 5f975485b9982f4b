// GET /api/settings/: the operator's limits the SPA needs before anyone signs in (upload and bulk limits); and
// the account's settings below it (custom-domain/, document-signing/).
import { appSettingsSchema, type AppSettings } from '@common/settings';

import { named } from '../../../lib/named-plugin';

import customDomainRoutes from './custom-domain';
import documentSigningRoutes from './document-signing';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const settings: AppSettings = {
    upload_max_bytes: config.UPLOAD_MAX_BYTES,
    bulk_max_rows: config.BULK_MAX_ROWS,
    bulk_sheet_max_bytes: config.BULK_SHEET_MAX_BYTES,
    bulk_max_zip_bytes: config.BULK_MAX_ZIP_BYTES,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { schema: { response: { 200: appSettingsSchema } }, config: { access: 'public' } },
      async () => settings,
    );
  await app.register(named(customDomainRoutes), { prefix: '/custom-domain' });
  await app.register(named(documentSigningRoutes), { prefix: '/document-signing' });
};

export default settingsRoutes;
