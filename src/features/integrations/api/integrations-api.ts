// The integrations calls, injected into the one API: API keys ({type: 'ApiKey', id}), webhook endpoints
// ({type: 'Webhook', id}) and each endpoint's deliveries ({type: 'WebhookDelivery', id: <endpoint id>}); lists are
// id 'LIST'.
import { baseApi } from '@/lib/api/base-api';
import type {
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookList,
} from '@common/integrations-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  ApiKey,
  CreatedApiKey,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEvent,
} from '@common/integrations-schemas';

export interface DeliveriesRequest {
  webhookId: string;
  /** 1-based, as the server counts. */
  page: number;
  page_size: number;
}

const KEYS_TAG = { type: 'ApiKey', id: 'LIST' } as const;
const WEBHOOKS_TAG = { type: 'Webhook', id: 'LIST' } as const;
const deliveriesTag = (webhookId: string) => ({ type: 'WebhookDelivery' as const, id: webhookId });

/** The screen says what went wrong in its own words: under a field, in a dialog, or in a toast naming the thing. */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

/** Whether a newer page of deliveries shows one ending differently: the endpoint itself may have been turned off. */
function hasDeliveryEnded(before: WebhookDeliveryPage | undefined, after: WebhookDeliveryPage) {
  if (!before) return false;
  return after.results.some((delivery) => {
    const earlier = before.results.find(({ id }) => id === delivery.id);
    return earlier !== undefined && earlier.status !== delivery.status;
  });
}

export const integrationsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeyList, void>({
      query: () => 'integrations/api-keys/',
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'ApiKey' as const, id })) ?? []),
        KEYS_TAG,
      ],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyRequest>({
      query: (body) => ({ url: 'integrations/api-keys/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [KEYS_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    revokeApiKey: build.mutation<void, string>({
      query: (id) => ({ url: `integrations/api-keys/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [KEYS_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    getWebhooks: build.query<WebhookList, void>({
      query: () => 'integrations/webhooks/',
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'Webhook' as const, id })) ?? []),
        WEBHOOKS_TAG,
      ],
    }),
    createWebhook: build.mutation<Webhook, CreateWebhookRequest>({
      query: (body) => ({ url: 'integrations/webhooks/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [WEBHOOKS_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /** Any of url, events, description, enabled; `rotate_secret: true` answers with the new secret. */
    updateWebhook: build.mutation<Webhook, UpdateWebhookRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `integrations/webhooks/${id}/`, method: 'PATCH', body }),
      extraOptions: SHOWN_BY_SCREEN,
      // The answer is the endpoint as it now is: written into the list rather than refetched, so the switch
      // and a rotated secret change in one step.
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            integrationsApi.util.updateQueryData('getWebhooks', undefined, (list) => {
              const index = list.results.findIndex(({ id }) => id === data.id);
              if (index >= 0) list.results[index] = data;
            }),
          );
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    deleteWebhook: build.mutation<void, string>({
      query: (id) => ({ url: `integrations/webhooks/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [WEBHOOKS_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    getWebhookDeliveries: build.query<WebhookDeliveryPage, DeliveriesRequest>({
      query: ({ webhookId, page, page_size }) => ({
        url: `integrations/webhooks/${webhookId}/deliveries/`,
        params: { page, page_size },
      }),
      providesTags: (_result, _error, { webhookId }) => [deliveriesTag(webhookId)],
      async onQueryStarted(request, { dispatch, getState, queryFulfilled }) {
        const before =
          integrationsApi.endpoints.getWebhookDeliveries.select(request)(getState()).data;
        try {
          const { data } = await queryFulfilled;
          // Spent retries and a 410 turn the endpoint off on the server.
          if (hasDeliveryEnded(before, data)) {
            dispatch(baseApi.util.invalidateTags([{ type: 'Webhook', id: request.webhookId }]));
          }
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    redeliverWebhookDelivery: build.mutation<
      WebhookDelivery,
      { webhookId: string; deliveryId: string }
    >({
      query: ({ webhookId, deliveryId }) => ({
        url: `integrations/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver/`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, { webhookId }) => (error ? [] : [deliveriesTag(webhookId)]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /** Queues a `webhook.test` event to the endpoint, whatever it subscribes to. */
    sendWebhookTest: build.mutation<WebhookDelivery, string>({
      query: (webhookId) => ({ url: `integrations/webhooks/${webhookId}/test/`, method: 'POST' }),
      invalidatesTags: (_result, error, webhookId) => (error ? [] : [deliveriesTag(webhookId)]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useRedeliverWebhookDeliveryMutation,
  useSendWebhookTestMutation,
} = integrationsApi;
