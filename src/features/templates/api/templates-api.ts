// The landing-page template calls, injected into the one API. Tags: each template is
// {type: 'Template', id}; the list is id 'LIST'.
import { baseApi } from '@/lib/api/base-api';
import { explainsOwnErrors } from '@/lib/api/screen-handled-errors';
import type { Template, TemplateFieldSettings } from '@common/templates';

// The shapes are shared with the server (common/); re-exported so the feature reads them from its API.
export type { Template, TemplateDesign, TemplateFieldSettings } from '@common/templates';

export interface TemplateList {
  count: number;
  results: Template[];
}

/** The body of create and update: everything about a template but the logo file. */
export interface TemplateInput {
  name: string;
  primary_color: string;
  background_color: string;
  text_color: string;
  heading: string;
  intro: string;
  fields: TemplateFieldSettings;
  allow_download: boolean;
  contact_text: string;
  contact_url: string;
  footer_text: string;
  /** null removes the saved logo; left out, the logo stays as it is. */
  logo?: null;
}

export interface TemplateWrite {
  input: TemplateInput;
  /** A new logo to upload with the template. */
  logoFile?: File;
}

export interface DeleteTemplateRequest {
  id: string;
  /** Where the template's verifications move; required while any use it. */
  replacementId?: string;
}

export const TEMPLATE_LIST_TAG = { type: 'Template', id: 'LIST' } as const;
const templateTag = (id: string) => ({ type: 'Template' as const, id });

/** JSON when there is no file; otherwise multipart with the JSON as the `data` part, as the server expects. */
export function templateRequestBody({ input, logoFile }: TemplateWrite): TemplateInput | FormData {
  if (!logoFile) return input;
  const body = new FormData();
  body.append('data', JSON.stringify(input));
  body.append('logo', logoFile, logoFile.name);
  return body;
}

export const templatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTemplates: build.query<TemplateList, void>({
      query: () => 'templates/',
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => templateTag(id)) ?? []),
        TEMPLATE_LIST_TAG,
      ],
    }),
    getTemplate: build.query<Template, string>({
      query: (id) => `templates/${id}/`,
      providesTags: (_result, _error, id) => [templateTag(id)],
    }),
    createTemplate: build.mutation<Template, TemplateWrite>({
      query: (write) => ({ url: 'templates/', method: 'POST', body: templateRequestBody(write) }),
      invalidatesTags: (_result, error) => (error ? [] : [TEMPLATE_LIST_TAG]),
    }),
    updateTemplate: build.mutation<Template, TemplateWrite & { id: string }>({
      query: ({ id, ...write }) => ({
        url: `templates/${id}/`,
        method: 'PATCH',
        body: templateRequestBody(write),
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [templateTag(id), TEMPLATE_LIST_TAG],
    }),
    // The verifications move to the replacement, so its count changes too.
    deleteTemplate: build.mutation<void, DeleteTemplateRequest>({
      query: ({ id, replacementId }) => ({
        url: `templates/${id}/`,
        method: 'DELETE',
        params: replacementId ? { replacement_id: replacementId } : undefined,
      }),
      invalidatesTags: (_result, error, { replacementId }) =>
        error ? [] : [TEMPLATE_LIST_TAG, ...(replacementId ? [templateTag(replacementId)] : [])],
    }),
    // Exactly one template is the default: the new one gains the badge and the old one loses it,
    // so every cached template may have changed.
    makeDefaultTemplate: build.mutation<Template, string>({
      query: (id) => ({ url: `templates/${id}/default/`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Template']),
    }),
    duplicateTemplate: build.mutation<Template, string>({
      query: (id) => ({ url: `templates/${id}/duplicate/`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [TEMPLATE_LIST_TAG]),
    }),
  }),
});

export const {
  useGetTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useMakeDefaultTemplateMutation,
  useDuplicateTemplateMutation,
} = templatesApi;

// The form shows the server's word beside the fields or in its alert; the delete dialog inside
// itself; the grid's actions in toasts of their own that name the template. 5xx still reach Sentry.
explainsOwnErrors('createTemplate', () => true);
explainsOwnErrors('updateTemplate', () => true);
explainsOwnErrors('deleteTemplate', () => true);
explainsOwnErrors('makeDefaultTemplate', () => true);
explainsOwnErrors('duplicateTemplate', () => true);
