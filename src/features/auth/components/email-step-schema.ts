import { object } from 'yup';

import { emailRule } from '@/lib/forms/email-rule';
import { validateWithSchema } from '@/lib/forms/validate-with-schema';

export const emailStepSchema = object({ email: emailRule });

export const validateEmailStep = validateWithSchema(emailStepSchema);
