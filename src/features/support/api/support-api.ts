// The support calls, injected into the one API: who the contact form says is writing (the user's email and the
// account's plan), and sending a message (with the app's diagnostic state when the user ticks it), as JSON or, with
// an attachment, as a multipart form.
import { baseApi } from '@/lib/api/base-api';
import type {
  SupportMessageRequest,
  SupportMessageSent,
  SupportSender,
} from '@common/support-schemas';

export type { SupportSender } from '@common/support-schemas';

export interface SupportMessageWrite extends SupportMessageRequest {
  attachment?: File | null;
}

/** The form shows the server's word beside its fields or in its alert; the sender line has its own fallback. */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

function messageBody({
  attachment,
  ...fields
}: SupportMessageWrite): SupportMessageRequest | FormData {
  if (!attachment) return fields;
  const body = new FormData();
  body.append('subject', fields.subject);
  body.append('message', fields.message);
  if (fields.diagnostic !== undefined) body.append('diagnostic', fields.diagnostic);
  body.append('attachment', attachment, attachment.name);
  return body;
}

export const supportApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    // The plan changes with the subscription, the email with the profile.
    getSupportSender: build.query<SupportSender, void>({
      query: () => 'support/',
      providesTags: [{ type: 'Subscription', id: 'CURRENT' }, 'Profile'],
      extraOptions: SHOWN_BY_SCREEN,
    }),
    sendSupportMessage: build.mutation<SupportMessageSent, SupportMessageWrite>({
      query: (write) => ({ url: 'support/messages/', method: 'POST', body: messageBody(write) }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const { useGetSupportSenderQuery, useSendSupportMessageMutation } = supportApi;
