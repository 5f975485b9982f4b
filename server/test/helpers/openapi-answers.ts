// Whether an answer is one the app's OpenAPI document (GET /api/openapi.json) gives for its operation: a status it
// documents (exactly, or by range: 4XX is the error envelope), JSON valid against the schema documented for that
// status (Ajv, draft 2020-12, the dialect of OpenAPI 3.1, with ajv-formats), a file of a documented media type, or
// nothing where it documents no content.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const DOCUMENT_KEY = 'openapi.json';

export async function getOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`No OpenAPI document: ${response.body}`);
  return response.json();
}

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function parsedJson(body: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

/**
 * Checks answers against `document`: `problemWith` says what is wrong with one ("POST /api/… 500: not documented"),
 * or undefined when the document gives it.
 */
export function documentedAnswers(document: OpenApiDocument) {
  // The whole document, so that its schemas' refs to #/components/schemas/… resolve in it.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, DOCUMENT_KEY);
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(...segments: string[]): ValidateFunction {
    const ref = `${DOCUMENT_KEY}#/${pointer(...segments)}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  }

  function problemWith(
    response: LightMyRequestResponse,
    method: string,
    path: string,
  ): string | undefined {
    const status = String(response.statusCode);
    const label = `${method.toUpperCase()} ${path} ${status}`;
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return `${label}: no such operation in the document`;
    const documented = status in operation.responses ? status : `${status[0]}XX`;
    const answer = operation.responses[documented];
    if (!answer) return `${label}: status not documented (${response.body.slice(0, 200)})`;
    const mediaTypes = Object.keys(answer.content ?? {});
    if (mediaTypes.length === 0) {
      return response.body === '' ? undefined : `${label}: a body where none is documented`;
    }
    if (!mediaTypes.includes('application/json')) {
      const contentType = String(response.headers['content-type'] ?? '').split(';')[0];
      return mediaTypes.includes(contentType)
        ? undefined
        : `${label}: ${contentType} is none of ${mediaTypes.join(', ')}`;
    }
    const json = parsedJson(response.body);
    if (!json) return `${label}: not JSON (${response.body.slice(0, 200)})`;
    const validate = validatorFor(
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      documented,
      'content',
      'application/json',
      'schema',
    );
    if (validate(json.value)) return undefined;
    return `${label}: ${JSON.stringify(validate.errors)} in ${response.body.slice(0, 300)}`;
  }

  /** For answers outside any operation (a method no path has): a 4xx in the API's error envelope. */
  function problemWithRefusal(response: LightMyRequestResponse, label: string): string | undefined {
    const status = response.statusCode;
    if (status < 400 || status >= 500) return `${label} ${status}: not a refusal`;
    const json = parsedJson(response.body);
    const validate = validatorFor('components', 'schemas', 'ApiError');
    if (json && validate(json.value)) return undefined;
    return `${label} ${status}: not the ApiError envelope (${response.body.slice(0, 200)})`;
  }

  return { problemWith, problemWithRefusal };
}
