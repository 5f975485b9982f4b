// Step 2: which column fills each standard field (prefilled from the server's suggestion), which other columns are
// published as custom fields, and the sheet's first rows to check against.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form, useField, useFormState } from 'react-final-form';

import { FormSection } from '@/components/form/form-section';
import type { BulkMode, BulkStandardField } from '@common/bulk';

import { formatCount } from '../bulk-status';

import {
  fieldsOfMode,
  otherColumns,
  STANDARD_FIELD_LABELS,
  type MappingValues,
} from './bulk-draft';
import { validateMappingStep } from './mapping-step-schema';
import { StepActions } from './step-actions';

import type { SheetPreview } from '../api/bulk-api';
import type { SubmissionErrors } from 'final-form';

const NOT_IN_SHEET = '';

const FIELD_HELP: Record<BulkStandardField, string> = {
  title: 'Required. What each document is, e.g. the diploma’s name.',
  holder_name: 'Required. The person or organisation each document belongs to.',
  issue_date: 'Optional. YYYY-MM-DD; the day of the run when left out.',
  expiry_date: 'Optional. YYYY-MM-DD; leave it out if the documents never expire.',
  file: 'Required. The name of each document inside the zip.',
};

const REQUIRED: readonly BulkStandardField[] = ['title', 'holder_name', 'file'];

function firstMessage(error: unknown): string | undefined {
  const first = Array.isArray(error) ? error[0] : error;
  return typeof first === 'string' ? first : undefined;
}

function ColumnSelect({ field, columns }: { field: BulkStandardField; columns: string[] }) {
  const { input, meta } = useField<string>(`mapping.${field}`, {
    subscription: { value: true, error: true, touched: true },
  });
  const error = meta.touched ? firstMessage(meta.error) : undefined;
  return (
    <TextField
      select
      fullWidth
      label={STANDARD_FIELD_LABELS[field]}
      required={REQUIRED.includes(field)}
      name={input.name}
      value={input.value ?? NOT_IN_SHEET}
      onChange={(event) => input.onChange(event.target.value)}
      onBlur={() => input.onBlur()}
      error={Boolean(error)}
      helperText={error ?? FIELD_HELP[field]}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={NOT_IN_SHEET}>
        <em>Not in the sheet</em>
      </MenuItem>
      {columns.map((column) => (
        <MenuItem key={column} value={column}>
          {column}
        </MenuItem>
      ))}
    </TextField>
  );
}

function CustomFieldChoices({ preview, mode }: { preview: SheetPreview; mode: BulkMode }) {
  const { values } = useFormState<MappingValues>({ subscription: { values: true } });
  const { input } = useField<string[]>('ignored_columns', { subscription: { value: true } });
  const ignored = input.value || [];
  const others = otherColumns(preview.columns, values, mode);
  if (others.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Every column of the sheet fills a field above.
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {others.map((column) => {
        const sample = preview.rows[0]?.[preview.columns.indexOf(column)];
        return (
          <FormControlLabel
            key={column}
            sx={{ alignItems: 'flex-start', m: 0 }}
            control={
              <Checkbox
                checked={!ignored.includes(column)}
                onChange={(event) =>
                  input.onChange(
                    event.target.checked
                      ? ignored.filter((name) => name !== column)
                      : [...ignored, column],
                  )
                }
                slotProps={{ input: { 'aria-label': `Publish ${column} as a custom field` } }}
                sx={{ mt: -0.75 }}
              />
            }
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {column}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ wordBreak: 'break-word' }}
                >
                  {sample ? `e.g. ${sample}` : 'Empty in the first row'}
                </Typography>
              </Box>
            }
          />
        );
      })}
    </Box>
  );
}

function SheetTable({ preview, mode }: { preview: SheetPreview; mode: BulkMode }) {
  const { values } = useFormState<MappingValues>({ subscription: { values: true } });
  const fieldOf = (column: string) =>
    fieldsOfMode(mode).find((field) => values.mapping[field] === column);
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label="First rows of the sheet">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }}>Row</TableCell>
            {preview.columns.map((column) => {
              const field = fieldOf(column);
              return (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {column}
                  <Typography
                    variant="caption"
                    color={field ? 'primary' : 'text.secondary'}
                    sx={{ display: 'block' }}
                  >
                    {field
                      ? `→ ${STANDARD_FIELD_LABELS[field]}`
                      : values.ignored_columns.includes(column)
                        ? 'Not published'
                        : 'Custom field'}
                  </Typography>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((row, index) => (
            <TableRow key={index}>
              <TableCell>{index + 1}</TableCell>
              {preview.columns.map((column, columnIndex) => (
                <TableCell
                  key={column}
                  title={row[columnIndex] ?? ''}
                  sx={{
                    maxWidth: 220,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {row[columnIndex] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface MappingStepProps {
  initialValues: MappingValues;
  preview: SheetPreview;
  sheetName: string;
  mode: BulkMode;
  onSubmit: (values: MappingValues) => Promise<SubmissionErrors | void> | void;
  onBack: (values: MappingValues) => void;
  /** Why the create waits (the zip still uploading), if it does. */
  waitNote?: string | null;
}

export function MappingStep({
  initialValues,
  preview,
  sheetName,
  mode,
  onSubmit,
  onBack,
  waitNote,
}: MappingStepProps) {
  const validate = useMemo(() => validateMappingStep(mode), [mode]);
  return (
    <Form<MappingValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting, form }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Map columns">
          <Stack spacing={3}>
            <FormSection
              title="Columns"
              description={`${formatCount(preview.row_count)} row${preview.row_count === 1 ? '' : 's'} in ${sheetName}. Headers that match a field's name are chosen for you.`}
            >
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                  gap: 2.5,
                }}
              >
                {fieldsOfMode(mode).map((field) => (
                  <ColumnSelect key={field} field={field} columns={preview.columns} />
                ))}
              </Box>
            </FormSection>
            <FormSection
              title="Custom fields"
              description="Ticked columns are published on each verification page, in the sheet's order. Untick what must stay private."
            >
              <CustomFieldChoices preview={preview} mode={mode} />
            </FormSection>
            <FormSection
              title="First rows"
              description={`The first ${preview.rows.length} of ${formatCount(preview.row_count)} rows, as the server read them.`}
            >
              <SheetTable preview={preview} mode={mode} />
            </FormSection>
            <StepActions
              nextLabel={mode === 'design' ? 'Next: place fields' : 'Upload and check'}
              isBusy={Boolean(submitting)}
              onBack={() => onBack(form.getState().values)}
              waitNote={waitNote}
            />
          </Stack>
        </Box>
      )}
    />
  );
}
