// The operations as a table from sm up and as cards on phones: name and mode, status, progress, counts, who
// started it and when, and what can be done to it.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/dates';

import { authorName, canCancel, canStart, hasReport, hasResult, MODE_LABELS } from '../bulk-status';
import { verificationsOfOperationPath } from '../paths';

import { BulkCounts, BulkProgress, countLines } from './bulk-progress';
import { BulkStatusChip } from './bulk-status-chip';

import type { BulkFileKind, BulkOperation } from '../api/bulk-api';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';

export interface BulkOperationActions {
  /** False for a shared user with view access: downloads and links only. */
  canEdit: boolean;
  onDownload: (operation: BulkOperation, kind: BulkFileKind) => void;
  onStart: (operation: BulkOperation) => void;
  onCancel: (operation: BulkOperation) => void;
  onDelete: (operation: BulkOperation) => void;
  /** The operation a call is under way for, so its button waits. */
  busyId: string | null;
}

interface BulkOperationsListProps extends BulkOperationActions {
  operations: BulkOperation[];
}

interface Action {
  key: string;
  label: string;
  /** The short word on a phone's card. */
  shortLabel: string;
  icon: SvgIconComponent;
  color?: 'error' | 'primary';
  onClick?: () => void;
  /** A link instead of a button. */
  to?: string;
}

/** What can be done to `operation` by this user now, in the order they show. */
function actionsFor(operation: BulkOperation, props: BulkOperationActions): Action[] {
  const { canEdit, onDownload, onStart, onCancel, onDelete } = props;
  const actions: Action[] = [];
  if (canEdit && canStart(operation)) {
    actions.push({
      key: 'start',
      label: `Start ${operation.name}`,
      shortLabel: 'Start',
      icon: PlayArrowOutlined,
      color: 'primary',
      onClick: () => onStart(operation),
    });
  }
  if (hasResult(operation)) {
    actions.push({
      key: 'result',
      label: `Download the result of ${operation.name}`,
      shortLabel: 'Result',
      icon: FolderZipOutlined,
      onClick: () => onDownload(operation, 'result'),
    });
  }
  if (hasReport(operation)) {
    actions.push({
      key: 'report',
      label: `Download the report of ${operation.name}`,
      shortLabel: 'Report',
      icon: DescriptionOutlined,
      onClick: () => onDownload(operation, 'report'),
    });
  }
  if (operation.succeeded > 0) {
    actions.push({
      key: 'verifications',
      label: `View the verifications of ${operation.name}`,
      shortLabel: 'Verifications',
      icon: ListAltOutlined,
      to: verificationsOfOperationPath(operation.id),
    });
  }
  if (canEdit && canCancel(operation)) {
    actions.push({
      key: 'cancel',
      label: `Cancel ${operation.name}`,
      shortLabel: 'Cancel',
      icon: StopCircleOutlined,
      color: 'error',
      onClick: () => onCancel(operation),
    });
  }
  // A running operation is cancelled first; its rows are being secured.
  if (canEdit && operation.status !== 'running') {
    actions.push({
      key: 'delete',
      label: `Delete ${operation.name}`,
      shortLabel: 'Delete',
      icon: DeleteOutlined,
      color: 'error',
      onClick: () => onDelete(operation),
    });
  }
  return actions;
}

const TOOLTIPS: Record<string, string> = {
  start: 'Start',
  result: 'Download result (zip)',
  report: 'Download report (CSV)',
  verifications: 'View verifications',
  cancel: 'Cancel',
  delete: 'Delete',
};

function NameCell({ operation }: { operation: BulkOperation }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {operation.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {MODE_LABELS[operation.mode]} · {operation.sheet_name}
      </Typography>
    </>
  );
}

function CreatedText({ operation }: { operation: BulkOperation }) {
  return (
    <>
      <Typography variant="body2">{formatDateTime(operation.created_at)}</Typography>
      <Typography variant="caption" color="text.secondary">
        by {authorName(operation.created_by)}
      </Typography>
    </>
  );
}

function RowActions({ actions, busy }: { actions: Action[]; busy: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {actions.map(({ key, label, icon: Icon, color, onClick, to }) => {
        const button: ReactNode = to ? (
          <IconButton component={RouterLink} to={to} aria-label={label}>
            <Icon fontSize="small" />
          </IconButton>
        ) : (
          <IconButton
            aria-label={label}
            onClick={onClick}
            color={color}
            disabled={busy && (key === 'start' || key === 'cancel')}
          >
            <Icon fontSize="small" />
          </IconButton>
        );
        return (
          <Tooltip key={key} title={TOOLTIPS[key]}>
            <span>{button}</span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

function OperationCard({
  operation,
  ...props
}: BulkOperationActions & { operation: BulkOperation }) {
  const actions = actionsFor(operation, props);
  const busy = props.busyId === operation.id;
  return (
    <>
      <CardContent sx={{ pb: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <NameCell operation={operation} />
          </Box>
          <BulkStatusChip status={operation.status} />
        </Stack>
        <Box sx={{ mt: 1.5 }}>
          <BulkProgress operation={operation} />
        </Box>
        {countLines(operation).length > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {countLines(operation).join(' · ')}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(operation.created_at)} by {authorName(operation.created_by)}
        </Typography>
      </CardContent>
      {actions.length > 0 && (
        <CardActions
          disableSpacing
          sx={{
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            gap: 0.5,
            '& .MuiButton-root': { minWidth: 0, px: 0.75 },
          }}
        >
          {actions.map(({ key, label, shortLabel, color, onClick, to }) =>
            to ? (
              <Button key={key} size="small" component={RouterLink} to={to} aria-label={label}>
                {shortLabel}
              </Button>
            ) : (
              <Button
                key={key}
                size="small"
                color={color}
                onClick={onClick}
                aria-label={label}
                disabled={busy && (key === 'start' || key === 'cancel')}
              >
                {shortLabel}
              </Button>
            ),
          )}
        </CardActions>
      )}
    </>
  );
}

export function BulkOperationsList({ operations, ...props }: BulkOperationsListProps) {
  return (
    <ResponsiveList
      label="Bulk operations"
      items={operations}
      keyOf={(operation) => operation.id}
      columns={[
        {
          header: 'Name',
          cell: (operation) => <NameCell operation={operation} />,
          sx: { minWidth: 180, maxWidth: 280 },
        },
        { header: 'Status', cell: (operation) => <BulkStatusChip status={operation.status} /> },
        {
          header: 'Progress',
          cell: (operation) => <BulkProgress operation={operation} />,
          width: 160,
        },
        { header: 'Rows', cell: (operation) => <BulkCounts operation={operation} /> },
        {
          header: 'Created',
          cell: (operation) => <CreatedText operation={operation} />,
          sx: { whiteSpace: 'nowrap' },
        },
        {
          header: 'Actions',
          align: 'right',
          cell: (operation) => (
            <RowActions
              actions={actionsFor(operation, props)}
              busy={props.busyId === operation.id}
            />
          ),
        },
      ]}
      card={(operation) => <OperationCard operation={operation} {...props} />}
    />
  );
}
