// 'Create Bulk Verification': a stepper — upload (mode, sheet, zip or design, options), map columns, place fields
// (design mode), review (upload, the server's check, Start). Each step keeps its values when the user goes back.
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';

import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { failureDetail, findServerMessage } from '@/lib/api/api-error-notification';
import { formatFileSize } from '@/lib/format-file-size';
import {
  serverFieldErrors,
  submissionErrors,
  type FormWideError,
} from '@/lib/forms/submission-errors';
import type { BulkMode } from '@common/bulk';

import {
  useCreateBulkOperationMutation,
  usePreviewSheetMutation,
  type SheetPreview,
} from '../api/bulk-api';
import { useBulkLimits } from '../bulk-files';

import {
  blankUpload,
  carriedMapping,
  createForm,
  startingLayout,
  type LayoutValues,
  type MappingValues,
  type UploadValues,
} from './bulk-draft';
import { DesignStep } from './design-step';
import { MappingStep } from './mapping-step';
import { ReviewStep, type CreationState } from './review-step';
import { UploadStep } from './upload-step';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SubmissionErrors } from 'final-form';

type StepKey = 'upload' | 'mapping' | 'design' | 'review';

const STEP_LABELS: Record<StepKey, string> = {
  upload: 'Upload',
  mapping: 'Map columns',
  design: 'Place fields',
  review: 'Review',
};

const FIELD_NAMES: Record<string, string> = {
  sheet: 'Sheet',
  documents: 'Documents',
  design: 'Design',
  layout: 'Fields',
  mapping: 'Columns',
  ignored_columns: 'Custom fields',
  qr: 'QR code',
  template_id: 'Template',
  name: 'Name',
};

/** A reason shown under the sheet is not said again in the form's alert. */
function withoutRepeat(errors: SubmissionErrors): SubmissionErrors {
  const sheet = (errors as { sheet?: string[] } | undefined)?.sheet;
  const formWide = (errors as Record<string, unknown> | undefined)?.[FORM_ERROR] as
    FormWideError | undefined;
  if (!sheet || !formWide || !sheet.includes(formWide.message) || formWide.more?.length) {
    return errors;
  }
  const { [FORM_ERROR]: _repeated, ...rest } = errors as Record<string, unknown>;
  return rest;
}

const NO_CREATION: CreationState = { isUploading: false, failure: null, operationId: null };

export function CreateBulkVerificationScreen() {
  const limits = useBulkLimits();
  const [previewSheet] = usePreviewSheetMutation();
  const [createOperation] = useCreateBulkOperationMutation();
  const [step, setStep] = useState<StepKey>('upload');
  const [upload, setUpload] = useState<UploadValues>(blankUpload);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [mapping, setMapping] = useState<MappingValues | null>(null);
  const [layout, setLayout] = useState<LayoutValues | null>(null);
  const [creation, setCreation] = useState<CreationState>(NO_CREATION);
  // A new round remounts the forms with blank values.
  const [round, setRound] = useState(0);

  // The mode on the upload step, chosen or not yet sent on.
  const [shownMode, setShownMode] = useState<BulkMode>(upload.mode);
  const isDesign = upload.mode === 'design';
  const steps: StepKey[] =
    (step === 'upload' ? shownMode : upload.mode) === 'design'
      ? ['upload', 'mapping', 'design', 'review']
      : ['upload', 'mapping', 'review'];

  async function readSheet(values: UploadValues): Promise<SubmissionErrors | void> {
    const result = await previewSheet({ sheet: values.sheet as File, mode: values.mode });
    if (result.error) {
      return withoutRepeat(
        submissionErrors(result.error as FetchBaseQueryError, {
          hasInput: (path) => path === 'sheet',
          labelOf: (path) => FIELD_NAMES[path] ?? path,
          sessionEnded: 'Your session has ended. Sign in again to continue.',
          failure: 'The sheet could not be read. Please try again.',
          fieldProblem: (status, body) => {
            if (status === 413) {
              return {
                path: 'sheet',
                message: limits.sheetBytes
                  ? `The sheet is larger than the ${formatFileSize(limits.sheetBytes)} limit`
                  : (findServerMessage(body) ?? 'The sheet is larger than the server accepts'),
              };
            }
            if (status === 400 || status === 415 || status === 422) {
              const message = findServerMessage(body);
              return message ? { path: 'sheet', message } : null;
            }
            return null;
          },
        }),
      );
    }
    setUpload(values);
    setPreview(result.data);
    setMapping((previous) => carriedMapping(previous, result.data, values.mode));
    setStep('mapping');
  }

  async function create(layoutValues: LayoutValues | null, mappingValues: MappingValues) {
    if (!preview) return;
    setStep('review');
    setCreation({ ...NO_CREATION, isUploading: true });
    const result = await createOperation(
      createForm(upload, mappingValues, preview.columns, layoutValues),
    );
    if (result.data) {
      setCreation({ ...NO_CREATION, operationId: result.data.id });
      return;
    }
    const error = result.error as FetchBaseQueryError;
    const body = 'data' in error ? error.data : undefined;
    setCreation({
      ...NO_CREATION,
      failure: {
        message:
          error.status === 413
            ? (findServerMessage(body) ?? 'The files are larger than the server accepts.')
            : failureDetail(error, 'The bulk operation could not be created. Please try again.'),
        problems: serverFieldErrors(
          body,
          () => false,
          (path) => FIELD_NAMES[path] ?? path,
        ).more,
      },
    });
  }

  function startOver() {
    setUpload(blankUpload());
    setPreview(null);
    setMapping(null);
    setLayout(null);
    setCreation(NO_CREATION);
    setStep('upload');
    setRound((current) => current + 1);
  }

  let content;
  if (step === 'upload' || !preview || !mapping) {
    content = (
      <UploadStep
        key={round}
        initialValues={upload}
        limits={limits}
        onSubmit={readSheet}
        onModeChange={setShownMode}
      />
    );
  } else if (step === 'mapping') {
    content = (
      <MappingStep
        key={round}
        initialValues={mapping}
        preview={preview}
        sheetName={upload.sheet?.name ?? 'the sheet'}
        mode={upload.mode}
        onBack={(values) => {
          setMapping(values);
          setStep('upload');
        }}
        onSubmit={(values) => {
          setMapping(values);
          if (isDesign) {
            setLayout((current) => current ?? startingLayout(values));
            setStep('design');
          } else {
            void create(null, values);
          }
        }}
      />
    );
  } else if (step === 'design') {
    content = (
      <DesignStep
        key={round}
        initialValues={layout ?? startingLayout(mapping)}
        preview={preview}
        mapping={mapping}
        design={upload.design as File}
        qr={upload.qr}
        onBack={(values) => {
          setLayout(values);
          setStep('mapping');
        }}
        onSubmit={(values) => {
          setLayout(values);
          void create(values, mapping);
        }}
      />
    );
  } else {
    content = (
      <ReviewStep
        upload={upload}
        creation={creation}
        onRetry={() => void create(isDesign ? layout : null, mapping)}
        onBack={() => {
          setCreation(NO_CREATION);
          setStep(isDesign ? 'design' : 'mapping');
        }}
        onStartOver={startOver}
      />
    );
  }

  const activeStep = steps.indexOf(step);
  const hasWork = Boolean(upload.sheet) && !creation.operationId;
  return (
    <Box>
      <Stepper
        activeStep={activeStep}
        alternativeLabel
        sx={{ mb: { xs: 3, sm: 4 }, '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } } }}
        aria-label="Steps"
      >
        {steps.map((key) => (
          <Step key={key}>
            <StepLabel>{STEP_LABELS[key]}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {content}
      <UnsavedChangesPrompt
        when={hasWork && step !== 'upload'}
        message="The files you chose and the columns you mapped will be lost."
      />
    </Box>
  );
}
