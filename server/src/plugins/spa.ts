// Serves the built SPA from STATIC_DIR: hashed assets cached forever, index.html always revalidated,
// and index.html for any browser navigation to a client-side route. Also owns the app's 404 answer.
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

import { notFoundError } from '../lib/app-error';

import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const INDEX_FILE = 'index.html';

// Paths the SPA never owns: the API, and the server-rendered public verification pages.
const SERVER_PATHS = /^\/(api|v)(\/|$)/;

function isNavigation(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    /text\/html|application\/xhtml\+xml/.test(accept)
  );
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

function cacheControlFor(staticDir: string, file: string): string {
  const relative = path.relative(staticDir, file).split(path.sep);
  return relative[0] === 'assets' ? IMMUTABLE : REVALIDATE;
}

export default fp(
  async (app) => {
    const staticDir = app.config.STATIC_DIR;
    const indexFile = path.join(staticDir, INDEX_FILE);

    // Synchronous on purpose: every `return reply` from an async handler adds a 'close' listener to the
    // response, and with @fastify/static's own they pass Node's leak-warning threshold.
    function sendIndex(reply: FastifyReply): void {
      if (!existsSync(indexFile)) {
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run npm run build');
        return;
      }
      reply.sendFile(INDEX_FILE);
    }

    await app.register(fastifyStatic, {
      root: staticDir,
      // The folder may appear after start (a build running beside a dev server); requests then say so.
      suppressWarning: true,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(staticDir, file)),
      allowedPath: (pathName) => !SERVER_PATHS.test(pathName),
    });

    app.setNotFoundHandler((request, reply) => {
      if (!isNavigation(request) || SERVER_PATHS.test(pathOf(request))) throw notFoundError();
      sendIndex(reply);
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
