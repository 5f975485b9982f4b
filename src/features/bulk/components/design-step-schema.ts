// Rules of the design step: the fields placed, each with a size and a colour the server accepts.
import { array, number, object, string } from 'yup';

import { BULK_LIMITS } from '@common/bulk';

import { validateNested } from './validate-nested';

const { font_size_min: MIN, font_size_max: MAX, layout_fields: MAX_FIELDS } = BULK_LIMITS;

export const designStepSchema = object({
  fields: array(
    object({
      field: string().required('Choose what this field shows'),
      size: number()
        .typeError(`Size must be a number from ${MIN} to ${MAX}`)
        .required(`Size must be a number from ${MIN} to ${MAX}`)
        .min(MIN, `Size must be at least ${MIN} pt`)
        .max(MAX, `Size must be at most ${MAX} pt`),
      color: string().matches(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB, e.g. #1f2937'),
      x: number().min(0).max(1),
      y: number().min(0).max(1),
    }),
  )
    .min(1, 'Place at least one field on the design')
    .max(MAX_FIELDS, `Place at most ${MAX_FIELDS} fields`),
});

export const validateDesignStep = validateNested(designStepSchema);
