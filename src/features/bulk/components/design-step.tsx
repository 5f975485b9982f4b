// Step 3 (design mode): the fields drawn on every document, placed by dragging them on page 1 of the design, with
// row 1's values as a live preview.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';

import { FormSection } from '@/components/form/form-section';
import { BULK_LIMITS, type DesignField } from '@common/bulk';
import type { QrPlacement } from '@common/verifications';

import {
  DATE_FIELDS,
  fieldsOfMode,
  STANDARD_FIELD_LABELS,
  type LayoutValues,
  type MappingValues,
} from './bulk-draft';
import { DesignFieldEditor } from './design-field-editor';
import { DesignPreview } from './design-preview';
import { validateDesignStep } from './design-step-schema';
import { sampleText } from './design-text';
import { StepActions } from './step-actions';

import type { SheetPreview } from '../api/bulk-api';

interface Choice {
  value: string;
  label: string;
}

/** What a field may show: the standard fields the sheet fills (the issue date always has a value), then columns. */
function fieldChoices(preview: SheetPreview, values: MappingValues): Choice[] {
  const standard = fieldsOfMode('design')
    .filter((field) => field === 'issue_date' || values.mapping[field])
    .map((field) => ({ value: field, label: STANDARD_FIELD_LABELS[field] }));
  const mapped = new Set(Object.values(values.mapping));
  const columns = preview.columns
    .filter((column) => !mapped.has(column))
    .map((column) => ({ value: column, label: `Column: ${column}` }));
  return [...standard, ...columns];
}

function firstMessage(error: unknown): string | undefined {
  const first = Array.isArray(error) ? error[0] : error;
  return typeof first === 'string' ? first : undefined;
}

interface BodyProps {
  preview: SheetPreview;
  mapping: MappingValues;
  design: File;
  qr: QrPlacement;
}

function DesignStepBody({ preview, mapping, design, qr }: BodyProps) {
  const form = useForm<LayoutValues>();
  const { input } = useField<DesignField[]>('fields', { subscription: { value: true } });
  const { errors, submitFailed } = useFormState({
    subscription: { errors: true, submitFailed: true },
  });
  const fields = input.value || [];
  const [selected, setSelected] = useState<number | null>(fields.length > 0 ? 0 : null);
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const choices = useMemo(() => fieldChoices(preview, mapping), [preview, mapping]);
  const unplaced = choices.filter(
    (choice) => !fields.some((field) => field.field === choice.value),
  );
  const texts = fields.map((field) => sampleText(field, preview, mapping));

  const fieldErrors = (errors?.fields ?? []) as unknown[];
  const listError = fieldErrors.every((entry) => typeof entry === 'string')
    ? firstMessage(fieldErrors)
    : undefined;
  const errorOf = (index: number, key: 'field' | 'size' | 'color') => {
    const entry = fieldErrors[index];
    return entry && typeof entry === 'object'
      ? firstMessage((entry as Record<string, unknown>)[key])
      : undefined;
  };

  // Stable, reading the form's latest fields: the editors are memoised on them.
  const update = useCallback(
    (index: number, changes: Partial<DesignField>) => {
      const current = form.getState().values.fields ?? [];
      form.change(
        'fields',
        current.map((field, at) => (at === index ? { ...field, ...changes } : field)),
      );
    },
    [form],
  );
  const remove = useCallback(
    (index: number) => {
      const current = form.getState().values.fields ?? [];
      form.change(
        'fields',
        current.filter((_field, at) => at !== index),
      );
      setSelected(null);
    },
    [form],
  );
  const add = (choice: Choice) => {
    setAddAnchor(null);
    const lowest = fields.reduce((bottom, field) => Math.max(bottom, field.y), 0.3);
    input.onChange([
      ...fields,
      {
        field: choice.value,
        x: 0.5,
        y: Math.min(lowest + 0.08, 0.95),
        font: 'Helvetica',
        size: 14,
        color: '#1f2937',
        align: 'center',
        ...(DATE_FIELDS.includes(choice.value) ? { date_format: 'D MMMM YYYY' as const } : {}),
      },
    ]);
    setSelected(fields.length);
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 104 } }}>
          <FormSection
            title="Preview"
            description="Drag each value to where it goes. The dashed square is the QR code's spot."
          >
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: { xs: 'block', md: 'none' }, mb: 1.5 }}
            >
              Placing fields is easiest on a larger screen. Here, drag a value, or tap it and use
              the fields below.
            </Typography>
            <DesignPreview
              file={design}
              fields={fields}
              texts={texts}
              qr={qr}
              selected={selected}
              onSelect={setSelected}
              onMove={update}
            />
          </FormSection>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <FormSection
          title="Fields"
          description="Drawn on every document with its row's values."
          action={
            <Button
              size="small"
              startIcon={<AddOutlined />}
              onClick={(event) => setAddAnchor(event.currentTarget)}
              disabled={unplaced.length === 0 || fields.length >= BULK_LIMITS.layout_fields}
              aria-haspopup="menu"
            >
              Add field
            </Button>
          }
        >
          <Menu anchorEl={addAnchor} open={Boolean(addAnchor)} onClose={() => setAddAnchor(null)}>
            {unplaced.map((choice) => (
              <MenuItem key={choice.value} onClick={() => add(choice)}>
                {choice.label}
              </MenuItem>
            ))}
          </Menu>
          {fields.length === 0 ? (
            <Alert severity={submitFailed ? 'error' : 'info'}>
              {listError ?? 'Place at least one field on the design'}: use Add field.
            </Alert>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Placed fields">
              {fields.map((field, index) => (
                <DesignFieldEditor
                  key={index}
                  index={index}
                  value={field}
                  choices={choices}
                  fieldError={errorOf(index, 'field')}
                  sizeError={errorOf(index, 'size')}
                  colorError={errorOf(index, 'color')}
                  isSelected={selected === index}
                  onSelect={setSelected}
                  onChange={update}
                  onRemove={remove}
                />
              ))}
            </Stack>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            Text is drawn in the PDF&rsquo;s standard fonts, which cover Western European letters.
          </Typography>
        </FormSection>
      </Grid>
    </Grid>
  );
}

interface DesignStepProps extends BodyProps {
  initialValues: LayoutValues;
  onSubmit: (values: LayoutValues) => void;
  onBack: (values: LayoutValues) => void;
}

export function DesignStep({ initialValues, onSubmit, onBack, ...body }: DesignStepProps) {
  return (
    <Form<LayoutValues>
      onSubmit={onSubmit}
      validate={validateDesignStep}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting, form }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Place fields">
          <Stack spacing={3}>
            <DesignStepBody {...body} />
            <StepActions
              nextLabel="Upload and check"
              isBusy={Boolean(submitting)}
              onBack={() => onBack(form.getState().values)}
            />
          </Stack>
        </Box>
      )}
    />
  );
}
