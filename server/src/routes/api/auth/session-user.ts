import { signedInUser } from '../../../plugins/auth';

import type { SessionUser } from '../../../services/account/account-services';
import type { FastifyRequest } from 'fastify';

// The routes using this are 'signed-in': an API key never reaches them, so the Bearer is an access token.
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in user with the access token of the request, whose family is the session in use. */
export function sessionUser(request: FastifyRequest): SessionUser {
  return {
    userId: signedInUser(request).id,
    accessToken: BEARER.exec(request.headers.authorization ?? '')?.[1],
  };
}
