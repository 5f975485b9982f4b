// The account's templates as a form's "Landing-page template" choice (single and bulk verifications). Features do
// not import each other, so this reads the templates list on its own and names only what a choice needs; the
// templates feature's mutations invalidate the same tag.
import type { Template } from '@common/templates-schemas';

import { baseApi } from './base-api';

export type TemplateChoice = Pick<
  Template,
  'id' | 'name' | 'is_default' | 'allow_download' | 'seal_enabled'
>;

export const templateChoicesApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTemplateChoices: build.query<TemplateChoice[], void>({
      query: () => 'templates/',
      transformResponse: (answer: { results: TemplateChoice[] }) =>
        answer.results.map(({ id, name, is_default, allow_download, seal_enabled }) => ({
          id,
          name,
          is_default,
          allow_download,
          seal_enabled,
        })),
      providesTags: [{ type: 'Template', id: 'LIST' }],
    }),
  }),
});

export const { useGetTemplateChoicesQuery } = templateChoicesApi;
