// The API calls that carry a credential: a password, a one-time code or a token to send, or a token, key or secret in
// the answer. RTK Query would keep a mutation's answer in the store until it is reset (signing in's answer, both tokens,
// for as long as the session): these are reset as they settle, and DevTools shows their arguments masked.
import { isFulfilled, isRejected, type Action, type Reducer } from '@reduxjs/toolkit';

import { SECRET_MARKER } from '@/lib/secrets';

import { baseApi } from './base-api';

/** By endpoint name, as the features' api/ folders inject them. */
export const CREDENTIAL_CALLS: ReadonlySet<string> = new Set([
  // A password sent; the answer is the session's tokens.
  'signInWithPassword',
  'register',
  'resetForgottenPassword',
  'changePassword',
  // A one-time code sent.
  'verifyEmail',
  'confirmEmailChange',
  // Google's token, or the code an SSO provider sent back, exchanged for the session's tokens.
  'convertGoogleToken',
  'exchangeSsoCode',
  // The token itself is the argument.
  'revokeToken',
  // The answer is the key, shown once, or a webhook's signing secret (the list of webhooks keeps it for its card).
  'createApiKey',
  'createWebhook',
  'updateWebhook',
]);

const MUTATION_ACTION_PREFIX = `${baseApi.reducerPath}/executeMutation/`;

interface MutationActionMeta {
  requestId: string;
  arg: { endpointName: string; originalArgs: unknown; fixedCacheKey?: string };
}

type CredentialCallAction = Action<string> & { meta: MutationActionMeta };

function isCredentialCall(action: Action<string>): action is CredentialCallAction {
  if (!action.type.startsWith(MUTATION_ACTION_PREFIX)) return false;
  const { meta } = action as Partial<CredentialCallAction>;
  return CREDENTIAL_CALLS.has(meta?.arg?.endpointName ?? '');
}

interface ApiStateWithMutations {
  mutations: Record<string, unknown>;
}

/**
 * The API's reducer, but a credential call's entry leaves the store the moment it settles, as the mutation's
 * reset() would remove it: its caller reads the answer from the call itself (unwrap).
 */
export function resettingCredentialCalls<State extends ApiStateWithMutations>(
  reducer: Reducer<State>,
): Reducer<State> {
  return (state, action) => {
    const next = reducer(state, action);
    if (!(isFulfilled(action) || isRejected(action)) || !isCredentialCall(action)) return next;
    const key = action.meta.arg.fixedCacheKey ?? action.meta.requestId;
    if (!(key in next.mutations)) return next;
    const { [key]: _settled, ...mutations } = next.mutations;
    return { ...next, mutations };
  };
}

/** The action with a credential call's arguments replaced by SECRET_MARKER (a revoked token is a bare string). */
export function maskCredentialArguments<A extends Action<string>>(action: A): A {
  if (!isCredentialCall(action)) return action;
  const { meta } = action;
  return { ...action, meta: { ...meta, arg: { ...meta.arg, originalArgs: SECRET_MARKER } } };
}
