// Step 4: the create, then the server's check of every row (followed until it ends), then the verdict: counts, the
// first problems, all of them as CSV, and Start when any row can be secured.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { FormSection } from '@/components/form/form-section';
import { pathTo } from '@/config/routes';
import { notify } from '@/lib/notify';

import {
  useFollowBulkOperationQuery,
  useGetBulkOperationQuery,
  type BulkOperation,
} from '../api/bulk-api';
import { formatCount } from '../bulk-status';

import { BulkErrorsTable } from './bulk-errors-table';
import { checkingLabel } from './bulk-progress';
import { BulkStatusChip } from './bulk-status-chip';
import { useBulkActions } from './use-bulk-actions';

export interface CreationState {
  isCreating: boolean;
  /** Why the create was refused, any field-by-field problems, and whether a file is to be chosen again. */
  failure: { message: string; problems: string[]; mustChooseAgain: boolean } | null;
  operationId: string | null;
}

interface ReviewStepProps {
  creation: CreationState;
  onRetry: () => void;
  onBack: () => void;
  /** To the upload step, where a file the server no longer holds is chosen again. */
  onChooseAgain: () => void;
  onStartOver: () => void;
}

function Waiting({ title, detail, label }: { title: string; detail: ReactNode; label: string }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box role="status" aria-live="polite">
          <Typography variant="h3" component="p">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {detail}
          </Typography>
        </Box>
        <LinearProgress aria-label={label} />
      </CardContent>
    </Card>
  );
}

function Figure({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone?: 'success' | 'error';
}) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h2"
          component="p"
          sx={{ mt: 0.5, color: tone ? `${tone}.main` : 'text.primary' }}
        >
          {formatCount(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Verdict({ operation }: { operation: BulkOperation }) {
  if (operation.status === 'invalid' || operation.valid_rows === 0) {
    return (
      <Alert severity="error">
        <AlertTitle>No row can be secured</AlertTitle>
        Fix the problems below in the sheet
        {operation.mode === 'documents' ? ' or the zip' : ''}, then start over with the corrected
        files. Download all errors to work through them in a spreadsheet.
      </Alert>
    );
  }
  if (operation.invalid_rows > 0) {
    return (
      <Alert severity="warning">
        <AlertTitle>
          {formatCount(operation.valid_rows)} of {formatCount(operation.total_rows)} rows can be
          secured
        </AlertTitle>
        The {formatCount(operation.invalid_rows)} rows with problems are skipped and listed in the
        report. Start now and add them later, or fix the sheet and start over.
      </Alert>
    );
  }
  return (
    <Alert severity="success">
      <AlertTitle>All {formatCount(operation.total_rows)} rows can be secured</AlertTitle>
      Start to secure every document; progress shows in Bulk operations.
    </Alert>
  );
}

function CheckedOperation({
  operation,
  onStartOver,
}: {
  operation: BulkOperation;
  onStartOver: () => void;
}) {
  const navigate = useNavigate();
  const actions = useBulkActions();
  const [isStarting, setIsStarting] = useState(false);
  const isReady = operation.status === 'ready';
  const canStartNow = isReady && operation.valid_rows > 0;

  async function start() {
    setIsStarting(true);
    const isStarted = await actions.start(operation);
    setIsStarting(false);
    if (!isStarted) return;
    notify({
      severity: 'success',
      summary: 'Started',
      detail: `"${operation.name}" is being secured; its progress shows here.`,
    });
    navigate(pathTo('bulk-operations'));
  }

  if (!isReady && operation.status !== 'invalid') {
    // Started, cancelled or deleted from elsewhere meanwhile: the list is where it lives now.
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={pathTo('bulk-operations')} color="inherit">
            Bulk operations
          </Button>
        }
      >
        &ldquo;{operation.name}&rdquo; is now <BulkStatusChip status={operation.status} />; follow
        it in Bulk operations.
      </Alert>
    );
  }

  return (
    <Stack spacing={3}>
      <Verdict operation={operation} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label="Rows" value={operation.total_rows} />
        <Figure
          label="Valid"
          value={operation.valid_rows}
          tone={operation.valid_rows > 0 ? 'success' : undefined}
        />
        <Figure
          label="Invalid"
          value={operation.invalid_rows}
          tone={operation.invalid_rows > 0 ? 'error' : undefined}
        />
      </Stack>
      {operation.error_count > 0 && (
        <FormSection
          title="Problems found"
          description="Row 1 is the first row under the headers."
          action={
            <Button
              variant="outlined"
              size="small"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void actions.download(operation, 'report')}
              loading={actions.downloading?.id === operation.id}
            >
              Download all errors (CSV)
            </Button>
          }
        >
          <BulkErrorsTable errors={operation.errors} errorCount={operation.error_count} />
        </FormSection>
      )}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', alignItems: 'center' }}
      >
        {!canStartNow && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            Nothing to start: no row is valid.
          </Typography>
        )}
        <Button onClick={onStartOver} color="inherit" disabled={isStarting}>
          Start over
        </Button>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlayArrowOutlined />}
          onClick={() => void start()}
          disabled={!canStartNow}
          loading={isStarting}
        >
          Start
        </Button>
      </Stack>
    </Stack>
  );
}

export function ReviewStep(props: ReviewStepProps) {
  const { creation, onRetry, onBack, onChooseAgain, onStartOver } = props;
  const { data, isError, refetch } = useGetBulkOperationQuery(creation.operationId ?? skipToken);
  const isChecking = !data || data.status === 'validating';
  // Follow the check's progress only until it has ended.
  useFollowBulkOperationQuery(isChecking ? (creation.operationId ?? skipToken) : skipToken);

  if (creation.failure) {
    return (
      <Stack spacing={3}>
        <Alert severity="error" role="alert">
          <AlertTitle>The files were not accepted</AlertTitle>
          {creation.failure.message}
          {creation.failure.problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {creation.failure.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          )}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onBack} color="inherit">
            Back
          </Button>
          {creation.failure.mustChooseAgain ? (
            <Button variant="contained" onClick={onChooseAgain}>
              Choose the file again
            </Button>
          ) : (
            <Button variant="contained" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }
  if (isError && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        The check&rsquo;s progress could not be loaded. The operation is saved; you can also follow
        it in Bulk operations.
      </Alert>
    );
  }
  if (!data || data.status === 'validating') {
    return (
      <Waiting
        title={data ? checkingLabel(data) : 'Checking the sheet…'}
        detail="Every row is checked (required values, dates, the documents) before anything is secured. You may leave this page: the operation waits in Bulk operations."
        label="Checking the rows"
      />
    );
  }
  return <CheckedOperation operation={data} onStartOver={onStartOver} />;
}
