// The public page's offer of the record as a verifiable credential (issue 32, docs/credentials.md): the download and
// LinkedIn's add-to-profile link, in the reader's language, only while the record is valid and the holder may take
// the document.
import { JSDOM } from 'jsdom';

import { createTemplate } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { createVerification, revokeVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
});

afterEach(async () => {
  await app?.close();
});

async function credentialSection(code: string, query = '') {
  const response = await app.inject({ url: `/v/${code}${query}` });
  expect(response.statusCode).toBe(200);
  return new JSDOM(response.body).window.document.querySelector('.credential');
}

test('a valid record offers its credential for download and LinkedIn’s form filled from it', async () => {
  const user = await signedInUser(app, { firstName: 'University', lastName: 'of Examples' });
  const verification = await createVerification(app, user, {
    allow_download: 'true',
    expiry_date: '2031-09-30',
  });

  const section = await credentialSection(verification.code);

  expect(section?.querySelector('h3')?.textContent).toBe('Digital credential');
  const links = [...section!.querySelectorAll('a')];
  // Not an achievement: no badge to take.
  expect(links).toHaveLength(2);
  const [download, linkedIn] = links;
  expect(download?.textContent).toBe('Download credential');
  expect(download?.getAttribute('download')).toBe(`${verification.code}-credential.json`);
  const credential = await app.inject({ url: download!.getAttribute('href')! });
  expect(credential.statusCode).toBe(200);
  expect(credential.json()).toMatchObject({ id: verification.public_url });

  expect(linkedIn?.textContent).toBe('Add to LinkedIn');
  expect(linkedIn?.getAttribute('target')).toBe('_blank');
  expect(linkedIn?.getAttribute('rel')).toBe('noopener noreferrer');
  const form = new URL(linkedIn!.getAttribute('href')!);
  expect(form.origin + form.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(form.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'Bachelor of Science',
    organizationName: 'University of Examples',
    issueYear: '2025',
    issueMonth: '6',
    expirationYear: '2031',
    expirationMonth: '9',
    certUrl: `https://verify.example.com/v/${verification.code}`,
    certId: verification.code,
  });
});

test('an Open Badge is offered as a badge image too, the credential baked in', async () => {
  const user = await signedInUser(app);
  const template = await createTemplate(app, user, {
    allow_download: true,
    is_achievement: true,
    achievement_description: 'Completed the course.',
  });
  const verification = await createVerification(app, user, {
    allow_download: 'true',
    template_id: template.id,
  });

  const badge = (await credentialSection(verification.code))?.querySelectorAll('a')[2];

  expect(badge?.textContent).toBe('Download badge image');
  expect(badge?.getAttribute('download')).toBe(`${verification.code}-badge.png`);
  const image = await app.inject({ url: badge!.getAttribute('href')! });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.rawPayload.includes('openbadgecredential')).toBe(true);
});

test('the credential actions speak the reader’s language', async () => {
  const user = await signedInUser(app);
  const verification = await createVerification(app, user, { allow_download: 'true' });

  const section = await credentialSection(verification.code, '?lang=fr');

  expect(section?.querySelector('h3')?.textContent).toBe('Attestation numérique');
  expect([...section!.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
    'Télécharger l’attestation',
    'Ajouter à LinkedIn',
  ]);
});

test('no credential is offered when the holder may not take the document, nor once it is revoked or expired', async () => {
  const user = await signedInUser(app);
  const withheld = await createVerification(app, user, { allow_download: 'false' });
  const expired = await createVerification(app, user, {
    allow_download: 'true',
    issue_date: '2020-01-01',
    expiry_date: '2021-01-01',
  });
  const revoked = await createVerification(app, user, { allow_download: 'true' });
  expect(await credentialSection(revoked.code)).not.toBeNull();
  await revokeVerification(app, user, revoked.id);

  expect(await credentialSection(withheld.code)).toBeNull();
  expect(await credentialSection(expired.code)).toBeNull();
  expect(await credentialSection(revoked.code)).toBeNull();
});
