import { DEFAULT_TEMPLATE_NAME } from '@common/templates';

import { findOrCreateExternalUser } from '../../../../src/services/auth/find-or-create-external-user';
import { signedUpUser } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTemplate, defaultTemplate, listTemplates } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import {
  createVerification,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

function makeDefault(user: TestUser, id: string) {
  return app.inject({
    method: 'POST',
    url: `/api/templates/${id}/default/`,
    headers: user.headers,
  });
}

function deleteTemplate(user: TestUser, id: string, replacementId?: string) {
  const query = replacementId === undefined ? '' : `?replacement_id=${replacementId}`;
  return app.inject({
    method: 'DELETE',
    url: `/api/templates/${id}/${query}`,
    headers: user.headers,
  });
}

async function defaultsOf(userId: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('templates')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

describe('new accounts', () => {
  let mail: MailCapture;

  beforeAll(async () => {
    mail = await startMailCapture();
  });

  afterAll(async () => {
    await mail.stop();
  });

  test('an account registered with a password has its default template at once', async () => {
    app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl } });
    const tokens = await signedUpUser(app, mail, 'new@example.com');

    const response = await app.inject({
      url: '/api/templates/',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });

    expect(response.json()).toMatchObject({
      count: 1,
      results: [{ name: DEFAULT_TEMPLATE_NAME, is_default: true }],
    });
  });
});

test('an account created by Google or SSO gets its default template with it, and only once', async () => {
  app = await createTestApp();
  await app.ready();
  const identity = {
    email: 'sso@example.com',
    firstName: 'Sam',
    lastName: 'Oh',
    method: 'sso' as const,
  };

  const first = await findOrCreateExternalUser(app.db, identity);
  const again = await findOrCreateExternalUser(app.db, identity);

  expect([first.isNewUser, again.isNewUser]).toEqual([true, false]);
  const templates = await app.db
    .selectFrom('templates')
    .select(['name', 'is_default'])
    .where('user_id', '=', first.userId)
    .execute();
  expect(templates).toEqual([{ name: DEFAULT_TEMPLATE_NAME, is_default: true }]);
});

describe('the default template', () => {
  let user: TestUser;

  beforeEach(async () => {
    app = await createTestApp();
    user = await signedInUser(app);
  });

  test('making another template the default moves the badge: exactly one default', async () => {
    const first = await defaultTemplate(app, user);
    const second = await createTemplate(app, user, { name: 'Second' });

    const response = await makeDefault(user, second.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, is_default: true });
    expect(await defaultsOf(user.id)).toEqual([second.id]);
    const listed = await listTemplates(app, user);
    expect(listed.map((t) => [t.id, t.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Again: nothing changes.
    expect((await makeDefault(user, second.id)).statusCode).toBe(200);
    expect(await defaultsOf(user.id)).toEqual([second.id]);
  });

  test('concurrent switches leave exactly one default', async () => {
    const templates = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => createTemplate(app, user, { name })),
    );

    const responses = await Promise.all(
      [...templates, ...templates].map((template) => makeDefault(user, template.id)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const defaults = await defaultsOf(user.id);
    expect(defaults).toHaveLength(1);
    expect(templates.map((t) => t.id)).toContain(defaults[0]);
  });

  test('the database refuses a second default whatever the code does', async () => {
    const second = await createTemplate(app, user);
    await expect(
      app.db
        .updateTable('templates')
        .set({ is_default: true })
        .where('id', '=', second.id)
        .execute(),
    ).rejects.toThrow(/templates_one_default_per_user/);
  });

  test('new verifications use the default when they name no template, and follow a new default', async () => {
    const first = await defaultTemplate(app, user);
    const second = await createTemplate(app, user);

    const before = await createVerification(app, user);
    await makeDefault(user, second.id);
    const after = await createVerification(app, user);

    expect(before.template_id).toBe(first.id);
    expect(after.template_id).toBe(second.id);
    // Switching the default moves nothing.
    const read = await app.inject({
      url: `/api/verifications/${before.id}/`,
      headers: user.headers,
    });
    expect(read.json().template_id).toBe(first.id);
  });
});

describe('deleting a template', () => {
  let user: TestUser;

  beforeEach(async () => {
    app = await createTestApp();
    user = await signedInUser(app);
  });

  test('an unused template is deleted', async () => {
    const template = await createTemplate(app, user);

    const response = await deleteTemplate(user, template.id);

    expect(response.statusCode).toBe(204);
    expect(
      (await app.inject({ url: `/api/templates/${template.id}/`, headers: user.headers }))
        .statusCode,
    ).toBe(404);
    expect(await listTemplates(app, user)).toHaveLength(1);
  });

  test('the default template cannot be deleted, even with a replacement', async () => {
    const fallback = await defaultTemplate(app, user);
    const other = await createTemplate(app, user);

    for (const replacement of [undefined, other.id]) {
      const response = await deleteTemplate(user, fallback.id, replacement);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'template_is_default',
        message:
          'This is the default template. Make another template the default before deleting it.',
      });
    }
    expect(await listTemplates(app, user)).toHaveLength(2);
  });

  test('a template in use needs a replacement: 409 without one', async () => {
    const template = await createTemplate(app, user);
    await createVerification(app, user, { template_id: template.id });
    await createVerification(app, user, { template_id: template.id });

    const response = await deleteTemplate(user, template.id);

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'template_in_use',
      message: 'This template is used by 2 verifications. Choose a template to move them to.',
    });
    expect((await listTemplates(app, user)).map((t) => t.id)).toContain(template.id);
    // And the database itself refuses to drop a template in use.
    await expect(
      app.db.deleteFrom('templates').where('id', '=', template.id).execute(),
    ).rejects.toThrow(/verifications_template_fk/);
  });

  test('with a replacement its verifications move to it, then it is gone', async () => {
    const template = await createTemplate(app, user, { name: 'Old' });
    const replacement = await createTemplate(app, user, { name: 'New' });
    const moved = [
      await createVerification(app, user, { template_id: template.id }),
      await createVerification(app, user, { template_id: template.id }),
    ];
    const untouched = await createVerification(app, user);

    const response = await deleteTemplate(user, template.id, replacement.id);

    expect(response.statusCode).toBe(204);
    for (const verification of moved) {
      const read = await app.inject({
        url: `/api/verifications/${verification.id}/`,
        headers: user.headers,
      });
      expect(read.json().template_id).toBe(replacement.id);
    }
    const kept = await app.inject({
      url: `/api/verifications/${untouched.id}/`,
      headers: user.headers,
    });
    expect(kept.json().template_id).toBe((await defaultTemplate(app, user)).id);
    expect((await listTemplates(app, user)).map((t) => [t.name, t.verification_count])).toEqual([
      ['Default', 1],
      ['New', 2],
    ]);
  });

  test('a replacement must be another of your templates', async () => {
    const other = await signedInUser(app);
    const othersTemplate = await createTemplate(app, other);
    const template = await createTemplate(app, user);
    await createVerification(app, user, { template_id: template.id });

    for (const replacementId of [
      template.id,
      othersTemplate.id,
      '00000000-0000-4000-8000-000000000000',
      'nonsense',
    ]) {
      const response = await deleteTemplate(user, template.id, replacementId);
      expect([replacementId, response.statusCode]).toEqual([replacementId, 400]);
      expect(response.json().error.details).toEqual({
        replacement_id: ['Choose another of your templates.'],
      });
    }
    expect((await listTemplates(app, user)).map((t) => t.id)).toContain(template.id);
  });

  test('deleting the account takes its templates and verifications with it', async () => {
    const template = await createTemplate(app, user);
    await createVerification(app, user, { template_id: template.id });

    await app.db.deleteFrom('users').where('id', '=', user.id).execute();

    const left = await app.db
      .selectFrom('templates')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('verifications and templates', () => {
  let user: TestUser;

  beforeEach(async () => {
    app = await createTestApp();
    user = await signedInUser(app);
  });

  test('create and edit take one of your own templates, or the default for null', async () => {
    const template = await createTemplate(app, user);
    const fallback = await defaultTemplate(app, user);
    const verification = await createVerification(app, user, { template_id: template.id });
    expect(verification.template_id).toBe(template.id);

    const patch = (templateId: string | null) =>
      app.inject({
        method: 'PATCH',
        url: `/api/verifications/${verification.id}/`,
        headers: user.headers,
        payload: { template_id: templateId },
      });
    expect((await patch(null)).json().template_id).toBe(fallback.id);
    expect((await patch(template.id)).json().template_id).toBe(template.id);
  });

  test("another account's template, or no template at all, is refused", async () => {
    const other = await signedInUser(app);
    const othersTemplate = await createTemplate(app, other);
    const mine = await createVerification(app, user);

    for (const templateId of [othersTemplate.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      const created = await uploadVerification(app, user, { template_id: templateId });
      expect([templateId, created.statusCode]).toEqual([templateId, 400]);
      expect(created.json().error.details).toEqual({
        template_id: ['Choose one of your templates.'],
      });

      const edited = await app.inject({
        method: 'PATCH',
        url: `/api/verifications/${mine.id}/`,
        headers: user.headers,
        payload: { template_id: templateId },
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().error.details).toEqual({
        template_id: ['Choose one of your templates.'],
      });
    }
  });
});
