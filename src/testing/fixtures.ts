// Ready-made sessions and profiles for tests.
import { SESSION_LIFETIME_MS, type SessionState } from '@/lib/session/session-slice';
import type { OwnerUserDetails, SharedUserAccess, UserProfile } from '@common/auth-schemas';
import { declaredOnly } from '@common/issuer-identity';

export const OWNER_EMAIL = 'olivia.owner@example.com';
export const SHARED_USER_EMAIL = 'sam.shared@example.com';

/** A session signed in a moment ago, valid for the full 48 hours. */
export function signedInSession(overrides: Partial<SessionState> = {}): Partial<SessionState> {
  return {
    email: OWNER_EMAIL,
    accessToken: 'access-token-1',
    refreshToken: 'refresh-token-1',
    expiresIn: Date.now() + SESSION_LIFETIME_MS,
    fullName: 'Olivia Owner',
    isSharedUser: false,
    hasSetupCustomDomain: false,
    ...overrides,
  };
}

/** A shared user who may edit verifications, view templates and nothing else. */
export const SHARED_ACCESS: SharedUserAccess = {
  verifications: 'edit',
  bulk: 'none',
  templates: 'view',
  integrations: 'none',
  custom_domain: 'none',
};

export const OWNER_DETAILS: OwnerUserDetails = {
  email: OWNER_EMAIL,
  first_name: 'Olivia',
  last_name: 'Owner',
};

export function sharedUserSession(overrides: Partial<SessionState> = {}): Partial<SessionState> {
  return signedInSession({
    email: SHARED_USER_EMAIL,
    fullName: 'Sam Shared',
    isSharedUser: true,
    sharedUserAccess: SHARED_ACCESS,
    ownerUserDetails: OWNER_DETAILS,
    ...overrides,
  });
}

/** Tokens present but past their expiry: the user counts as signed out. */
export function expiredSession(): Partial<SessionState> {
  return signedInSession({ expiresIn: Date.now() - 1000 });
}

export const OWNER_PROFILE: UserProfile = {
  email: OWNER_EMAIL,
  first_name: 'Olivia',
  last_name: 'Owner',
  has_custom_domain: true,
  industry: 'Education',
  organisation_name: null,
  issuer_name: 'Olivia Owner',
  issuer_identity: {
    issuer: 'verify.olivia-owner.example',
    issuer_proof: 'domain',
    declared_name: 'Olivia Owner',
    declared_name_withheld: null,
  },
  has_password: true,
  pending_email: null,
  delete_after: null,
  is_shared: false,
  shared_access: null,
  owner_user: null,
};

export const SHARED_USER_PROFILE: UserProfile = {
  email: SHARED_USER_EMAIL,
  first_name: 'Sam',
  last_name: 'Shared',
  has_custom_domain: false,
  industry: null,
  organisation_name: null,
  issuer_name: 'Olivia Owner',
  issuer_identity: declaredOnly('Olivia Owner'),
  has_password: true,
  pending_email: null,
  delete_after: null,
  is_shared: true,
  shared_access: SHARED_ACCESS,
  owner_user: OWNER_DETAILS,
};
