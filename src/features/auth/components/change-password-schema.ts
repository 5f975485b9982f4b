import { object, ref, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

import { newPasswordRule } from './auth-field-rules';

export const changePasswordSchema = object({
  password: newPasswordRule,
  // Required and minimum keep yup's default wording ('confirmPassword is a required field').
  confirmPassword: string()
    .required()
    .min(8)
    .oneOf([ref('password')], 'Passwords must match'),
});

export const validateChangePassword = validateWithSchema(changePasswordSchema);
