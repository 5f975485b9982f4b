// Bidirectional controls and zero-width characters are dropped from file names and identifiers, so that a name
// is shown as it is stored ('x\u202egnp.pdf' would read 'xfdp.png'); right-to-left letters pass unchanged.
import { createTemplate } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import { createVerification, formData, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const RLO = '\u202e';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

test('a verification keeps its file name, title and holder name without them, and downloads by that name', async () => {
  const user = await signedInUser(app);

  const verification = await createVerification(app, user, {
    file: { name: `x${RLO}gnp.pdf`, data: await makePdf() },
    title: `\ufeffDiploma${RLO}\u2066`,
    holder_name: 'Ada\u200b Love\u200dlace\u200f',
  });

  expect(verification).toMatchObject({
    title: 'Diploma',
    holder_name: 'Ada Lovelace',
    original: { file_name: 'xgnp.pdf' },
  });
  const original = await app.inject({
    url: `/api/verifications/${verification.id}/original/`,
    headers: user.headers,
  });
  expect(original.headers['content-disposition']).toBe(
    `attachment; filename="xgnp.pdf"; filename*=UTF-8''xgnp.pdf`,
  );
});

test('a staged upload keeps the cleaned name', async () => {
  const user = await signedInUser(app);
  const form = formData({ file: { name: `invoice${RLO}fdp.exe`, data: await makePdf() } });

  const staged = await app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });

  expect(staged.statusCode).toBe(201);
  expect(staged.json().name).toBe('invoicefdp.exe');
});

test('Arabic, Hebrew and Persian text pass unchanged, joiners inside words and emoji included', async () => {
  const user = await signedInUser(app);
  const persian = 'می\u200cخواهم';
  const family = '👨\u200d👩\u200d👧';

  const template = await createTemplate(app, user, { name: `شهادة ${RLO}تخرج` });
  const verification = await createVerification(app, user, {
    title: `תעודה ${persian} ${family}`,
    holder_name: 'مريم כהן',
  });

  expect(template.name).toBe('شهادة تخرج');
  expect(verification.title).toBe(`תעודה ${persian} ${family}`);
  expect(verification.holder_name).toBe('مريم כהן');
});

test('person names drop them too, and a name of nothing else is blank', async () => {
  const user = await signedInUser(app);
  const patch = (changes: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: user.headers,
      payload: changes,
    });

  const renamed = await patch({ first_name: `Mallory${RLO}`, last_name: 'a\u200cdmin' });
  const blank = await patch({ first_name: '\u200b\u200b' });

  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ first_name: 'Mallory', last_name: 'admin' });
  expect(blank.statusCode).toBe(400);
  expect(blank.json().error.details).toEqual({ first_name: ['Name is required'] });
});
