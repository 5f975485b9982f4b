// Whether a client's cached copy is still current: its If-None-Match names this strong ETag (or any, with '*').
// A weak tag the client echoes back still names the same bytes here, since each response's ETag is strong.
import type { FastifyRequest } from 'fastify';

export function isFresh(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
