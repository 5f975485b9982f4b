// A refused request body is answered, never reset. Node answers `Expect: 100-continue` as soon as the headers are
// in, before a route has looked at the request; and it closes a connection right after an answer that ends it,
// unread body and all, which makes the kernel reset it: a client still writing (Node's http, Python's urllib and
// most scripts write the whole body before they read) gets a broken pipe instead of the answer. Here 100 Continue
// waits until the body is read, so a body refused unread is never sent; and an answer sent before the body is in
// stays open while the rest is read and dropped (within bounds), so that the client finishes writing and reads it.
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import fp from 'fastify-plugin';

import type { IncomingMessage, ServerResponse } from 'node:http';

// A refused body is read this far and this long at most; past either its connection is dropped.
const DROP_AT_MOST_BYTES = 64 * 1024 * 1024;
const DROP_AT_MOST_MS = 10_000;

/** Requests whose client waits for 100 Continue before it sends the body. */
const awaitingContinue = new WeakSet<IncomingMessage>();

// A readable stream calls _read when a consumer first asks for data, however it reads (pipe, 'data', read()).
function continueOnFirstRead(request: IncomingMessage, response: ServerResponse): void {
  awaitingContinue.add(request);
  const read = request._read;
  request._read = function (size) {
    request._read = read;
    // Once answered, the body is read only to be dropped: too late to ask for it.
    if (awaitingContinue.delete(request) && !response.headersSent) response.writeContinue();
    read.call(this, size);
  };
}

async function dropRestOfBody(body: IncomingMessage): Promise<void> {
  let dropped = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      dropped += chunk.length;
      done(dropped > DROP_AT_MOST_BYTES ? new Error('Too much of a refused body') : null);
    },
  });
  // Whatever was reading it (busboy, say) has given up on it.
  body.unpipe();
  // On failure pipeline() destroys the body, and with it the connection.
  await pipeline(body, sink, { signal: AbortSignal.timeout(DROP_AT_MOST_MS) }).catch(
    () => undefined,
  );
}

/** The whole answer at once, in a stream that ends, letting Node close or reuse the connection, once the body is in. */
function answerWhileDropping(payload: string | Buffer, body: IncomingMessage): PassThrough {
  const answer = new PassThrough();
  answer.write(payload);
  void dropRestOfBody(body).then(() => answer.end());
  return answer;
}

export default fp(
  async (app) => {
    app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
      continueOnFirstRead(request, response);
      app.server.emit('request', request, response);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const body = request.raw;
      // `complete` is Node's; an injected request (light-my-request) has none, and no connection to keep whole.
      const isBodyIn = body.complete !== false;
      // A client still waiting for 100 Continue sends nothing more: Node closes the connection after the answer.
      if (isBodyIn || body.destroyed || awaitingContinue.has(body)) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      reply.header('content-length', Buffer.byteLength(payload));
      return answerWhileDropping(payload, body);
    });
  },
  { name: 'body-refusals' },
);
