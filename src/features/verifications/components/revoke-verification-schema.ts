import { object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { VERIFICATION_LIMITS } from '@common/verifications';

const { revocation_reason: REASON_MAX, replaced_by_code: CODE_MAX } = VERIFICATION_LIMITS;

export const revokeVerificationSchema = object({
  reason: string()
    .trim()
    .required('Reason is required')
    .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
  replaced_by_code: string().trim().max(CODE_MAX, `Code must be at most ${CODE_MAX} characters`),
});

export const validateRevokeVerification = validateWithSchema(revokeVerificationSchema);
