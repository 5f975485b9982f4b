import { object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

import { emailRule } from './auth-field-rules';

export const signInSchema = object({
  email: emailRule,
  password: string().required('Password is required'),
});

export const validateSignIn = validateWithSchema(signInSchema);
