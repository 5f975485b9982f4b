// Each document has one seal: signatures are made in low-S form (ECDSA's (r, n − s) twin would verify too).
import { generateKeyPairSync } from 'node:crypto';

import { decodeSeal, hasLowS } from '@common/seals/seal-format';

import { signSeal } from '../../src/documents/sign-seal';

test('every seal is signed in low-S form', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const request = {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }),
    kid: 'AAECAwQFBgc',
    host: 'verify.example',
    holderName: 'Ada Lovelace',
    issueDate: '2026-06-30',
    expiryDate: null,
    sealedAt: '2026-12-06T10:00:00.000Z',
  };
  // Half of raw ECDSA signatures have a high S: forty in a row low would be chance once in 2^40.
  const signatures = Array.from(
    { length: 40 },
    () => decodeSeal(signSeal(request, 'abcdefghijkmnpqr', 'ff'.repeat(32)))!.signature,
  );
  expect(signatures.filter((signature) => !hasLowS(signature))).toEqual([]);
});
