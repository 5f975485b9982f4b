// The baked Open Badge (OB 3.0 baking, docs/credentials.md) read back with tools we did not write: pngjs decodes
// the image, zbarimg reads its QR code, the iTXt chunk is found by a chunk walk of this file's own with node:zlib's
// CRC, and the credential in it is verified as helpers/credential-verifier.ts verifies.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';

import type { VerifiableCredential } from '@common/credentials-schemas';

import { bakeBadge } from '../../src/services/credentials/bake-badge';
import { verifyIndependently } from '../helpers/credential-verifier';
import { createTemplate } from '../helpers/templates';
import { listeningTestApp } from '../helpers/test-app';
import { makePng, RED } from '../helpers/test-documents';
import {
  createVerification,
  revokeVerification,
  signedInUser,
  type TestUser,
} from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

// pngjs comes with qrcode and has no types of its own: what this file uses of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(png: Buffer): { width: number; height: number; data: Buffer } } };
};

const run = promisify(execFile);

let app: FastifyInstance;
let origin: string;
let user: TestUser;

beforeEach(async () => {
  ({ app, origin } = await listeningTestApp());
  user = await signedInUser(app);
});

afterEach(async () => {
  await app?.close();
});

/** The text of each iTXt chunk keyed `openbadgecredential`, every chunk's CRC checked on the way. */
function badgeTexts(png: Buffer): string[] {
  const texts: string[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(
      crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'iTXt') {
      // keyword NUL, compression flag, method, language NUL, translated keyword NUL, text
      const keywordEnd = data.indexOf(0);
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = data.indexOf(0, languageEnd + 1);
      if (data.toString('latin1', 0, keywordEnd) === 'openbadgecredential') {
        expect(data[keywordEnd + 1]).toBe(0); // uncompressed
        texts.push(data.subarray(translatedEnd + 1).toString('utf8'));
      }
    }
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  expect(offset).toBe(png.length);
  return texts;
}

async function zbarimg(png: Buffer): Promise<string | null> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-badge-'));
  try {
    const file = path.join(folder, 'badge.png');
    await writeFile(file, png);
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } catch {
    return null; // zbarimg exits 4 when it finds no code
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function get(url: string) {
  return app.inject({ method: 'GET', url });
}

async function achievementVerification(logo?: Buffer) {
  const template = await createTemplate(
    app,
    user,
    { name: 'Courses', is_achievement: true, achievement_description: 'Finished the course.' },
    logo && { name: 'logo.png', type: 'image/png', data: logo },
  );
  return createVerification(app, user, { template_id: template.id, allow_download: 'true' });
}

/** The badge as the public JSON names it, and the credential baked in it (the only one there). */
async function downloadBadge(code: string) {
  const view = (await get(`/api/public/verifications/${code}/`)).json();
  expect(view.credential.badge_url).toBe(`/api/public/verifications/${code}/badge.png`);
  const response = await get(view.credential.badge_url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.headers['content-disposition']).toContain(
    `attachment; filename="${code}-badge.png"`,
  );
  const png = response.rawPayload;
  const texts = badgeTexts(png);
  expect(texts).toHaveLength(1);
  return { png, text: texts[0]!, served: await get(view.credential.url) };
}

test('the badge of an achievement without a PNG image is its printed QR code, with the credential that verifies', async () => {
  const verification = await achievementVerification();
  const { png, text, served } = await downloadBadge(verification.code);

  const image = PNG.sync.read(png);
  expect(image.width).toBeGreaterThan(200);
  // The code printed on the document, seal included: the page checks it as it checks the paper's.
  const owned = await app.inject({
    url: `/api/verifications/${verification.id}/`,
    headers: user.headers,
  });
  expect(owned.json().qr_url).toMatch(/#\d+$/);
  expect(await zbarimg(png)).toBe(owned.json().qr_url);

  // The credential exactly as its own download serves it.
  expect(text).toBe(served.body);
  const credential = JSON.parse(text) as VerifiableCredential;
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  const result = await verifyIndependently(credential, origin);
  expect(result.error).toBeUndefined();
  expect(result.verified).toBe(true);
  expect(result.statusResult?.results[0]?.status).toBe(false);
});

test('an achievement with a PNG logo is baked into that image', async () => {
  const logo = makePng(40, 20);
  const verification = await achievementVerification(logo);
  const { png, text } = await downloadBadge(verification.code);

  const image = PNG.sync.read(png);
  expect([image.width, image.height]).toEqual([40, 20]);
  expect([...image.data.subarray(0, 3)]).toEqual(RED);
  const credential = JSON.parse(text);
  expect(credential.credentialSubject.achievement.image.id).toMatch(/\/v\/logos\/.+\.png$/);
  expect((await verifyIndependently(credential, origin)).verified).toBe(true);
});

test('no badge for a credential that is not an Open Badge, nor when the credential is not offered', async () => {
  const plain = await createVerification(app, user, { allow_download: 'true' });
  expect((await get(`/api/public/verifications/${plain.code}/`)).json().credential).toMatchObject({
    badge_url: null,
  });
  const template = await createTemplate(app, user, { is_achievement: true });
  const withheld = await createVerification(app, user, {
    template_id: template.id,
    allow_download: 'false',
  });
  expect((await get(`/api/public/verifications/${withheld.code}/`)).json().credential).toBeNull();

  for (const code of [plain.code, withheld.code]) {
    const refused = await get(`/api/public/verifications/${code}/badge.png`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: { code: 'not_found', message: 'No credential is offered for this verification.' },
    });
  }
  expect((await get('/api/public/verifications/nosuchcode/badge.png')).statusCode).toBe(404);
});

test('a revoked badge is still served, as its credential is, and its status says revoked', async () => {
  const verification = await achievementVerification();
  await revokeVerification(app, user, verification.id);
  const { png, text, served } = await downloadBadge(verification.code);
  expect(served.statusCode).toBe(200);
  // No seal once the page no longer offers the document that carries it.
  expect(await zbarimg(png)).toBe(verification.public_url);
  const result = await verifyIndependently(JSON.parse(text), origin);
  expect(result.verified).toBe(true);
  expect(result.statusResult?.results[0]?.status).toBe(true);
});

test('baking a badge again replaces its credential; what is not a PNG is refused', () => {
  const once = bakeBadge(makePng(8, 8), JSON.stringify({ id: 'urn:example:1' }))!;
  const twice = bakeBadge(once, JSON.stringify({ id: 'urn:example:2' }))!;
  expect(badgeTexts(twice).map((text) => JSON.parse(text).id)).toEqual(['urn:example:2']);
  expect(PNG.sync.read(twice).width).toBe(8);
  expect(bakeBadge(Buffer.from('not a png'), '{}')).toBeNull();
  expect(bakeBadge(once.subarray(0, once.length - 12), '{}')).toBeNull();
});
