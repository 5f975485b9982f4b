// Where an endpoint may point. Checked when it is saved: https only (unless WEBHOOKS_ALLOW_HTTP), and an address
// written as a literal IP must not be loopback, private, link-local or a cloud metadata address (unless
// WEBHOOKS_ALLOW_LOCAL_URLS). Host names are checked where it matters, when each delivery connects
// (send-webhook-request.ts): what a name resolves to can change after it is saved.
import { BlockList, isIP } from 'node:net';

import { fieldError } from '../../lib/app-error';

import type { WebhookDeps } from './webhook-deps';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4 written as IPv6 (::ffff:127.0.0.1): no real endpoint needs it, and it could hide any address above.
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Whether a literal IP address is one a webhook may never reach. */
function isLocalAddress(address: string): boolean {
  const family = isIP(address);
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Throws a 400 under details.url when the URL is not a place deliveries may go. */
export function checkWebhookUrl(value: string, config: WebhookDeps['config']): void {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.WEBHOOKS_ALLOW_HTTP)) {
    throw fieldError('url', 'Use an https:// URL.');
  }
  if (url.username || url.password) {
    throw fieldError('url', 'Leave the user name and password out of the URL.');
  }
  if (config.WEBHOOKS_ALLOW_LOCAL_URLS) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && isLocalAddress(host)) {
    throw fieldError(
      'url',
      'This address is private, local or reserved: webhooks go to public addresses only.',
    );
  }
}
