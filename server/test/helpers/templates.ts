// Calls to the templates API as the SPA makes them (JSON, or a form with the JSON in `data` and the logo in
// `logo`), and small logos of each kind.
import type { Template } from '@common/templates-schemas';

import { formData, type FilePart, type TestUser } from './verifications';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const SVG_LOGO = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
    '<rect width="10" height="10" fill="#173f8a"/></svg>\n',
);

export function templateRequest(
  app: FastifyInstance,
  user: TestUser,
  method: 'POST' | 'PATCH',
  url: string,
  body: Record<string, unknown>,
  logo?: FilePart,
): Promise<LightMyRequestResponse> {
  if (!logo) return app.inject({ method, url, headers: user.headers, payload: body });
  const form = formData({ data: JSON.stringify(body), logo });
  return app.inject({
    method,
    url,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Creates a template and returns its JSON; fails the test on any other answer. */
export async function createTemplate(
  app: FastifyInstance,
  user: TestUser,
  body: Record<string, unknown> = {},
  logo?: FilePart,
): Promise<Template> {
  const response = await templateRequest(
    app,
    user,
    'POST',
    '/api/templates/',
    { name: 'Diplomas', ...body },
    logo,
  );
  if (response.statusCode !== 201) {
    throw new Error(`Create template failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

export async function listTemplates(app: FastifyInstance, user: TestUser): Promise<Template[]> {
  const response = await app.inject({ url: '/api/templates/', headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`List templates: ${response.body}`);
  return response.json<{ results: Template[] }>().results;
}

export async function defaultTemplate(app: FastifyInstance, user: TestUser): Promise<Template> {
  const found = (await listTemplates(app, user)).find((template) => template.is_default);
  if (!found) throw new Error('The account has no default template');
  return found;
}
