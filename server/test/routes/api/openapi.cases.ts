// The OpenAPI document (GET /api/openapi.json) and its reference page (/api/docs/): the document is valid
// OpenAPI 3.1, documents every /api/ route the app registers with the security its access rule allows and
// nothing else, and the page is swagger-ui from npm under the app's own headers.
import path from 'node:path';

import { accessRuleOf, type RouteAccess } from '../../../src/plugins/auth';
import { runNode } from '../../helpers/node-process';
import { createTestApp, sharedTestApp } from '../../helpers/test-app';

import type { FastifyInstance, RouteOptions } from 'fastify';

const REPOSITORY = path.resolve(__dirname, '../../../..');

interface Operation {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-access': string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

async function getDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The validator's verdict. It is an ES module, which jest's CommonJS loader cannot load: it runs in a node of its own. */
async function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));`;
  const output = await runNode(['--input-type=module', '-e', script], JSON.stringify(document), {
    cwd: REPOSITORY,
  });
  return JSON.parse(output);
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsIn(item),
  );
}

// The file's first app loads the migrated database (seconds on a busy machine) before the validator starts.
const FIRST_APP_TIMEOUT_MS = 60_000;

test(
  'the document is valid OpenAPI 3.1, and its components hold every schema it names',
  async () => {
    const app = await sharedTestApp();
    const document = await getDocument(app);
    expect(document.openapi).toBe('3.1.0');
    await expect(validateOpenApi(document)).resolves.toEqual({ valid: true, version: '3.1' });
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'bearerAuth',
    ]);
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'ApiError',
        'BulkOperation',
        'PublicVerificationResponse',
        'Template',
        'Verification',
        'VerificationPage',
      ]),
    );
    const refs = [...new Set(refsIn(document))];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect([ref, schemas[ref.replace('#/components/schemas/', '')] !== undefined]).toEqual([
        ref,
        true,
      ]);
    }
    // A list's items are the named schema itself, not a copy of it.
    expect(refsIn(schemas.VerificationPage)).toEqual(['#/components/schemas/Verification']);
  },
  FIRST_APP_TIMEOUT_MS,
);

type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/** What the issue asks: keys work on the resources (verifications, templates, bulk); sign-in tokens everywhere. */
function expectedSecurity(rule: RouteAccess): Record<string, string[]>[] {
  if (rule === 'public') return [];
  if (typeof rule === 'object' && ['verifications', 'templates', 'bulk'].includes(rule.area)) {
    return [{ bearerAuth: [] }, { apiKey: [] }];
  }
  return [{ bearerAuth: [] }];
}

/** /api/verifications/:id/ as the document writes it: /api/verifications/{id}/. */
function documentPath(url: string): string {
  // A file's name (badge.png) keeps no slash.
  const withSlash = url.endsWith('/') || /\.[a-z]+$/.test(url) ? url : `${url}/`;
  return withSlash.replace(/:(\w+)/g, '{$1}');
}

test('every route under /api/ is documented, with the security its access rule allows; nothing else is', async () => {
  const routes: RegisteredRoute[] = [];
  const app = await createTestApp({
    onRoute: (route) => {
      routes.push({ method: route.method, url: route.url, config: route.config });
    },
  });
  const document = await getDocument(app);
  const isReference = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
  const apiRoutes = routes.filter(
    (route) => route.url.startsWith('/api/') && !isReference(route.url) && route.method !== 'HEAD',
  );
  expect(apiRoutes.length).toBeGreaterThan(50);
  const documented = Object.entries(document.paths).flatMap(([url, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${url}`),
  );
  expect(documented.sort()).toEqual(
    apiRoutes.map((route) => `${String(route.method)} ${documentPath(route.url)}`).sort(),
  );
  for (const route of apiRoutes) {
    const operation = document.paths[documentPath(route.url)][String(route.method).toLowerCase()];
    const rule = accessRuleOf(route);
    expect([route.url, operation.security]).toEqual([route.url, expectedSecurity(rule)]);
    expect(operation['x-access']).toBe(
      typeof rule === 'object' ? `${rule.area}: ${rule.level}` : rule,
    );
    expect(operation.tags).toEqual([route.url.split('/')[2]]);
    // Every operation says what it answers on success, schema or not.
    const successes = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
    expect([route.url, successes.length > 0]).toEqual([route.url, true]);
    for (const [, answer] of successes) expect(answer.description).not.toBe('');
  }
  await app.close();
});

describe('forms are documented as multipart/form-data with their file parts', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await getDocument(await sharedTestApp());
  });

  function bodyOf(method: string, url: string) {
    return document.paths[url][method].requestBody!.content;
  }

  test('a verification: a form with the file, or JSON naming an upload', () => {
    const content = bodyOf('post', '/api/verifications/');
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const form = content['multipart/form-data'].schema;
    expect(form.properties!.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(['title', 'holder_name']);
    expect(content['application/json'].schema.properties).not.toHaveProperty('file');
    expect(content['application/json'].schema.properties).toHaveProperty('upload_id');
  });

  test('an upload: a form only, whose file is required', () => {
    const content = bodyOf('post', '/api/uploads/');
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data'].schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
  });

  test('a bulk operation: the sheet, and documents or a design, each as a file or the id it was staged under', () => {
    const form = bodyOf('post', '/api/bulk-operations/')['multipart/form-data'].schema;
    for (const part of ['sheet', 'documents', 'design']) {
      expect(form.properties![part]).toMatchObject({ type: 'string', format: 'binary' });
      expect(form.properties).toHaveProperty(`${part}_upload_id`);
    }
    // Either of the two names the sheet, so the schema requires neither; the service asks for one.
    expect(form.required).toBeUndefined();
  });

  test("a template: JSON, or a form with the JSON in data and the logo's file", () => {
    for (const [method, url] of [
      ['post', '/api/templates/'],
      ['patch', '/api/templates/{id}/'],
    ]) {
      const content = bodyOf(method, url);
      expect(content['multipart/form-data'].schema.properties).toMatchObject({
        data: { type: 'string' },
        logo: { type: 'string', format: 'binary' },
      });
      expect(content['application/json'].schema.properties).toHaveProperty('name');
    }
  });

  test('the token endpoints take forms only, as OAuth clients send them', () => {
    expect(Object.keys(bodyOf('post', '/api/auth/token/')).sort()).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
  });

  test('downloads say what they are', () => {
    expect(
      document.paths['/api/verifications/{id}/document/'].get.responses['200'].content,
    ).toHaveProperty('application/pdf');
    expect(
      document.paths['/api/bulk-operations/{id}/events/'].get.responses['200'].content,
    ).toHaveProperty('text/event-stream');
  });
});

describe('answers that are not the usual shape are documented', () => {
  test('the token endpoints refuse in OAuth’s shape, and rate-limit in the API’s', async () => {
    const document = await getDocument(await sharedTestApp());
    for (const url of ['/api/auth/token/', '/api/auth/token/google/', '/api/auth/token/sso/']) {
      const answers = document.paths[url].post.responses;
      expect([url, answers['4XX'].content?.['application/json'].schema]).toEqual([
        url,
        { $ref: '#/components/schemas/OAuthError' },
      ]);
      expect([url, answers['429'].content?.['application/json'].schema]).toEqual([
        url,
        { $ref: '#/components/schemas/ApiError' },
      ]);
    }
    expect(document.paths['/api/account/restore/'].post.responses).toHaveProperty('204');
  });

  test('every answer a route makes is described: none is left as "without a declared schema"', async () => {
    const document = await getDocument(await sharedTestApp());
    const undescribed = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.values(operation.responses)
          .filter((answer) => answer.description === 'Answered without a declared schema.')
          .map(() => `${method} ${url}`),
      ),
    );
    expect(undescribed).toEqual([]);
    expect(
      document.paths['/api/account/exports/{token}/'].get.responses['200'].content,
    ).toHaveProperty('application/zip');
  });

  test('an answer with no body is documented without content', async () => {
    const document = await getDocument(await sharedTestApp());
    const noContent = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status]) => status === '204')
          .map(([, answer]) => [`${method} ${url}`, answer.content]),
      ),
    );
    expect(noContent).toContainEqual(['post /api/account/restore/', undefined]);
    expect(noContent).toContainEqual(['delete /api/verifications/{id}/', undefined]);
    for (const [operation, content] of noContent)
      expect([operation, content]).toEqual([operation, undefined]);
  });
});

describe('the reference page', () => {
  test('is swagger-ui from our own origin, under the same headers as the rest of the app', async () => {
    const app = await sharedTestApp();
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(health.headers['content-security-policy']);
    // script-src 'self': every script is a file of ours, none inline; nothing is loaded from elsewhere.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\//);
      expect(inline.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const response = await app.inject({ method: 'GET', url: `/api/docs/static/${asset}` });
      expect([asset, response.statusCode]).toEqual([asset, 200]);
    }
  });

  test('and the document are public', async () => {
    const app = await sharedTestApp();
    for (const url of ['/api/openapi.json', '/api/docs/', '/api/docs/json']) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 200]);
    }
  });

  test('is not the web app: an unknown path under it is a 404, also for a browser', async () => {
    const app = await sharedTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/docs/no-such-page',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
