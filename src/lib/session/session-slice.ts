// The signed-in session. Kept in lib, not in the auth feature, because the base
// query, the layouts and several features all read it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { OwnerUserDetails, SharedUserAccess, UserProfile } from '@common/auth-schemas';
import { SESSION_LIFETIME_SECONDS } from '@common/public-settings';
import { allows, withEveryArea, type AccessArea, type AccessLevel } from '@common/team';

export interface SessionState {
  email: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds after which the access token is no longer used. */
  expiresIn: number | null;
  fullName: string | null;
  isSharedUser: boolean;
  hasSetupCustomDomain: boolean;
  sharedUserAccess: SharedUserAccess | null;
  ownerUserDetails: OwnerUserDetails | null;
  /** Memory only: shown once after the profile reveals no industry yet. */
  showOnboardingScene: boolean;
  /** When an owner's deleted account goes (ISO time), while it waits out its grace period; else null. */
  deleteAfter: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Any state that carries the session; lets lib code select without importing the store. */
export interface StateWithSession {
  session: SessionState;
}

export const initialSessionState: SessionState = {
  email: null,
  accessToken: null,
  refreshToken: null,
  expiresIn: null,
  fullName: null,
  isSharedUser: false,
  hasSetupCustomDomain: false,
  sharedUserAccess: null,
  ownerUserDetails: null,
  showOnboardingScene: false,
  deleteAfter: null,
};

export const SESSION_LIFETIME_MS = SESSION_LIFETIME_SECONDS * 1000;

// Expiry is computed in prepare callbacks so reducers stay pure and replayable.
function withExpiry<T>(payload: T): { payload: T & { expiresIn: number } } {
  return { payload: { ...payload, expiresIn: Date.now() + SESSION_LIFETIME_MS } };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn: {
      reducer: (
        _state,
        action: PayloadAction<SessionTokens & { email?: string; expiresIn: number }>,
      ) => ({
        ...initialSessionState,
        ...action.payload,
        email: action.payload.email ?? null,
      }),
      prepare: (tokens: SessionTokens & { email?: string }) => withExpiry(tokens),
    },
    tokenRefreshed: {
      reducer: (
        state,
        action: PayloadAction<{ accessToken: string; refreshToken?: string; expiresIn: number }>,
      ) => {
        state.accessToken = action.payload.accessToken;
        state.refreshToken = action.payload.refreshToken ?? state.refreshToken;
        state.expiresIn = action.payload.expiresIn;
      },
      prepare: (tokens: { accessToken: string; refreshToken?: string }) => withExpiry(tokens),
    },
    /** Another tab of this browser refreshed the same session; its expiry is taken as stored. */
    tokensChangedInAnotherTab: (
      state,
      action: PayloadAction<SessionTokens & { expiresIn: number }>,
    ) => {
      state.accessToken = action.payload.accessToken;
      state.refreshToken = action.payload.refreshToken;
      state.expiresIn = action.payload.expiresIn;
    },
    profileLoaded: (state, action: PayloadAction<UserProfile>) => {
      const profile = action.payload;
      state.email = profile.email;
      state.fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
      state.isSharedUser = profile.is_shared;
      state.hasSetupCustomDomain = profile.has_custom_domain;
      state.sharedUserAccess = profile.shared_access;
      state.ownerUserDetails = profile.owner_user;
      state.showOnboardingScene = profile.industry === null;
      state.deleteAfter = profile.delete_after ?? null;
    },
    /** The owner cancelled the account's deletion within its grace period. */
    deletionCancelled: (state) => {
      state.deleteAfter = null;
    },
    /** The custom domain was verified or given up on this screen; the profile would say so on its next load. */
    customDomainChanged: (state, action: PayloadAction<{ isVerified: boolean }>) => {
      state.hasSetupCustomDomain = action.payload.isVerified;
    },
    signedOut: () => initialSessionState,
  },
});

export const {
  signedIn,
  tokenRefreshed,
  tokensChangedInAnotherTab,
  profileLoaded,
  customDomainChanged,
  deletionCancelled,
  signedOut,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export const selectSession = (state: StateWithSession) => state.session;
export const selectEmail = (state: StateWithSession) => state.session.email;
export const selectFullName = (state: StateWithSession) => state.session.fullName;
export const selectIsSharedUser = (state: StateWithSession) => state.session.isSharedUser;
export const selectAccessToken = (state: StateWithSession) => state.session.accessToken;
export const selectRefreshToken = (state: StateWithSession) => state.session.refreshToken;
/** A shared user's account owner, by name or else email; null for an owner. */
export function selectOwnerName(state: StateWithSession): string | null {
  const owner = state.session.ownerUserDetails;
  if (!owner) return null;
  return [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email;
}
export const selectShowOnboardingScene = (state: StateWithSession) =>
  state.session.showOnboardingScene;

/**
 * The level the signed-in user works at in `area`: owners (no shared access) edit everything; a shared user
 * has the level their owner gave them.
 */
export function selectAccess(state: StateWithSession, area: AccessArea): AccessLevel {
  const { isSharedUser, sharedUserAccess } = state.session;
  // A shared user whose permissions are missing gets none rather than an owner's reach.
  const access = isSharedUser ? withEveryArea(sharedUserAccess ?? {}) : null;
  if (allows(access, area, 'edit')) return 'edit';
  return allows(access, area, 'view') ? 'view' : 'none';
}

/** Signed in: an access token exists and its expiry lies ahead. */
export function selectIsAuthenticated(state: StateWithSession): boolean {
  const { accessToken, expiresIn } = state.session;
  return Boolean(accessToken) && expiresIn !== null && Date.now() < expiresIn;
}

/** The token to send as Bearer, or null once it has expired. */
export function selectUsableAccessToken(state: StateWithSession): string | null {
  return selectIsAuthenticated(state) ? state.session.accessToken : null;
}
