// GET /api/settings/: the operator's limits the SPA needs before anyone signs in (the upload limit).
import { appSettingsSchema, type AppSettings } from '@common/settings';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const settingsRoutes: FastifyPluginAsync = async (app) => {
  const settings: AppSettings = { upload_max_bytes: app.config.UPLOAD_MAX_BYTES };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { schema: { response: { 200: appSettingsSchema } }, config: { access: 'public' } },
      async () => settings,
    );
};

export default settingsRoutes;
