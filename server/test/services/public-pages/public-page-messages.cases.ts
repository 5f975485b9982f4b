// The changes as they travel between instances: split under Postgres's payload limit, read back whole.
import {
  MAX_PAYLOAD_BYTES,
  readPayload,
  toPayloads,
} from '../../../src/services/public-pages/public-page-messages';

import type { PublicPageChange } from '../../../src/services/public-pages/public-page-cache';

const INSTANCE = '5f0c7a52-3c1e-4d8e-9a51-0d3f1f7f2b6e';

test('an issuer renamed with thousands of codes travels in payloads under the limit that list every code once', () => {
  const codes = Array.from(
    { length: 5_000 },
    (_, index) => `code${String(index).padStart(8, '0')}`,
  );

  const payloads = toPayloads(INSTANCE, { type: 'issuer-renamed', codes });

  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) {
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
  }
  const received = payloads.map((payload) => readPayload(payload)!);
  expect(received.every((message) => message.from === INSTANCE)).toBe(true);
  expect(
    received.flatMap((message) =>
      message.change.type === 'issuer-renamed' ? message.change.codes : [],
    ),
  ).toEqual(codes);
});

test('each part of a split deletion repeats what it deletes', () => {
  const movedCodes = Array.from({ length: 2_000 }, (_, index) => `moved-${index}`);

  const changes = toPayloads(INSTANCE, { type: 'template-deleted', id: 'tpl', movedCodes }).map(
    (payload) => readPayload(payload)!.change,
  );

  expect(changes.length).toBeGreaterThan(1);
  expect(changes.every((change) => change.type === 'template-deleted' && change.id === 'tpl')).toBe(
    true,
  );
});

test('a small change is one payload, read back as it was sent', () => {
  const change: PublicPageChange = { type: 'custom-domain-changed', domain: 'verify.example.org' };

  const payloads = toPayloads(INSTANCE, change);

  expect(payloads).toHaveLength(1);
  expect(readPayload(payloads[0])).toEqual({ from: INSTANCE, change });
});

test('a payload this version cannot read answers null', () => {
  expect(readPayload('not json')).toBeNull();
  expect(readPayload(JSON.stringify({ from: INSTANCE, change: { type: 'invented' } }))).toBeNull();
});
