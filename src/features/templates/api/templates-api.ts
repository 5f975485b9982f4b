// The landing-page template calls, injected into the one API. Tags: each template is
// {type: 'Template', id}; the list is id 'LIST'.
import { baseApi } from '@/lib/api/base-api';
import { TEMPLATE_LIST_TAG, templateTag } from '@/lib/api/template-tags';
import type { Language } from '@common/i18n/languages';
import type { TemplateSettings } from '@common/templates';
import type { Template, TemplateList } from '@common/templates-schemas';

// The shapes are shared with the server (common/); re-exported so the feature reads them from its API.
export type { TemplateDesign, TemplateFieldSettings } from '@common/templates';
export type { Template } from '@common/templates-schemas';

/** The body of create and update: everything about a template but the logo file. */
export interface TemplateInput extends TemplateSettings {
  name: string;
  /** null removes the saved logo; left out, the logo stays as it is. */
  logo?: null;
  /** New verifications on the template get a sealed QR code. */
  seal_enabled: boolean;
  /** The language its public pages are read in when the reader names none; null: English. */
  default_language: Language | null;
  /** Its documents are achievements: their credentials are Open Badges, with this description and criteria. */
  is_achievement: boolean;
  achievement_description: string;
  achievement_criteria: string;
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

/**
 * The form shows the server's word beside the fields or in its alert; the delete dialog inside itself;
 * the grid's actions in toasts of their own that name the template.
 */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

/** JSON when there is no file; otherwise multipart with the JSON as the `data` part, as the server expects. */
export function templateRequestBody({ input, logoFile }: TemplateWrite): TemplateInput | FormData {
  if (!logoFile) return input;
  const body = new FormData();
  body.append('data', JSON.stringify(input));
  body.append('logo', logoFile, logoFile.name);
  return body;
}

export const templatesApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
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
      extraOptions: SHOWN_BY_SCREEN,
    }),
    updateTemplate: build.mutation<Template, TemplateWrite & { id: string }>({
      query: ({ id, ...write }) => ({
        url: `templates/${id}/`,
        method: 'PATCH',
        body: templateRequestBody(write),
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [templateTag(id), TEMPLATE_LIST_TAG],
      extraOptions: SHOWN_BY_SCREEN,
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
      extraOptions: SHOWN_BY_SCREEN,
    }),
    // Exactly one template is the default: the new one gains the badge and the old one loses it,
    // so every cached template may have changed.
    makeDefaultTemplate: build.mutation<Template, string>({
      query: (id) => ({ url: `templates/${id}/default/`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Template']),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    duplicateTemplate: build.mutation<Template, string>({
      query: (id) => ({ url: `templates/${id}/duplicate/`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [TEMPLATE_LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
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
