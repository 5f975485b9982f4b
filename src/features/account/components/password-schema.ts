import { object, ref, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@common/auth';

/** The spec's change-password form with the current password first; every broken rule is listed. */
function passwordChangeSchema(needsCurrentPassword: boolean) {
  return object({
    current_password: needsCurrentPassword
      ? string().required('Current password is required')
      : string(),
    password: string()
      .required(PASSWORD_MESSAGES.required)
      .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.minLength)
      .matches(/\d/, PASSWORD_MESSAGES.number)
      .matches(/[a-z]/, PASSWORD_MESSAGES.lowercase)
      .matches(/[A-Z]/, PASSWORD_MESSAGES.uppercase)
      .matches(/[^A-Za-z0-9]/, PASSWORD_MESSAGES.special),
    // Required and minimum keep yup's default wording ('confirmPassword is a required field').
    confirmPassword: string()
      .required()
      .min(PASSWORD_MIN_LENGTH)
      .oneOf([ref('password')], 'Passwords must match'),
  });
}

export function validatePasswordChange(needsCurrentPassword: boolean) {
  return validateWithSchema(passwordChangeSchema(needsCurrentPassword));
}
