// The account and sign-in calls (spec section 7), injected into the one API.
import { env } from '@/config/env';
import { TOKEN_ENDPOINT } from '@/config/paths';
import { baseApi } from '@/lib/api/base-api';
import { explainsOwnErrors } from '@/lib/api/screen-handled-errors';
import { profileLoaded, type UserProfile } from '@/lib/session/session-slice';

import { isExplainedRejection, oauthErrorCode } from './auth-errors';

/** The token endpoint's answer (password, Google and SSO grants alike). */
export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

export interface GoogleTokens extends OAuthTokens {
  /** True when this sign-in created the account. */
  is_new_user: boolean;
}

/** Why an OTP is being verified; the server mails and checks each separately. */
export type OtpSource = 'signup' | 'email_verification' | 'forget-password';

export interface MessageAnswer {
  status?: number;
  data?: { message?: string };
}

export interface AttributionFields {
  referrer: string;
  journey: string[];
}

export interface RegisterRequest extends AttributionFields {
  first_name: string;
  email: string;
  password: string;
}

export interface SsoRedirectAnswer {
  auth_url?: string;
  data?: { auth_url?: string };
}

export type ProfileChanges = Partial<Pick<UserProfile, 'first_name' | 'last_name' | 'industry'>>;

const clientCredentials = () => ({
  client_id: env.OAUTH_CLIENT_ID,
  client_secret: env.OAUTH_CLIENT_SECRET,
});

export const authApi = baseApi.injectEndpoints({
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
        // The spec sends the password grant as multipart form data.
        const body = new FormData();
        body.append('grant_type', 'password');
        body.append('client_id', env.OAUTH_CLIENT_ID);
        body.append('client_secret', env.OAUTH_CLIENT_SECRET);
        body.append('email', email);
        body.append('password', password);
        return { url: TOKEN_ENDPOINT, method: 'POST', body };
      },
    }),
    revokeToken: build.mutation<unknown, string>({
      query: (token) => ({
        url: 'auth/token/revoke/',
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...clientCredentials(), token }).toString(),
      }),
      // A 401 here must not start a token refresh and reload in the middle of signing out.
      extraOptions: { withoutReauth: true },
    }),
    register: build.mutation<MessageAnswer, RegisterRequest>({
      query: (body) => ({ url: 'auth/register/', method: 'POST', body }),
    }),
    resendOtp: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: 'auth/resend-otp/', method: 'PATCH', body }),
    }),
    verifyEmail: build.mutation<MessageAnswer, { email: string; otp: string; source: OtpSource }>({
      query: ({ source, ...body }) => ({
        url: 'auth/email-verification/',
        method: 'PATCH',
        params: { source },
        body,
      }),
    }),
    requestPasswordReset: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: 'auth/forget-password/', method: 'PATCH', body }),
    }),
    changePassword: build.mutation<{ message?: string }, { email: string; password: string }>({
      query: ({ email, password }) => ({
        url: 'auth/forget-password/',
        method: 'PATCH',
        body: { email, password, source: 'forget-password' },
      }),
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
    requestSsoRedirect: build.mutation<SsoRedirectAnswer, { email: string }>({
      query: (body) => ({ url: 'auth/sso/redirect/', method: 'POST', body }),
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
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useSignInWithPasswordMutation,
  useRegisterMutation,
  useResendOtpMutation,
  useVerifyEmailMutation,
  useRequestPasswordResetMutation,
  useChangePasswordMutation,
  useConvertGoogleTokenMutation,
  useRequestSsoRedirectMutation,
  useExchangeSsoCodeMutation,
} = authApi;

/** Sign-in failures the forms show inline or answer with the verification step. */
export const SIGN_IN_ERRORS_SHOWN_INLINE = ['invalid_grant', 'email_verification_failed'];

// The screens word these failures themselves (spec section 8); see lib/api/screen-handled-errors.
explainsOwnErrors('signInWithPassword', (error) =>
  SIGN_IN_ERRORS_SHOWN_INLINE.includes(oauthErrorCode(error) ?? ''),
);
explainsOwnErrors(
  'register',
  (error) => isExplainedRejection(error) || oauthErrorCode(error) === 'invalid_grant',
);
explainsOwnErrors('verifyEmail', isExplainedRejection);
explainsOwnErrors('resendOtp', isExplainedRejection);
explainsOwnErrors('changePassword', isExplainedRejection);
explainsOwnErrors('requestSsoRedirect', isExplainedRejection);
explainsOwnErrors('exchangeSsoCode', isExplainedRejection);
// Signing out goes ahead whatever the revocation answers; a toast would only confuse.
explainsOwnErrors('revokeToken', () => true);
