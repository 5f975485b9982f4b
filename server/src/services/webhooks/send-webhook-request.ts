// One attempt to deliver: a POST of the stored body, signed, over node:http(s). Without WEBHOOKS_ALLOW_LOCAL_URLS
// request-filtering-agent checks every address the host name resolves to as it connects, so a name pointing at
// loopback, a private network or a metadata address is refused, even one that changed since it was saved (DNS
// rebinding). Redirects are never followed, the whole attempt has WEBHOOK_TIMEOUT_SECONDS, and only the start
// of the answer is read: a receiver cannot make the server wait or hold an unbounded body.
import http from 'node:http';
import https from 'node:https';

import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

import { signatureHeader } from './webhook-secret';

export interface WebhookRequest {
  url: string;
  messageId: string;
  body: string;
  /** The secrets that sign it: the current one, and the previous one while it is still valid. */
  secrets: string[];
  timeoutSeconds: number;
  allowLocalUrls: boolean;
}

export interface WebhookAttempt {
  /** Null when nothing answered (refused address, timeout, connection error). */
  status: number | null;
  /** The start of the answer's body, or what went wrong. */
  excerpt: string;
  durationMs: number;
}

/** How much of an answer is kept. */
export const EXCERPT_BYTES = 1024;

const filteringAgents = {
  http: new RequestFilteringHttpAgent(),
  https: new RequestFilteringHttpsAgent(),
};
const plainAgents = { http: new http.Agent(), https: new https.Agent() };

function describeError(error: Error & { code?: string }, host: string, timeoutSeconds: number) {
  if (error.message === 'timeout') return `No answer within ${timeoutSeconds} seconds.`;
  // request-filtering-agent: "DNS lookup 127.0.0.1(family:4, host:localhost) is not allowed. ..."
  const refused = /^DNS lookup (\S+?)\(.*is not allowed/.exec(error.message);
  if (refused) {
    return `Not sent: ${host} is a private, loopback or reserved address (${refused[1]}); webhooks go to public addresses only.`;
  }
  if (error.code === 'ENOTFOUND') return `Not sent: ${host} does not resolve to an address.`;
  if (error.code === 'ECONNREFUSED') return `Could not connect: ${host} refused the connection.`;
  if (error.code === 'ECONNRESET') return 'The connection was closed before an answer came.';
  return `Could not deliver: ${error.message}`;
}

/** Text that fits a Postgres text column (no NUL characters). */
function cleanText(value: string): string {
  return value.replaceAll('\u0000', '');
}

export function sendWebhookRequest(request: WebhookRequest): Promise<WebhookAttempt> {
  const url = new URL(request.url);
  const isHttps = url.protocol === 'https:';
  const agents = request.allowLocalUrls ? plainAgents : filteringAgents;
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  return new Promise((resolve) => {
    let isDone = false;
    const done = (status: number | null, excerpt: string) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      resolve({
        status,
        excerpt: cleanText(excerpt),
        durationMs: Math.round(performance.now() - started),
      });
    };
    const outgoing = (isHttps ? https : http).request(
      url,
      {
        method: 'POST',
        agent: isHttps ? agents.https : agents.http,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'QR-Verify-Webhooks/1',
          'webhook-id': request.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(
            request.secrets,
            request.messageId,
            timestamp,
            request.body,
          ),
        },
      },
      (response) => {
        const status = response.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const location = response.headers.location;
          done(
            status,
            status !== null && status >= 300 && status < 400
              ? `Redirect${location ? ` to ${location.slice(0, 500)}` : ''} not followed: answer with 2xx at the URL itself.`
              : text,
          );
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
        response.on('close', finish);
      },
    );
    outgoing.on('error', (error) =>
      done(null, describeError(error, url.hostname, request.timeoutSeconds)),
    );
    const timer = setTimeout(
      () => outgoing.destroy(new Error('timeout')),
      request.timeoutSeconds * 1000,
    );
    outgoing.end(request.body);
  });
}
