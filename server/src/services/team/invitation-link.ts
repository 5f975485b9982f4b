// An invitation's link: its token is unguessable (256 random bits), stored only as its SHA-256, and works once
// until it expires. Sending a fresh one replaces the stored hash, so the old link stops working.
import { INVITATION_LIFETIME_DAYS } from '@common/team';

import { randomToken } from '../../lib/random-token';
import { sha256 } from '../../lib/sha256';
import { invitationMail } from '../../mail/invitation-mail';

import type { MailMessage } from '../../mail/mailer';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationLink {
  token: string;
  /** What team_members stores. */
  columns: { invitation_token_hash: string; invitation_expires_at: Date };
}

export function newInvitationLink(now = new Date()): InvitationLink {
  const token = randomToken();
  return {
    token,
    columns: {
      invitation_token_hash: sha256(token),
      invitation_expires_at: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
    },
  };
}

/** The SPA's sign-up screen reads the token from `invitation`. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/signup?invitation=${encodeURIComponent(token)}`;
}

export function invitationMessage(
  publicUrl: string,
  invitation: { email: string; ownerName: string; token: string },
): MailMessage {
  return invitationMail(
    invitation.email,
    invitation.ownerName,
    invitationUrl(publicUrl, invitation.token),
  );
}
