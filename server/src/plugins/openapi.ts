// The API's OpenAPI 3.1 document, made from the zod schemas every route already declares (GET /api/openapi.json),
// and its reference page at /api/docs/ (swagger-ui, served from its npm package). Answers are described as the
// server writes them (its serializer parses with the response schema, so fields it does not list never go out);
// the schemas common/ exports become named components.
import { STATUS_CODES } from 'node:http';

import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { z } from 'zod';

import { API_ERROR_CODES, OAUTH_ERROR_CODES } from '@common/api-error';
import * as authSchemas from '@common/auth-schemas';
import * as bulkSchemas from '@common/bulk-schemas';
import * as integrationsSchemas from '@common/integrations-schemas';
import * as settingsSchemas from '@common/settings';
import { PLAN_LIMIT_KEYS, type PlanLimitDetails } from '@common/subscription-schemas';
import * as teamSchemas from '@common/team-schemas';
import * as templatesSchemas from '@common/templates-schemas';
import { DOCUMENT_CONTENT_TYPES } from '@common/uploads';
import * as uploadsSchemas from '@common/uploads-schemas';
import * as verificationsSchemas from '@common/verifications-schemas';

import { formatBytes } from '../lib/format-bytes';
import { named } from '../lib/named-plugin';

import { accessRuleOf, apiKeyMayCall, type RouteAccess } from './auth';
import { uploadedFileField } from './multipart';

import type { FastifyInstance, RouteOptions } from 'fastify';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

type JsonSchema = Record<string, unknown>;
type Route = Pick<RouteOptions, 'method' | 'url' | 'config'>;
interface Answer {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  /** 'null' for an answer with no body: @fastify/swagger documents any other answer without content as JSON. */
  type?: 'null';
}
type Answers = Record<string, Answer>;
/** What transformObject touches of the document @fastify/swagger made. */
interface OpenApiDocument {
  components?: Record<string, unknown>;
  paths: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string; description?: string }[];
}

const COMPONENTS_PATH = '#/components/schemas/';

// The error envelopes (common/api-error.ts), as components every operation's 4XX answer names. Details are
// field errors (each field's messages), or a plan limit's numbers (plan_limit).
const planLimitDetailsSchema = z.object({
  limit_key: z.enum(PLAN_LIMIT_KEYS),
  limit: z.number(),
  used: z.number(),
}) satisfies z.ZodType<PlanLimitDetails>;
const apiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.enum(API_ERROR_CODES).optional(),
    details: z
      .union([z.record(z.string(), z.array(z.string())), planLimitDetailsSchema])
      .optional(),
  }),
});
const oauthErrorSchema = z.object({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string(),
});

// Every schema common/ exports under a name ending in Schema is a component of that name (verificationSchema:
// Verification); the others (route-local bodies, params, queries) are written out where they are used.
const SCHEMA_MODULES: Record<string, unknown>[] = [
  authSchemas,
  bulkSchemas,
  integrationsSchemas,
  settingsSchemas,
  teamSchemas,
  templatesSchemas,
  uploadsSchemas,
  verificationsSchemas,
];

function componentNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>([
    [apiErrorSchema, 'ApiError'],
    [oauthErrorSchema, 'OAuthError'],
  ]);
  for (const module of SCHEMA_MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || !/^[a-z]\w*Schema$/.test(exportName)) continue;
      const name = exportName.slice(0, -'Schema'.length);
      names.set(value, name[0].toUpperCase() + name.slice(1));
    }
  }
  return names;
}

const BINARY: JsonSchema = { type: 'string', format: 'binary' };

// The token endpoints read forms only, as OAuth clients send them (routes/api/auth/token.ts): the schema cannot say.
const FORM_ONLY_BODIES = new Set(['POST /api/auth/token/', 'POST /api/auth/token/revoke/']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** Answers of routes that declare no response schema: files, streams and empty answers. */
const UNDECLARED_ANSWERS: Record<string, Answers> = {
  'GET /api/verifications/:id/document/': fileAnswer('The secured PDF.', 'application/pdf'),
  'GET /api/verifications/:id/original/': fileAnswer(
    'The document the verification was made from, as it was sent.',
    ...DOCUMENT_CONTENT_TYPES,
  ),
  'GET /api/verifications/:id/qr/': {
    200: {
      description: 'The QR code alone, as PNG (format=png, the default) or SVG (format=svg).',
      content: { 'image/png': { schema: BINARY }, 'image/svg+xml': { schema: BINARY } },
    },
  },
  'GET /api/public/verifications/:code/badge.png': fileAnswer(
    "The verification's Open Badge: a PNG with its credential in an iTXt chunk `openbadgecredential` (OB 3.0 " +
      'baking); 404 when the credential is not an Open Badge or is not offered.',
    'image/png',
  ),
  'GET /api/uploads/:id/': fileAnswer(
    'The staged file, as it was sent.',
    ...DOCUMENT_CONTENT_TYPES,
  ),
  'GET /api/bulk-operations/:id/report/': fileAnswer(
    'The report: one line per row of the sheet, with its outcome.',
    'text/csv',
  ),
  'GET /api/bulk-operations/:id/result/': fileAnswer(
    'A zip of the secured documents, with the report.',
    'application/zip',
  ),
  'GET /api/account/exports/:token/': fileAnswer(
    "The account's data as a zip (the mailed link's token is the credential; 410 past its 24 hours).",
    'application/zip',
  ),
  'POST /api/bulk-operations/uploads/resumable': {
    201: noContent(
      'A resumable upload (tus 1.0.0: Upload-Length, Upload-Metadata with kind and filename) is made; ' +
        'Location is its URL, whose last segment is the staged file id once the last piece is in.',
    ),
  },
  'HEAD /api/bulk-operations/uploads/resumable/:id': {
    200: noContent(
      'Upload-Offset says how much of the file the server has; send the rest from there.',
    ),
  },
  'PATCH /api/bulk-operations/uploads/resumable/:id': {
    204: noContent('The piece is kept; Upload-Offset says where the next one starts.'),
    200: {
      description:
        'The last piece is in: the file is staged under the upload id; the body is the bulk upload (JSON).',
    },
  },
  'DELETE /api/bulk-operations/uploads/resumable/:id': {
    204: noContent('The unfinished upload is dropped.'),
  },
  'POST /api/account/restore/': {
    204: noContent('The deletion is cancelled and the account stays; no content.'),
  },
  'GET /api/bulk-operations/:id/events/': {
    200: {
      description:
        'Progress as Server-Sent Events: a `progress` event whose data is the BulkOperation, now and at each ' +
        'change, until it is final; the stream then ends.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  },
};

function noContent(description: string): Answer {
  return { description, type: 'null' };
}

function fileAnswer(description: string, ...contentTypes: string[]): Answers {
  return {
    200: {
      description: `${description} Sent as an attachment (Content-Disposition).`,
      content: Object.fromEntries(contentTypes.map((type) => [type, { schema: BINARY }])),
    },
  };
}

/** Hidden: everything outside /api/ (the /v/ pages, the SPA, Companion) and the reference itself. */
function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_PATH && !url.startsWith(DOCS_PREFIX);
}

/** Each route's rule, as the OpenAPI security requirement and a sentence. */
function securityOf(rule: RouteAccess): Record<string, string[]>[] {
  if (rule === 'public') return [];
  return apiKeyMayCall(rule) ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }];
}

function accessLabel(rule: RouteAccess): string {
  return typeof rule === 'object' ? `${rule.area}: ${rule.level}` : rule;
}

function accessSentence(rule: RouteAccess): string {
  if (rule === 'public') return 'Public: no token needed.';
  const keys = securityOf(rule).length > 1 ? 'An API key may call it.' : 'API keys get 403.';
  if (rule === 'signed-in') return `Any signed-in user. ${keys}`;
  if (rule === 'owner') return `The account's owner only (shared users get 403). ${keys}`;
  return `The owner, or a shared user with ${rule.area} permission at ${rule.level} level or above. ${keys}`;
}

/** getVerificationsByIdScans for GET /api/verifications/:id/scans/: stable names for client generators. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/\-_.]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `by-${word.slice(1)}` : word))
    .flatMap((word) => word.split('-'));
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join(
    '',
  );
}

/**
 * Turns zod schemas into JSON Schema (draft 2020-12): request parts as the server reads them (zod's input side),
 * answers as it writes them (the output side), collecting the named answers as components as it goes.
 */
class SchemaWriter {
  private readonly names = componentNames();
  private readonly answers = z.registry<{ id: string }>();

  /** A named answer's $ref (registering it as a component), or the answer's schema written out. */
  answer(schema: z.ZodType): JsonSchema {
    const name = this.names.get(schema);
    if (!name) return this.write(schema, 'output');
    if (!this.answers.has(schema)) this.answers.add(schema, { id: name });
    return { $ref: `${COMPONENTS_PATH}${name}` };
  }

  request(schema: z.ZodType): JsonSchema {
    return this.write(schema, 'input');
  }

  /** Every component named so far, refs between them pointing into components. */
  components(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.answers, {
      ...this.options('output'),
      uri: (id) => `${COMPONENTS_PATH}${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    return Object.fromEntries(
      Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...body }]) => [
        name,
        body,
      ]),
    );
  }

  private write(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, this.options(io)) as JsonSchema;
    return json;
  }

  private options(io: 'input' | 'output') {
    return {
      target: 'draft-2020-12' as const,
      io,
      // A form's file part (plugins/multipart.ts) is bytes; anything else zod cannot express is left open.
      unrepresentable: 'any' as const,
      override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
        if (zodSchema === uploadedFileField) Object.assign(jsonSchema, BINARY);
      },
    };
  }
}

function isFilePart(schema: unknown): boolean {
  return (schema as JsonSchema | undefined)?.format === 'binary';
}

function fileLimitOf(route: Route, field: string): number | undefined {
  const limit = route.config?.multipartFileLimit;
  return typeof limit === 'number' ? limit : limit?.[field];
}

/** The body's media types: JSON, a multipart form when a field is a file, forms only where the route says. */
function requestBodyOf(route: Route, body: z.ZodType, writer: SchemaWriter, key: string) {
  if (isTemplateForm(route)) return templateBody(route, body, writer);
  const json = writer.request(body);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const files = Object.keys(properties).filter((name) => isFilePart(properties[name]));
  if (FORM_ONLY_BODIES.has(key)) {
    return { content: Object.fromEntries(FORM_TYPES.map((type) => [type, { schema: json }])) };
  }
  if (files.length === 0) return { content: { 'application/json': { schema: json } } };
  for (const name of files) {
    const limit = fileLimitOf(route, name);
    properties[name] = {
      ...properties[name],
      description: `A file part${limit ? `, at most ${formatBytes(limit)}` : ''}.`,
    };
  }
  const form = { schema: json };
  const required = (json.required ?? []) as string[];
  // A form without its optional file says the same as JSON can, minus the bytes.
  if (files.some((name) => required.includes(name))) {
    return { content: { 'multipart/form-data': form } };
  }
  const withoutFiles = {
    ...json,
    properties: Object.fromEntries(
      Object.entries(properties).filter(([name]) => !files.includes(name)),
    ),
  };
  // The form first: it is what an API client sends with the document itself.
  return {
    content: { 'multipart/form-data': form, 'application/json': { schema: withoutFiles } },
  };
}

function isTemplateForm(route: Route): boolean {
  return route.config?.jsonInDataPart === true;
}

// A template is sent as JSON, or as a form with that JSON as text in `data` and the logo file in `logo`
// (routes/api/templates/fields.ts).
function templateBody(route: Route, body: z.ZodType, writer: SchemaWriter) {
  const json = writer.request(body);
  const { logo: _logo, ...fields } = (json.properties ?? {}) as Record<string, JsonSchema>;
  const limit = fileLimitOf(route, 'logo');
  return {
    content: {
      'application/json': {
        schema: {
          ...json,
          properties: {
            ...fields,
            logo: {
              type: 'null',
              description: 'null removes the logo; a new one comes in a form.',
            },
          },
        },
      },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            data: {
              type: 'string',
              description:
                'The template\'s fields as JSON text (the JSON body\'s object, without "logo").',
            },
            logo: {
              ...BINARY,
              description: `The logo: PNG, JPEG or SVG${limit ? `, at most ${formatBytes(limit)}` : ''}.`,
            },
          },
        },
      },
    },
  };
}

function responsesOf(
  route: Route,
  response: Record<string, z.ZodType> | undefined,
  writer: SchemaWriter,
  key: string,
): Answers {
  const isOAuth = Boolean(route.config?.oauthErrors);
  const refused = {
    '4XX': {
      description: 'Refused: the error envelope says why (docs/api.md, Errors).',
      content: {
        'application/json': { schema: writer.answer(isOAuth ? oauthErrorSchema : apiErrorSchema) },
      },
    },
    // OAuth has no error for "too many attempts": the rate limit answers in the API's own envelope.
    ...(isOAuth && {
      429: {
        description:
          'Too many attempts: try again after Retry-After seconds (docs/api.md, Errors).',
        content: { 'application/json': { schema: writer.answer(apiErrorSchema) } },
      },
    }),
  } as Answers;
  if (!response) {
    const method = String(route.method);
    const undeclared =
      UNDECLARED_ANSWERS[key] ??
      (method === 'DELETE'
        ? { 204: noContent('Done; no content.') }
        : { 200: { description: 'Answered without a declared schema.' } });
    return { ...undeclared, ...refused };
  }
  const answers: Answers = {};
  for (const [status, schema] of Object.entries(response)) {
    answers[status] = {
      description: STATUS_CODES[Number(status)] ?? status,
      content: { 'application/json': { schema: writer.answer(schema) } },
    };
  }
  return { ...answers, ...refused };
}

interface RouteSchema {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response?: Record<string, z.ZodType>;
}

function documentRoute(route: Route, schema: RouteSchema, writer: SchemaWriter) {
  const method = String(route.method);
  const key = `${method} ${route.url}`;
  const rule = accessRuleOf(route);
  const tag = route.url.split('/')[2];
  return {
    operationId: operationId(method, route.url),
    tags: [tag],
    description: accessSentence(rule),
    security: securityOf(rule),
    'x-access': accessLabel(rule),
    // Undeclared path parameters are added by @fastify/swagger, as strings.
    ...(schema.params && { params: writer.request(schema.params) }),
    ...(schema.querystring && { querystring: writer.request(schema.querystring) }),
    ...(schema.body && { body: requestBodyOf(route, schema.body, writer, key) }),
    response: responsesOf(route, schema.response, writer, key),
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  verifications: 'Secure documents, and read, edit, revoke and delete their verifications.',
  uploads: 'Stage a document before making a verification of it.',
  templates: "The landing-page templates a verification's public page uses.",
  'bulk-operations': 'Secure many documents from a sheet, in the background.',
  public: 'What anyone may read without signing in: a verification by its code.',
  integrations: 'API keys and webhook endpoints.',
  team: 'Shared users, their permissions and the audit log.',
  auth: 'Sign-up, sign-in, tokens and the profile.',
  health: 'For load balancers and uptime checks.',
  settings: "The operator's limits a client needs before it sends anything.",
  'custom-domains': 'For the TLS proxy: whether a name is a verified custom domain.',
};

function swaggerOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  // transform runs once per route and transformObject once after them, each time the document is made (once).
  let writer = new SchemaWriter();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'QR Verify API',
        version: '1',
        description:
          "The JSON API the QR Verify web app uses. Authenticate with a signed-in user's access token, or with " +
          'an API key for verifications, templates and bulk operations. Quick start: docs/api.md.',
      },
      servers: [{ url: app.config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: "A signed-in user's access token, from POST /api/auth/token/.",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'qrv_…',
            description:
              'An API key (Integrations screen, or POST /api/integrations/api-keys/), sent as ' +
              "`Authorization: Bearer qrv_…`. It acts as the account's owner on verifications, templates and " +
              `bulk operations, at most RATE_LIMIT_API_KEY_REQUESTS requests a minute (RateLimit-* headers).`,
          },
        },
      },
    },
    // Paths as the server registers them, /api/ included.
    stripBasePath: false,
    transform: ({ schema, url, route }) => {
      if (!isDocumented(url)) return { schema: { hide: true }, url };
      const operation = documentRoute(route, (schema ?? {}) as RouteSchema, writer);
      // As the API's convention writes them: a prefix's own route is registered without its slash; a file's name
      // (badge.png) has none.
      const isWritten = url.endsWith('/') || /\.[a-z]+$/.test(url);
      return { schema: operation as never, url: isWritten ? url : `${url}/` };
    },
    transformObject: (documentObject) => {
      const document = (documentObject as { openapiObject: OpenApiDocument }).openapiObject;
      document.components = { ...document.components, schemas: writer.components() };
      const tags = new Set(
        Object.values(document.paths).flatMap((item) =>
          Object.values(item).flatMap((operation) => operation.tags ?? []),
        ),
      );
      // The resources an integration works with first, in TAG_DESCRIPTIONS' order; any other after them.
      const order = Object.keys(TAG_DESCRIPTIONS);
      const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
      document.tags = [...tags]
        .sort((a, b) => rank(a) - rank(b))
        .map((name) => ({
          name,
          ...(TAG_DESCRIPTIONS[name] && { description: TAG_DESCRIPTIONS[name] }),
        }));
      writer = new SchemaWriter();
      return document as never;
    },
  };
}

// swagger-ui's routes take no route config: each is declared public (plugins/auth.ts) as it is added, before
// any onRoute hook reads it. The override is inherited by swagger-ui's own child contexts, and by nothing else.
async function publicDocsRoutes(app: FastifyInstance): Promise<void> {
  const addRoute = app.route;
  app.route = function (this: FastifyInstance, options: RouteOptions) {
    return addRoute.call(this, { ...options, config: { ...options.config, access: 'public' } });
  } as typeof app.route;
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'QR Verify API' },
    // The page alone, without swagger-ui's bar for opening other documents.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}

export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions(app));
    app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
    await app.register(named(publicDocsRoutes));
  },
  { name: 'openapi', dependencies: ['config', 'auth'] },
);
