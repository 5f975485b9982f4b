// The account screen's services (password, sessions, email change) as handlers call them: built once by the services plugin.
import type { PasswordChange } from '@common/auth-schemas';

import { notFoundError } from '../../lib/app-error';

import { changePassword } from './change-password';
import { confirmEmailChange } from './confirm-email-change';
import { endSessions } from './end-sessions';
import { findSessionOfToken } from './find-session-of-token';
import { listSessions } from './list-sessions';
import { requestEmailChange } from './request-email-change';

import type { OtpDependencies } from '../auth/issue-otp';

/** Who asks: the signed-in user and the access token they asked with (its family is their current session). */
export interface SessionUser {
  userId: string;
  accessToken: string | undefined;
}

export function buildAccountServices(deps: OtpDependencies) {
  const { db } = deps;
  const withCurrentSession = async ({ userId, accessToken }: SessionUser) => ({
    userId,
    currentFamilyId: await findSessionOfToken(db, accessToken),
  });
  return {
    changePassword: async (user: SessionUser, change: PasswordChange) =>
      changePassword(deps, await withCurrentSession(user), change),
    listSessions: async (user: SessionUser) => listSessions(db, await withCurrentSession(user)),
    endSession: async (userId: string, sessionId: string) => {
      const ended = await endSessions(db, userId, { only: sessionId }, 'revoked');
      if (ended === 0) throw notFoundError();
    },
    /** Mails a code to the new address; the change waits for it. */
    requestEmailChange: (userId: string, email: string) => requestEmailChange(deps, userId, email),
    confirmEmailChange: (userId: string, code: string) => confirmEmailChange(deps, userId, code),
    endOtherSessions: async (user: SessionUser) => {
      const { userId, currentFamilyId } = await withCurrentSession(user);
      await endSessions(db, userId, { except: currentFamilyId }, 'revoked');
    },
  };
}

export type AccountServices = ReturnType<typeof buildAccountServices>;
