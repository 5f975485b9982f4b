import { object } from 'yup';

import { emailRule } from '@/lib/forms/email-rule';
import { validateWithSchema } from '@/lib/forms/validate-with-schema';

// Only the email needs checking: every area's level comes from a closed set of buttons.
export const inviteMemberSchema = object({ email: emailRule.trim() });

export const validateInviteMember = validateWithSchema(inviteMemberSchema);
