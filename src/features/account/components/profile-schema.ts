import { object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { NAME_MIN_LENGTH } from '@common/auth';

// The server's limits and words (common/auth-schemas.ts).
const NAME_MAX_LENGTH = 150;

export const profileSchema = object({
  first_name: string()
    .trim()
    .required('Name is required')
    .min(NAME_MIN_LENGTH, `Name must be at least ${NAME_MIN_LENGTH} characters`)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  last_name: string()
    .trim()
    .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters`),
  organisation_name: string()
    .trim()
    .max(NAME_MAX_LENGTH, `Organisation name must be at most ${NAME_MAX_LENGTH} characters`),
  industry: string().required('Industry is required'),
});

export const validateProfile = validateWithSchema(profileSchema);
