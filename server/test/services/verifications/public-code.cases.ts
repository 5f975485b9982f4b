import {
  generatePublicCode,
  isPublicCode,
  verificationUrl,
} from '../../../src/services/verifications/public-code';

test('codes are 16 URL-safe characters without look-alikes, carrying 80 random bits', () => {
  const codes = Array.from({ length: 2000 }, generatePublicCode);

  for (const code of codes) {
    expect(code).toMatch(/^[a-z2-9]{16}$/);
    expect(code).not.toMatch(/[01lo]/);
    expect(encodeURIComponent(code)).toBe(code);
    expect(isPublicCode(code)).toBe(true);
  }
  expect(new Set(codes).size).toBe(codes.length);
  // Every one of the 32 characters turns up in every position, so no bits are wasted.
  const seen = new Set(codes.flatMap((code) => [...code]));
  expect(seen.size).toBe(32);
  const lastCharacters = new Set(codes.map((code) => code[15]));
  expect(lastCharacters.size).toBe(32);
});

test('isPublicCode refuses anything that is not a code', () => {
  for (const value of [
    '',
    'abc',
    'ABCDEFGHJKMNPQRS',
    'abcdefghijkmnpq0',
    'abcdefghijkmnpqrs',
    '../../etc/passwd',
  ]) {
    expect(isPublicCode(value)).toBe(false);
  }
});

test('the verification URL is PUBLIC_URL/v/{code}, whatever trailing slash PUBLIC_URL has', () => {
  expect(verificationUrl('https://verify.example.com', 'abcdefghijkmnpqr')).toBe(
    'https://verify.example.com/v/abcdefghijkmnpqr',
  );
  expect(verificationUrl('https://example.com/qr/', 'abcdefghijkmnpqr')).toBe(
    'https://example.com/qr/v/abcdefghijkmnpqr',
  );
});
