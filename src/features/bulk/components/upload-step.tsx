// Step 1: the mode, the sheet and the zip or design, and the options every verification shares. Each file is sent
// when chosen (the zip shows its progress); Next reads the staged sheet's headers on the server (sheet-preview)
// and says here what it could not read.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { Link as RouterLink } from 'react-router-dom';

import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormSection } from '@/components/form/form-section';
import { QrPlacementFields } from '@/components/form/qr-placement-fields';
import { SwitchField } from '@/components/form/switch-field';
import { TemplateField } from '@/components/form/template-field';
import { TextInputField } from '@/components/form/text-input-field';
import { pathTo } from '@/config/routes';
import { useGetTemplateChoicesQuery } from '@/lib/api/template-choices-api';
import { isSealedTemplate, useSealedQrSize } from '@/lib/sealed-qr';
import { useCountAllowance } from '@/lib/use-plan-allowance';
import { BULK_MODES, BULK_SAMPLE_CSV, type BulkMode } from '@common/bulk';

import { FILE_RULES, fileHint, type BulkFileKind, type BulkLimits } from '../bulk-files';
import { MODE_EXPLANATIONS } from '../bulk-modes';
import { formatCount } from '../bulk-status';

import { BulkFileField } from './bulk-file-field';
import { MODE_ICONS } from './bulk-mode-summary';
import { StepActions } from './step-actions';
import { validateUploadStep } from './upload-step-schema';

import type { UploadValues } from './bulk-draft';
import type { StagedFilesApi } from './use-staged-files';
import type { SubmissionErrors } from 'final-form';

/** The sample sheet for a mode: a design has no file column. */
export function sampleCsv(mode: BulkMode): string {
  if (mode === 'documents') return BULK_SAMPLE_CSV;
  return BULK_SAMPLE_CSV.split('\n')
    .map((line) => line.split(',').slice(1).join(','))
    .join('\n');
}

function SampleCsvLink({ mode }: { mode: BulkMode }) {
  return (
    <Link
      href={`data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv(mode))}`}
      download={mode === 'documents' ? 'bulk-sample.csv' : 'bulk-design-sample.csv'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <FileDownloadOutlined fontSize="small" aria-hidden />
      Download sample CSV
    </Link>
  );
}

function ModeField({ disabled }: { disabled: boolean }) {
  const { input } = useField<BulkMode>('mode', { subscription: { value: true } });
  return (
    <RadioGroup
      aria-label="Mode"
      name={input.name}
      value={input.value}
      onChange={(event) => input.onChange(event.target.value as BulkMode)}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
    >
      {BULK_MODES.map((mode) => {
        const Icon = MODE_ICONS[mode];
        const isChosen = input.value === mode;
        return (
          <FormControlLabel
            key={mode}
            value={mode}
            disabled={disabled}
            control={<Radio sx={{ mt: -0.75 }} />}
            label={
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Icon fontSize="small" color={isChosen ? 'primary' : 'action'} aria-hidden />
                  <Typography variant="subtitle2" component="span">
                    {MODE_EXPLANATIONS[mode].title}
                  </Typography>
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  component="span"
                  sx={{ display: 'block', mt: 0.5 }}
                >
                  {MODE_EXPLANATIONS[mode].description}
                </Typography>
              </Box>
            }
            sx={{
              m: 0,
              p: 1.5,
              pr: 2,
              alignItems: 'flex-start',
              border: isChosen ? 2 : 1,
              borderColor: isChosen ? 'primary.main' : 'divider',
              borderRadius: 2,
              // The chosen card's thicker border must not shift its content.
              ...(isChosen ? {} : { p: 'calc(12px + 1px)', pr: 'calc(16px + 1px)' }),
            }}
          />
        );
      })}
    </RadioGroup>
  );
}

function rowCount(rows: number): string {
  return `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;
}

/**
 * How many rows one operation may hold, said before the sheet is chosen: the plan's number (with the plan that
 * takes more) or the server's own ceiling, whichever is lower. Nothing while neither is known.
 */
function RowLimit({ serverRows }: { serverRows?: number }) {
  const plan = useCountAllowance('bulk_rows');
  const isPlanLower = plan.limit !== null && (serverRows === undefined || plan.limit <= serverRows);
  if (!isPlanLower) {
    if (serverRows === undefined) return null;
    return (
      <Typography variant="body2" color="text.secondary">
        {`Up to ${rowCount(serverRows)} in one operation.`}
      </Typography>
    );
  }
  const more = plan.upgradeTo?.limits.bulk_rows;
  const next = plan.upgradeTo
    ? ` The ${plan.upgradeTo.name} plan takes ${more === null || more === undefined ? 'as many as you need' : rowCount(more)}.`
    : '';
  return (
    <Typography variant="body2" color="text.secondary">
      {`Up to ${rowCount(plan.limit ?? 0)} in one operation on your ${plan.planName} plan; a longer sheet is refused.${next} `}
      {plan.canChangePlan ? (
        <Link component={RouterLink} to={pathTo('subscription-plans')}>
          See plans
        </Link>
      ) : (
        `Ask the account owner${plan.ownerName ? ` (${plan.ownerName})` : ''} to change the plan.`
      )}
    </Typography>
  );
}

/** What the upload step does with the files: sends each when chosen, shows how far it went, tries again. */
export type FileStaging = Pick<StagedFilesApi, 'staged' | 'stage' | 'retry'>;

interface BodyProps {
  limits: BulkLimits;
  isBusy: boolean;
  onModeChange: (mode: BulkMode) => void;
  files: FileStaging;
}

const FILE_LABELS: Record<BulkFileKind, string> = {
  sheet: 'Sheet',
  documents: 'Documents',
  design: 'Design',
};

function FileField({
  kind,
  limits,
  isBusy,
  files,
}: Omit<BodyProps, 'onModeChange'> & { kind: BulkFileKind }) {
  return (
    <BulkFileField
      name={kind}
      label={FILE_LABELS[kind]}
      hint={fileHint(kind, limits)}
      accept={FILE_RULES[kind].accept}
      disabled={isBusy}
      staged={files.staged[kind]}
      onChoose={(file) => files.stage(kind, file)}
      onRetry={() => files.retry(kind)}
      showsProgress={kind === 'documents'}
    />
  );
}

function UploadStepBody({ limits, isBusy, onModeChange, files }: BodyProps) {
  const { values } = useFormState<UploadValues>({ subscription: { values: true } });
  const isDesign = values.mode === 'design';
  const { data: templateChoices } = useGetTemplateChoicesQuery();
  const isSealed = isSealedTemplate(templateChoices, values.template_id);
  useSealedQrSize(isSealed);
  // The stepper above shows the steps of the mode chosen here, before Next.
  useEffect(() => onModeChange(values.mode), [values.mode, onModeChange]);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Stack spacing={3}>
          <FormSection title="How are the documents made?">
            <ModeField disabled={isBusy} />
          </FormSection>
          <FormSection
            title="Files"
            description={
              isDesign
                ? 'The sheet has one row per document; each row is drawn on its own copy of the design.'
                : 'The sheet has one row per document; its file column names the document in the zip.'
            }
            action={<SampleCsvLink mode={values.mode} />}
          >
            <Stack spacing={2}>
              <FileField kind="sheet" limits={limits} isBusy={isBusy} files={files} />
              <RowLimit serverRows={limits.rows} />
              <FileField
                key={values.mode}
                kind={isDesign ? 'design' : 'documents'}
                limits={limits}
                isBusy={isBusy}
                files={files}
              />
            </Stack>
          </FormSection>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          <FormSection title="Options" description="The same for every verification it makes.">
            <Stack spacing={2.5}>
              <TextInputField
                name="name"
                label="Name"
                disabled={isBusy}
                helperText="Optional. Names the operation in the list; the sheet's name when left empty."
              />
              <TemplateField disabled={isBusy} />
              <SwitchField
                name="allow_download"
                label="Allow download from the verification page"
                helperText="People who scan a code can download the secured document to compare it."
                disabled={isBusy}
              />
            </Stack>
          </FormSection>
          <FormSection title="QR code" description="Where the code is stamped on each document.">
            <QrPlacementFields isSealed={isSealed} disabled={isBusy} />
          </FormSection>
        </Stack>
      </Grid>
    </Grid>
  );
}

interface UploadStepProps {
  initialValues: UploadValues;
  limits: BulkLimits;
  /** Reads the sheet; field errors (under the sheet) or a form-wide one when it fails. */
  onSubmit: (values: UploadValues) => Promise<SubmissionErrors | void>;
  onModeChange: (mode: BulkMode) => void;
  files: FileStaging;
}

export function UploadStep(props: UploadStepProps) {
  const { initialValues, limits, onSubmit, onModeChange, files } = props;
  const validate = useMemo(() => validateUploadStep(limits), [limits]);
  return (
    <Form<UploadValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Upload">
          <Stack spacing={3}>
            <UploadStepBody
              limits={limits}
              isBusy={Boolean(submitting)}
              onModeChange={onModeChange}
              files={files}
            />
            <FormErrorAlert />
            <StepActions nextLabel="Next: map columns" isBusy={Boolean(submitting)} />
          </Stack>
        </Box>
      )}
    />
  );
}
