// final-form reads errors in the shape of the values: yup's flat paths ('mapping.title', 'fields[1].size') become
// nested objects.
import { setIn } from 'final-form';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

import type { AnyObjectSchema } from 'yup';

export function validateNested(schema: AnyObjectSchema) {
  const validateFlat = validateWithSchema(schema);
  return (values: object): object => {
    let errors: object = {};
    for (const [path, messages] of Object.entries(validateFlat(values))) {
      errors = setIn(errors, path, messages);
    }
    return errors;
  };
}
