// The support services as handlers call them, built once with their dependencies (see plugins/services.ts): who
// the contact form says is writing, and sending a message to the support team.
import type { SupportSender } from '@common/support-schemas';

import { sendSupportMessage, type SupportMessage } from './send-support-message';

import type { AuthenticatedUser } from '../auth/find-user-by-access-token';
import type { SupportDeps } from './support-deps';

export function buildSupportServices(deps: SupportDeps) {
  return {
    /** Where replies will go (the user's own email) and the account's plan, as the form shows them. */
    async getSender(user: AuthenticatedUser): Promise<SupportSender> {
      const plan = await deps.planLimits.find(user.accountId);
      return { email: user.email, plan: plan.name };
    },

    send(user: AuthenticatedUser, message: SupportMessage) {
      return sendSupportMessage(deps, user, message);
    },
  };
}

export type SupportServices = ReturnType<typeof buildSupportServices>;
