// Rules of the verification form. Messages are shown verbatim next to the fields.
import { setIn } from 'final-form';
import { array, mixed, number, object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { qrSizeMinimumMm } from '@/lib/sealed-qr';
import {
  EXPIRY_BEFORE_ISSUE,
  expiresBeforeIssue,
  QR_PAGES,
  QR_POSITIONS,
  VERIFICATION_LIMITS,
} from '@common/verifications';

import { pickedDocumentProblem, type PickedDocument } from '../document-file';

import type { CustomField, QrPlacement } from '../api/verifications-api';

export interface VerificationFormValues {
  /** The picked document: uploading, or checked and kept by the server. */
  file: PickedDocument | null;
  title: string;
  holder_name: string;
  issue_date: string;
  /** '' when the document does not expire. */
  expiry_date: string;
  custom_fields: CustomField[];
  allow_download: boolean;
  /** The landing-page template the public page renders with; '' until the account's templates load. */
  template_id: string;
  qr: QrPlacement;
}

const LIMITS = VERIFICATION_LIMITS;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const customFieldSchema = object({
  key: string()
    .trim()
    .required('Field name is required')
    .max(
      LIMITS.custom_field_key,
      `Field name must be at most ${LIMITS.custom_field_key} characters`,
    ),
  value: string()
    .trim()
    .required('Value is required')
    .max(
      LIMITS.custom_field_value,
      `Value must be at most ${LIMITS.custom_field_value} characters`,
    ),
});

/** The form's rules; a sealed code's size starts at the sealed minimum. */
function verificationFormSchema(isSealed: boolean) {
  const minSizeMm = qrSizeMinimumMm(isSealed);
  return object({
    file: mixed<PickedDocument>()
      .nullable()
      .test('document', (file, context) => {
        const problem = pickedDocumentProblem(file);
        return problem ? context.createError({ message: problem }) : true;
      }),
    title: string()
      .trim()
      .required('Title is required')
      .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    holder_name: string()
      .trim()
      .required('Holder name is required')
      .max(LIMITS.holder_name, `Holder name must be at most ${LIMITS.holder_name} characters`),
    issue_date: string()
      .required('Issue date is required')
      .matches(ISO_DATE, 'Enter the issue date as a full date'),
    expiry_date: string()
      .matches(ISO_DATE, {
        message: 'Enter the expiry date as a full date',
        excludeEmptyString: true,
      })
      .test(
        'not-before-issue',
        EXPIRY_BEFORE_ISSUE,
        (expiry, context) =>
          !ISO_DATE.test(context.parent.issue_date ?? '') ||
          !expiresBeforeIssue(context.parent.issue_date, expiry),
      ),
    custom_fields: array(customFieldSchema)
      .max(LIMITS.custom_fields, `Add at most ${LIMITS.custom_fields} custom fields`)
      .test('unique-keys', (fields, context) => {
        const seen = new Set<string>();
        for (const [index, field] of (fields ?? []).entries()) {
          const key = field.key?.trim().toLowerCase();
          if (!key) continue;
          if (seen.has(key)) {
            return context.createError({
              path: `custom_fields[${index}].key`,
              message: 'Field names must be unique',
            });
          }
          seen.add(key);
        }
        return true;
      }),
    qr: object({
      pages: string().oneOf(QR_PAGES).required(),
      position: string().oneOf(QR_POSITIONS).required(),
      size_mm: number()
        .required()
        .min(
          minSizeMm,
          isSealed
            ? `A sealed QR code must be at least ${minSizeMm} mm`
            : `The QR code must be at least ${minSizeMm} mm`,
        )
        .max(LIMITS.qr_size_max_mm, `The QR code must be at most ${LIMITS.qr_size_max_mm} mm`),
      x: number().when('position', {
        is: 'custom',
        then: (rule) => rule.required('Drag the QR code to where it should sit').min(0).max(1),
      }),
      y: number().when('position', {
        is: 'custom',
        then: (rule) => rule.required('Drag the QR code to where it should sit').min(0).max(1),
      }),
    }),
  });
}

const validateUnsealed = validateWithSchema(verificationFormSchema(false));
const validateSealed = validateWithSchema(verificationFormSchema(true));

/**
 * final-form reads errors in the shape of the values: 'custom_fields[1].key' becomes nested. isSealed: whether the
 * chosen template seals the code.
 */
export function validateVerificationForm(
  values: VerificationFormValues,
  { isSealed = false }: { isSealed?: boolean } = {},
): object {
  const validateFlat = isSealed ? validateSealed : validateUnsealed;
  let errors: object = {};
  for (const [path, messages] of Object.entries(validateFlat(values))) {
    errors = setIn(errors, path, messages);
  }
  return errors;
}
