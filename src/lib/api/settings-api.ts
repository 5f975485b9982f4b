// Settings the operator configures on the server and the SPA needs to know (the upload limit), read once from
// GET /api/settings/ so the SPA never keeps a second copy of them.
import type { AppSettings } from '@common/settings';

import { baseApi } from './base-api';

export const settingsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSettings: build.query<AppSettings, void>({
      query: () => 'settings/',
      // They change only with a redeploy; the cache keeps them for the session.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
