// The account and sign-in calls, injected into the one API. The sign-in screens word most rejections
// themselves (their endpoints say which in `showsOwnErrors`); the generic toasts cover the rest.
import { env } from '@/config/env';
import { TOKEN_ENDPOINT } from '@/config/paths';
import { baseApi } from '@/lib/api/base-api';
import { profileLoaded } from '@/lib/session/session-slice';
import type { OAuthErrorCode } from '@common/api-error';
import type { OtpSource } from '@common/auth';
import type {
  MessageResponse,
  ProfileChanges,
  RegistrationRequest,
  RegistrationResponse,
  SsoRedirectResponse,
  TokenResponse,
  UserProfile,
} from '@common/auth-schemas';
import type { Invitation } from '@common/team-schemas';

import { isExplainedRejection, oauthErrorCode } from './auth-errors';

/** The token endpoint's answer (password, Google and SSO grants alike). */
export type OAuthTokens = TokenResponse;

/** Google's grant also says whether this sign-in created the account. */
export type GoogleTokens = TokenResponse & { is_new_user: boolean };

export type { OtpSource } from '@common/auth';

export type MessageAnswer = MessageResponse;

/** Where a new account came from: sent with the registration and with Google's grant. */
export type AttributionFields = Pick<RegistrationRequest, 'referrer' | 'journey'>;

export type RegisterRequest = RegistrationRequest;

export type { ProfileChanges };

const clientCredentials = () => ({
  client_id: env.OAUTH_CLIENT_ID,
  client_secret: env.OAUTH_CLIENT_SECRET,
});

/** Sign-in failures the forms show inline or answer with the verification step. */
export const SIGN_IN_ERRORS_SHOWN_INLINE: readonly OAuthErrorCode[] = [
  'invalid_grant',
  'email_verification_failed',
];

/** 4xx answers that carry their reason, which these screens show in their own words. */
const EXPLAINED_REJECTIONS = { showsOwnErrors: isExplainedRejection } as const;

export const authApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, void>({
      query: () => 'auth/profile/',
      providesTags: ['Profile'],
      // Every fresh profile updates the session: name, sharing, custom domain, onboarding.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileLoaded(data));
        } catch {
          // The error toast comes from the API error listener.
        }
      },
    }),
    updateProfile: build.mutation<UserProfile, ProfileChanges>({
      query: (changes) => ({ url: 'auth/profile/', method: 'PATCH', body: changes }),
      async onQueryStarted(_changes, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.updateQueryData('getProfile', undefined, () => data));
          dispatch(profileLoaded(data));
        } catch {
          // The error toast comes from the API error listener.
        }
      },
    }),
    signInWithPassword: build.mutation<OAuthTokens, { email: string; password: string }>({
      query: ({ email, password }) => {
        // The password grant goes as multipart form data, as the token endpoint's clients have always sent it.
        const body = new FormData();
        body.append('grant_type', 'password');
        body.append('client_id', env.OAUTH_CLIENT_ID);
        body.append('client_secret', env.OAUTH_CLIENT_SECRET);
        body.append('email', email);
        body.append('password', password);
        return { url: TOKEN_ENDPOINT, method: 'POST', body };
      },
      extraOptions: {
        showsOwnErrors: (error) =>
          SIGN_IN_ERRORS_SHOWN_INLINE.some((code) => code === oauthErrorCode(error)),
      },
    }),
    revokeToken: build.mutation<unknown, string>({
      query: (token) => ({
        url: 'auth/token/revoke/',
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...clientCredentials(), token }).toString(),
      }),
      // A 401 here must not start a token refresh and reload in the middle of signing out, and signing
      // out goes ahead whatever the revocation answers: a toast would only confuse.
      extraOptions: { withoutReauth: true, showsOwnErrors: true },
    }),
    /** A team invitation link's details; 404 once it is used, expired or unknown (the screen says so). */
    getInvitation: build.query<Invitation, string>({
      query: (token) => `team/invitations/${encodeURIComponent(token)}/`,
      extraOptions: { showsOwnErrors: true },
    }),
    register: build.mutation<RegistrationResponse, RegisterRequest>({
      query: (body) => ({ url: 'auth/register/', method: 'POST', body }),
      extraOptions: {
        showsOwnErrors: (error) =>
          isExplainedRejection(error) || oauthErrorCode(error) === 'invalid_grant',
      },
    }),
    resendOtp: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: 'auth/resend-otp/', method: 'PATCH', body }),
      extraOptions: EXPLAINED_REJECTIONS,
    }),
    verifyEmail: build.mutation<MessageAnswer, { email: string; otp: string; source: OtpSource }>({
      query: ({ source, ...body }) => ({
        url: 'auth/email-verification/',
        method: 'PATCH',
        params: { source },
        body,
      }),
      extraOptions: EXPLAINED_REJECTIONS,
    }),
    requestPasswordReset: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: 'auth/forget-password/', method: 'PATCH', body }),
    }),
    resetForgottenPassword: build.mutation<
      { message?: string },
      { email: string; password: string }
    >({
      query: ({ email, password }) => ({
        url: 'auth/forget-password/',
        method: 'PATCH',
        body: { email, password, source: 'forget-password' },
      }),
      extraOptions: EXPLAINED_REJECTIONS,
    }),
    convertGoogleToken: build.mutation<GoogleTokens, AttributionFields & { token: string }>({
      query: ({ token, referrer, journey }) => ({
        url: 'auth/token/google/',
        method: 'POST',
        body: {
          grant_type: 'convert_token',
          ...clientCredentials(),
          backend: 'google-oauth2',
          token,
          referrer,
          journey,
        },
      }),
    }),
    requestSsoRedirect: build.mutation<SsoRedirectResponse, { email: string }>({
      query: (body) => ({ url: 'auth/sso/redirect/', method: 'POST', body }),
      extraOptions: EXPLAINED_REJECTIONS,
    }),
    exchangeSsoCode: build.mutation<OAuthTokens, { email: string; code: string; state?: string }>({
      query: ({ email, code, state }) => ({
        url: 'auth/token/sso/',
        method: 'POST',
        body: {
          grant_type: 'sso_token',
          ...clientCredentials(),
          email,
          code,
          ...(state ? { state } : {}),
        },
      }),
      extraOptions: EXPLAINED_REJECTIONS,
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useGetInvitationQuery,
  useRegisterMutation,
  useResendOtpMutation,
  useVerifyEmailMutation,
  useRequestPasswordResetMutation,
  useResetForgottenPasswordMutation,
  useConvertGoogleTokenMutation,
  useRequestSsoRedirectMutation,
  useExchangeSsoCodeMutation,
} = authApi;
