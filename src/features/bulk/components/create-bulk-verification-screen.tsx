// 'Create Bulk Verification': a stepper — upload (mode, sheet, zip or design, options), map columns, place fields
// (design mode), review (the server's check, Start). Each file is sent once, when chosen, and named by its upload
// id after; the zip uploads while the columns are mapped, and the create waits for it. Each step keeps its values
// when the user goes back.
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
  type BulkUploadKind,
  type SheetPreview,
} from '../api/bulk-api';
import { useBulkLimits } from '../bulk-files';

import {
  blankUpload,
  carriedMapping,
  createRequest,
  kindsOfMode,
  startingLayout,
  type LayoutValues,
  type MappingValues,
  type UploadValues,
} from './bulk-draft';
import { DesignStep } from './design-step';
import { MappingStep } from './mapping-step';
import { ReviewStep, type CreationState } from './review-step';
import { uploadPercent } from './upload-progress';
import { UploadStep } from './upload-step';
import { useStagedFiles, type StagedFile } from './use-staged-files';

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
  sheet_upload_id: 'Sheet',
  documents_upload_id: 'Documents',
  design_upload_id: 'Design',
};

const UPLOAD_KINDS: BulkUploadKind[] = ['sheet', 'documents', 'design'];

/** The staged files the server no longer holds (past their day), with its reason for each. */
function expiredUploads(body: unknown): [BulkUploadKind, string][] {
  const details = (body as { error?: { details?: Record<string, unknown> } } | undefined)?.error
    ?.details;
  return UPLOAD_KINDS.flatMap((kind) => {
    const reason = details?.[`${kind}_upload_id`];
    const message = Array.isArray(reason) ? reason[0] : reason;
    return typeof message === 'string' ? [[kind, message] as [BulkUploadKind, string]] : [];
  });
}

/** Why the create cannot go yet: the zip is still uploading, or it failed. */
function zipWaitNote(zip: StagedFile | undefined): string | null {
  if (zip?.status === 'done') return null;
  if (!zip?.file) return 'Go back and choose the zip of documents.';
  if (zip.status === 'failed') {
    return `The zip was not uploaded: ${zip.error ?? ''} Go back to try again or choose another.`;
  }
  const percent = uploadPercent(zip.bytesSent, zip.file.size, false);
  return `The zip is still uploading (${percent}% of ${formatFileSize(zip.file.size)}); you can go on when it is done.`;
}

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

const NO_CREATION: CreationState = { isCreating: false, failure: null, operationId: null };

export function CreateBulkVerificationScreen() {
  const limits = useBulkLimits();
  const files = useStagedFiles(limits);
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

  /** The sheet's problem as the upload step shows it: under the sheet, or in the form's alert. */
  function sheetErrors(error: FetchBaseQueryError): SubmissionErrors {
    return withoutRepeat(
      submissionErrors(error, {
        hasInput: (path) => path === 'sheet' || path === 'sheet_upload_id',
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

  /** Stages what is not yet (the zip goes on uploading meanwhile), then reads the staged sheet. */
  async function readSheet(values: UploadValues): Promise<SubmissionErrors | void> {
    const staging = await Promise.all(
      kindsOfMode(values.mode).map(async (kind) => {
        const result = await files.stagedId(kind, values[kind] as File);
        return [kind, result] as const;
      }),
    );
    const failed = staging.flatMap(([kind, result]) =>
      result && 'error' in result ? [[kind, [result.error]]] : [],
    );
    if (failed.length > 0) return Object.fromEntries(failed) as SubmissionErrors;
    const sheet = staging[0][1] as { id: string };
    const result = await previewSheet({ sheet_upload_id: sheet.id, mode: values.mode });
    if (result.error) {
      const error = result.error as FetchBaseQueryError;
      // Past its day: Next sends the same file again.
      if (expiredUploads('data' in error ? error.data : undefined).length) files.drop('sheet');
      return sheetErrors(error);
    }
    setUpload(values);
    setPreview(result.data);
    setMapping((previous) => carriedMapping(previous, result.data, values.mode));
    setStep('mapping');
  }

  async function create(layoutValues: LayoutValues | null, mappingValues: MappingValues) {
    if (!preview) return;
    setStep('review');
    setCreation({ ...NO_CREATION, isCreating: true });
    const result = await createOperation(
      createRequest(upload, files.ids(), mappingValues, preview.columns, layoutValues),
    );
    if (result.data) {
      setCreation({ ...NO_CREATION, operationId: result.data.id });
      return;
    }
    const error = result.error as FetchBaseQueryError;
    const body = 'data' in error ? error.data : undefined;
    // A file the server forgot is chosen again on the upload step, which says why.
    const expired = expiredUploads(body);
    for (const [kind, reason] of expired) files.expire(kind, reason);
    if (expired.length) {
      setUpload((current) => ({
        ...current,
        ...Object.fromEntries(expired.map(([kind]) => [kind, null])),
      }));
    }
    setCreation({
      ...NO_CREATION,
      failure: {
        message: failureDetail(error, 'The bulk operation could not be created. Please try again.'),
        problems: serverFieldErrors(
          body,
          () => false,
          (path) => FIELD_NAMES[path] ?? path,
        ).more,
        mustChooseAgain: expired.length > 0,
      },
    });
  }

  function startOver() {
    files.clear();
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
        files={files}
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
        waitNote={isDesign ? null : zipWaitNote(files.staged.documents)}
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
        creation={creation}
        onRetry={() => void create(isDesign ? layout : null, mapping)}
        onBack={() => {
          setCreation(NO_CREATION);
          setStep(isDesign ? 'design' : 'mapping');
        }}
        onChooseAgain={() => {
          setCreation(NO_CREATION);
          setStep('upload');
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
