// Rules of the mapping step: the columns a mode needs, each column filling one field at most.
import { object, string } from 'yup';

import { BULK_STANDARD_FIELDS, type BulkMode, type BulkStandardField } from '@common/bulk';

import { STANDARD_FIELD_LABELS, type MappingValues } from './bulk-draft';
import { validateNested } from './validate-nested';

export const MAPPING_MESSAGES = {
  title: "Choose the column with each document's title",
  holder_name: "Choose the column with the holder's name",
  file: 'Choose the column that names each document in the zip',
} as const;

/** A column already chosen for a field earlier in the list cannot fill this one too. */
function oneFieldPerColumn(field: BulkStandardField) {
  return string().test('one-field', (column, context) => {
    if (!column) return true;
    const mapping = context.parent as MappingValues['mapping'];
    const earlier = BULK_STANDARD_FIELDS.slice(0, BULK_STANDARD_FIELDS.indexOf(field)).find(
      (other) => mapping[other] === column,
    );
    return earlier
      ? context.createError({
          message: `"${column}" already fills ${STANDARD_FIELD_LABELS[earlier]}`,
        })
      : true;
  });
}

export function mappingStepSchema(mode: BulkMode) {
  return object({
    mapping: object({
      title: oneFieldPerColumn('title').required(MAPPING_MESSAGES.title),
      holder_name: oneFieldPerColumn('holder_name').required(MAPPING_MESSAGES.holder_name),
      issue_date: oneFieldPerColumn('issue_date'),
      expiry_date: oneFieldPerColumn('expiry_date'),
      file:
        mode === 'documents' ? oneFieldPerColumn('file').required(MAPPING_MESSAGES.file) : string(),
    }),
  });
}

export function validateMappingStep(mode: BulkMode) {
  return validateNested(mappingStepSchema(mode));
}
