// Lets routes declare zod schemas for params, query, body and responses: Fastify validates with them,
// types the handler from them, and a failed check becomes a 400 with per-field messages.
import { z } from 'zod';

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

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data) => {
    const result = schema.safeParse(data, parseOptions);
    return result.success
      ? { value: result.data }
      : { error: validationError(result.error.issues, httpPart) };
  };
};

// Parsing before serialising drops fields a response schema does not list, so internals never leak by accident.
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return (data) => JSON.stringify(schema.parse(data));
};
