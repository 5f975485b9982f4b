// The contact form's rules, checked before anything is sent: the server's limits (common/), its blank-field words,
// and the attachment's size and kind (the server checks its bytes again).
import { mixed, object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { SUPPORT_ATTACHMENT_KINDS, SUPPORT_LIMITS } from '@common/support-schemas';

export interface ContactFormValues {
  subject: string;
  message: string;
  attachment: File | null;
  /** Send the app's diagnostic state along. */
  attachDiagnostic: boolean;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  subject: '',
  message: '',
  attachment: null,
  attachDiagnostic: false,
};

const ATTACHMENT_TYPES =
  /^(image\/(png|jpeg|gif|webp)|application\/(pdf|zip|x-zip-compressed)|text\/(plain|csv))$/;
const ATTACHMENT_EXTENSIONS = /\.(png|jpe?g|gif|webp|pdf|zip|txt|csv|log)$/i;

/** Why a chosen file cannot be attached, or null. */
export function attachmentProblem(file: File): string | null {
  if (file.size > SUPPORT_LIMITS.attachment_bytes) return 'The file is larger than the 5 MB limit.';
  if (file.size === 0) return 'The attachment is empty.';
  if (!ATTACHMENT_TYPES.test(file.type) && !ATTACHMENT_EXTENSIONS.test(file.name))
    return `This file type cannot be attached. Attach ${SUPPORT_ATTACHMENT_KINDS}.`;
  return null;
}

const contactFormSchema = object({
  subject: string()
    .trim()
    .required('Enter a subject.')
    .max(SUPPORT_LIMITS.subject, `Must be at most ${SUPPORT_LIMITS.subject} characters.`),
  message: string()
    .trim()
    .required('Write your message.')
    .max(SUPPORT_LIMITS.message, `Must be at most ${SUPPORT_LIMITS.message} characters.`),
  attachment: mixed<File>()
    .nullable()
    .test('attachment', (file, context) => {
      const problem = file ? attachmentProblem(file) : null;
      return problem ? context.createError({ message: problem }) : true;
    }),
});

export const validateContactForm = validateWithSchema(contactFormSchema);
