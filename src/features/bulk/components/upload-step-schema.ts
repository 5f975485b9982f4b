// Rules of the upload step. The file checks are the server's own rules with the operator's limits.
import { boolean, mixed, object, string } from 'yup';

import { BULK_LIMITS, BULK_MODES, type BulkMode } from '@common/bulk';

import { fileProblem, type BulkFileKind, type BulkLimits } from '../bulk-files';

import { validateNested } from './validate-nested';

function fileRule(kind: BulkFileKind, limits: BulkLimits, isUsed: (mode: BulkMode) => boolean) {
  return mixed<File>()
    .nullable()
    .test(kind, (file, context) => {
      if (!isUsed(context.parent.mode)) return true;
      const problem = fileProblem(kind, file, limits);
      return problem ? context.createError({ message: problem }) : true;
    });
}

export function uploadStepSchema(limits: BulkLimits) {
  return object({
    mode: mixed<BulkMode>()
      .oneOf([...BULK_MODES])
      .required(),
    sheet: fileRule('sheet', limits, () => true),
    documents: fileRule('documents', limits, (mode) => mode === 'documents'),
    design: fileRule('design', limits, (mode) => mode === 'design'),
    name: string()
      .trim()
      .max(BULK_LIMITS.name, `The name must be at most ${BULK_LIMITS.name} characters`),
    template_id: string(),
    allow_download: boolean(),
  });
}

export function validateUploadStep(limits: BulkLimits) {
  return validateNested(uploadStepSchema(limits));
}
