import { object } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

import { emailRule } from './auth-field-rules';

export const emailStepSchema = object({ email: emailRule });

export const validateEmailStep = validateWithSchema(emailStepSchema);
