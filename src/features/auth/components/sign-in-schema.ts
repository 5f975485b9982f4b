import { object, string } from 'yup';

import { emailRule } from '@/lib/forms/email-rule';
import { validateWithSchema } from '@/lib/forms/validate-with-schema';

export const signInSchema = object({
  email: emailRule,
  password: string().required('Password is required'),
});

export const validateSignIn = validateWithSchema(signInSchema);
