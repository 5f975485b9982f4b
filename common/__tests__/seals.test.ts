import { generateKeyPairSync, sign } from 'node:crypto';

import { declaredOnly } from '../issuer-identity';
import { bytesToDigits, digitsToBytes } from '../seals/seal-digits';
import {
  decodeSeal,
  encodeSeal,
  encodeSealPayload,
  hasLowS,
  normaliseHolderName,
  signedMessage,
  toLowS,
  type SealFacts,
} from '../seals/seal-format';
import { isTrustedHost, parseSealedUrl, verifySeal } from '../seals/verify-seal';

import type { TrustList, TrustedKey } from '../seals/trust-list';

const facts: Omit<SealFacts, 'version'> = {
  kid: 'AAECAwQFBgc',
  code: 'abcdefghijkmnpqr',
  documentHash: 'ff'.repeat(32),
  issueDate: '2026-06-30',
  expiryDate: '2031-06-30',
  sealedAt: '2026-11-25T10:42:00.000Z',
  holderName: '  Zoë   Ångström ',
};

function makeKey(overrides: Partial<TrustedKey> = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const trusted: TrustedKey = {
    kty: 'EC',
    crv: 'P-256',
    x: jwk.x!,
    y: jwk.y!,
    kid: facts.kid,
    alg: 'ES256',
    use: 'sig',
    ...declaredOnly('University of X'),
    custom_domain: null,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    retired_at: null,
    revoked_at: null,
    ...overrides,
  };
  return { privateKey, trusted };
}

// P-256's group order: (r, n − s) is the twin of the signature (r, s).
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function twinOf(signature: Uint8Array): Uint8Array {
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
  const twin = Buffer.from(signature);
  Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex').copy(twin, 32);
  return twin;
}

function sealFor(privateKey: ReturnType<typeof makeKey>['privateKey'], host: string) {
  const payload = encodeSealPayload(facts);
  const signature = sign('sha256', signedMessage(payload, host), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return encodeSeal(payload, signature);
}

describe('seal digits', () => {
  it('turns any bytes into digits and back, leading zeros included', () => {
    for (let length = 0; length < 30; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37) % 256);
      bytes[0] = 0;
      expect(digitsToBytes(bytesToDigits(bytes))).toEqual(bytes);
    }
  });

  it('refuses digits this encoding cannot have written', () => {
    expect(digitsToBytes('12')).toBeNull(); // no chunk is 2 digits long
    expect(digitsToBytes('999')).toBeNull(); // 999 > one byte
    expect(digitsToBytes('12a')).toBeNull();
  });
});

describe('seal format', () => {
  it('carries every fact, the holder name normalised', () => {
    const { privateKey } = makeKey();
    const decoded = decodeSeal(sealFor(privateKey, 'verify.example'));
    expect(decoded?.facts).toEqual({
      ...facts,
      version: 1,
      documentHash: 'ff'.repeat(16),
      holderName: 'Zoë Ångström',
    });
  });

  it('cuts a long holder name on a character boundary', () => {
    const name = normaliseHolderName('Å'.repeat(40));
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(32);
    expect(name).toBe('Å'.repeat(16));
  });

  it('keeps a seal small: 108 bytes and the holder name', () => {
    const { privateKey } = makeKey();
    const digits = sealFor(privateKey, 'verify.example');
    expect(digits).toMatch(/^\d+$/);
    const nameBytes = new TextEncoder().encode('Zoë Ångström').length;
    expect(digitsToBytes(digits)!.length).toBe(44 + nameBytes + 64);
  });
});

describe('verifySeal', () => {
  const host = 'verify.example';
  const url = (seal: string, code = facts.code) => ({ host, code, seal });

  it('verifies a genuine seal and names its key', async () => {
    const { privateKey, trusted } = makeKey();
    const check = await verifySeal(url(sealFor(privateKey, host)), {
      keys: [trusted],
      service_hosts: [host],
    });
    expect(check.state).toBe('verified');
  });

  it('fails on another host, another record, another key, a revoked key or a changed digit', async () => {
    const { privateKey, trusted } = makeKey();
    const list: TrustList = { keys: [trusted], service_hosts: [host] };
    const seal = sealFor(privateKey, host);
    expect((await verifySeal({ ...url(seal), host: 'qrverify-check.com' }, list)).state).toBe(
      'invalid',
    );
    expect((await verifySeal(url(seal, 'zzzzzzzzzzzzzzzz'), list)).state).toBe('different-record');
    const other = makeKey();
    expect((await verifySeal(url(seal), { ...list, keys: [other.trusted] })).state).toBe('invalid');
    expect((await verifySeal(url(seal), { ...list, keys: [] })).state).toBe('unknown-key');
    const revoked = { ...trusted, status: 'revoked' as const, revoked_at: '2026-11-25T10:00:00Z' };
    expect((await verifySeal(url(seal), { ...list, keys: [revoked] })).state).toBe('key-revoked');
    const earlierRevocation = { ...revoked, revoked_at: '2026-11-25T11:00:00Z' };
    expect((await verifySeal(url(seal), { ...list, keys: [earlierRevocation] })).state).toBe(
      'verified',
    );
    const flipped = seal.slice(0, 60) + ((Number(seal[60]) + 1) % 10) + seal.slice(61);
    expect(['invalid', 'malformed', 'unknown-key', 'different-record']).toContain(
      (await verifySeal(url(flipped), list)).state,
    );
    expect((await verifySeal(url(''), list)).state).toBe('missing');
    expect((await verifySeal(url('123'), list)).state).toBe('malformed');
  });

  it('refuses the high-S twin of a seal made since its key signs low-S, and knows each twin', async () => {
    const { privateKey, trusted } = makeKey({ low_s_since: '2026-11-25T10:00:00.000Z' });
    const list: TrustList = { keys: [trusted], service_hosts: [host] };
    const seal = sealFor(privateKey, host);
    const decoded = decodeSeal(seal)!;
    const lowS = toLowS(decoded.signature);
    const highS = twinOf(lowS);
    expect(hasLowS(lowS)).toBe(true);
    expect(hasLowS(highS)).toBe(false);
    expect(toLowS(highS)).toEqual(lowS);

    expect((await verifySeal(url(encodeSeal(decoded.payload, lowS)), list)).state).toBe('verified');
    expect((await verifySeal(url(encodeSeal(decoded.payload, highS)), list)).state).toBe('invalid');
    // Made before the rule, the seal was printed in either form: both still verify.
    const earlier = { ...trusted, low_s_since: '2026-11-25T11:00:00.000Z' };
    const beforeTheRule = { ...list, keys: [earlier] };
    expect((await verifySeal(url(encodeSeal(decoded.payload, highS)), beforeTheRule)).state).toBe(
      'verified',
    );
  });
});

describe('parseSealedUrl and isTrustedHost', () => {
  it('reads host, code and seal from a scanned URL', () => {
    expect(parseSealedUrl('https://Verify.Example/v/abcdefghijkmnpqr#0123')).toEqual({
      host: 'verify.example',
      code: 'abcdefghijkmnpqr',
      seal: '0123',
    });
    expect(parseSealedUrl('not a url')).toBeNull();
  });

  it('trusts the service and the signing account’s custom domain only', () => {
    const { trusted } = makeKey({ custom_domain: 'verify.uni.edu' });
    const list = { keys: [trusted], service_hosts: ['qrverify.example'] };
    expect(isTrustedHost('qrverify.example', list)).toBe(true);
    expect(isTrustedHost('verify.uni.edu', list, trusted)).toBe(true);
    expect(isTrustedHost('verify.uni.edu', list)).toBe(false);
    expect(isTrustedHost('qrverify-check.com', list, trusted)).toBe(false);
  });
});
