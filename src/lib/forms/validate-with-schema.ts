// Turns a yup schema into a react-final-form `validate` function. Every failing rule is kept, so a
// field can list all of its problems at once (a password, say).
import { ValidationError, type AnyObjectSchema } from 'yup';

/** Field name to every message that applies; fields without problems are absent. */
export type FieldErrors = Record<string, string[]>;

export function validateWithSchema(schema: AnyObjectSchema) {
  return (values: object): FieldErrors => {
    try {
      schema.validateSync(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: FieldErrors = {};
      for (const failure of error.inner.length > 0 ? error.inner : [error]) {
        const path = failure.path ?? '';
        errors[path] = [...(errors[path] ?? []), ...failure.errors];
      }
      return errors;
    }
  };
}
