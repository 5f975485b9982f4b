// The account and sign-in services as handlers call them: built once by the services plugin with what they work
// with (database, mail, password hasher, token lifetimes, identity providers).
import type { OtpSource } from '@common/auth';
import type { ProfileChanges } from '@common/auth-schemas';

import { startSsoLogin } from '../sso/start-sso-login';

import { confirmEmailCode } from './confirm-email-code';
import { getProfile } from './get-profile';
import { refreshTokens } from './refresh-tokens';
import { registerInvitedUser, type InvitedRegistration } from './register-invited-user';
import { registerUser, type Registration } from './register-user';
import { requestPasswordReset } from './request-password-reset';
import { resendOtp } from './resend-otp';
import { resetPassword } from './reset-password';
import { revokeToken } from './revoke-token';
import { signInWithGoogle, type GoogleSignIn } from './sign-in-with-google';
import { signInWithPassword } from './sign-in-with-password';
import { signInWithSso } from './sign-in-with-sso';
import { updateProfile } from './update-profile';

import type { Config } from '../../config';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { OtpDependencies } from './issue-otp';

export type AuthDeps = OtpDependencies & {
  publicPages: PublicPageCache;
  config: Pick<
    Config,
    | 'ACCESS_TOKEN_TTL_SECONDS'
    | 'REFRESH_TOKEN_TTL_SECONDS'
    | 'REFRESH_GRACE_SECONDS'
    | 'PUBLIC_URL'
    | 'GOOGLE_USERINFO_URL'
    | 'GOOGLE_TOKENINFO_URL'
    | 'GOOGLE_CLIENT_ID'
  >;
};

export function buildAuthServices(deps: AuthDeps) {
  const { db, config } = deps;
  const lifetimes = config;
  const google = {
    userinfoUrl: config.GOOGLE_USERINFO_URL,
    tokeninfoUrl: config.GOOGLE_TOKENINFO_URL,
    clientId: config.GOOGLE_CLIENT_ID,
  };
  return {
    register: (registration: Registration) => registerUser(deps, registration),
    /** A sign-up that accepts a team invitation: signed in at once. */
    registerInvited: (registration: InvitedRegistration) =>
      registerInvitedUser({ ...deps, lifetimes }, registration),
    resendOtp: (email: string) => resendOtp(deps, email),
    confirmEmailCode: (attempt: { email: string; code: string; source: OtpSource }) =>
      confirmEmailCode(deps, attempt),
    requestPasswordReset: (email: string) => requestPasswordReset(deps, email),
    resetPassword: (reset: { email: string; password: string }) => resetPassword(deps, reset),
    signInWithPassword: (credentials: { email: string; password: string; userAgent?: string }) =>
      signInWithPassword({ ...deps, lifetimes }, credentials),
    refreshTokens: (refreshToken: string) => refreshTokens(db, config, refreshToken),
    revokeToken: (token: string) => revokeToken(db, token),
    signInWithGoogle: (signIn: GoogleSignIn) => signInWithGoogle({ db, lifetimes, google }, signIn),
    /** Where the browser goes to sign in with the email's organisation. */
    startSsoLogin: (email: string) => startSsoLogin(db, { email, publicUrl: config.PUBLIC_URL }),
    signInWithSso: (callback: {
      email: string;
      code: string;
      state?: string;
      userAgent?: string;
    }) => signInWithSso({ db, lifetimes }, { ...callback, publicUrl: config.PUBLIC_URL }),
    getProfile: (userId: string) => getProfile(db, userId),
    updateProfile: (userId: string, changes: ProfileChanges) =>
      updateProfile({ db, publicPages: deps.publicPages }, userId, changes),
  };
}

export type AuthServices = ReturnType<typeof buildAuthServices>;
