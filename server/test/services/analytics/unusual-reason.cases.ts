// The unusual-activity evidence as owners read it: how many devices, which code, and when (UTC).
import { unusualReason } from '../../../src/services/analytics/evaluate-unusual-activity';

const match = (first: string, last: string, dead?: 'revoked' | 'expired') => ({
  verification_id: 'v',
  visitors: 34,
  first_scan: new Date(first),
  last_scan: new Date(last),
  dead,
});

test.each([
  [
    match('2026-11-25T14:02:10Z', '2026-11-25T14:50:59Z'),
    '34 different devices scanned this code between 14:02 and 14:50 UTC on 2026-11-25.',
  ],
  [
    match('2026-11-25T04:12:05Z', '2026-11-25T04:12:40Z'),
    '34 different devices scanned this code at 04:12 UTC on 2026-11-25.',
  ],
  [
    match('2026-11-24T23:40:00Z', '2026-11-25T00:20:00Z', 'revoked'),
    '34 different devices scanned this revoked code between 2026-11-24 23:40 and 2026-11-25 00:20 UTC.',
  ],
])('%#: %s', (evidence, sentence) => {
  expect(unusualReason(evidence)).toBe(sentence);
});
