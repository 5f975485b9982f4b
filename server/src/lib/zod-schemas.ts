// Lets routes declare zod schemas for params, query, body and responses: Fastify validates with them,
// types the handler from them, and a failed check becomes a 400 with per-field messages.
import { z } from 'zod';

import { unstorableTextProblem } from '@common/text-schemas';

import { AppError, type FieldErrors } from './app-error';

import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

// Zod's default for a missing field ("expected string, received undefined") reads like a bug report.
const parseOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.input === undefined ? 'This field is required.' : undefined,
};

function toFieldErrors(issues: z.core.$ZodIssue[], partName: string): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : partName;
    (details[field] ??= []).push(issue.message);
  }
  return details;
}

export function validationError(issues: z.core.$ZodIssue[], httpPart = 'body'): AppError {
  const partName = PART_NAMES[httpPart] ?? httpPart;
  const details = toFieldErrors(issues, partName);
  const summary = Object.entries(details)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message: `Invalid ${partName}: ${summary}`,
    details,
  });
}

const MAX_UNSTORABLE_TEXT_ISSUES = 20;

// Parsed query strings and forms are objects of their own classes; a file part's bytes are not text.
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

// Where a value sits in a request part: a chain to its parent, so that a deeply nested body costs no copying.
interface Place {
  key?: PropertyKey;
  parent?: Place;
}

function pathOf(place: Place): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

// Every string of a request part, keys included, whatever its route's schema says: NUL and unpaired surrogates
// would otherwise reach Postgres and fail there as a 500. Iterative, so a deeply nested body cannot overflow the stack.
function unstorableTextIssues(data: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const pending: { value: unknown; place: Place }[] = [{ value: data, place: {} }];
  const report = (text: string, place: Place) => {
    const message = unstorableTextProblem(text);
    if (message) issues.push({ code: 'custom', path: pathOf(place), message, input: text });
  };
  while (pending.length > 0 && issues.length < MAX_UNSTORABLE_TEXT_ISSUES) {
    const { value, place } = pending.pop()!;
    if (typeof value === 'string') {
      report(value, place);
    } else if (isContainer(value)) {
      const isArray = Array.isArray(value);
      // Reversed so that issues come out in the body's order.
      for (const [key, item] of Object.entries(value).reverse()) {
        const itemPlace = { key: isArray ? Number(key) : key, parent: place };
        if (!isArray) report(key, itemPlace);
        pending.push({ value: item, place: itemPlace });
      }
    }
  }
  return issues;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data) => {
    const unstorable = unstorableTextIssues(data);
    const result = schema.safeParse(data, parseOptions);
    if (result.success && unstorable.length === 0) return { value: result.data };
    // A field the schema already refused keeps the schema's own message.
    const issues = result.success ? [] : result.error.issues;
    const refused = new Set(issues.map((issue) => issue.path.join('.')));
    const extra = unstorable.filter((issue) => !refused.has(issue.path.join('.')));
    return { error: validationError([...issues, ...extra], httpPart) };
  };
};

// Parsing before serialising drops fields a response schema does not list, so internals never leak by accident.
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return (data) => JSON.stringify(schema.parse(data));
};
