import { object, string } from 'yup';

import { emailRule } from '@/lib/forms/email-rule';
import { validateWithSchema } from '@/lib/forms/validate-with-schema';

import { newPasswordRule } from './auth-field-rules';

export const signUpSchema = object({
  // The product keeps yup's default wording for the minimum: 'name must be at least 3 characters'.
  name: string().required('Name is required').min(3),
  email: emailRule,
  password: newPasswordRule,
});

export const validateSignUp = validateWithSchema(signUpSchema);
