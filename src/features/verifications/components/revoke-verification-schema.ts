import { object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';

export const revokeVerificationSchema = object({
  reason: string()
    .trim()
    .required('Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
  replaced_by_code: string().trim().max(64, 'Code must be at most 64 characters'),
});

export const validateRevokeVerification = validateWithSchema(revokeVerificationSchema);
