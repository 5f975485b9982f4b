// One endpoint's deliveries, newest first: status, the answer it got, when it tries again; editors redeliver and
// send a test event. Asked again every few seconds while shown, so retries and tests appear as they happen.
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

import { useIsPhone } from '@/components/responsive-list';
import { failureMessage } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { MONOSPACE } from '@/theme/primitives';
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import {
  useGetWebhookDeliveriesQuery,
  useRedeliverWebhookDeliveryMutation,
  useSendWebhookTestMutation,
  type Webhook,
  type WebhookDelivery,
} from '../api/integrations-api';
import { DELIVERIES_POLL_INTERVAL_MS, formatDuration } from '../webhook-events';

import { DeliveryStatusChip } from './delivery-status-chip';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const PAGE_SIZE = INTEGRATION_LIMITS.deliveries_default_page_size;

interface DeliveryRowsProps {
  deliveries: WebhookDelivery[];
  canEdit: boolean;
  onRedeliver: (delivery: WebhookDelivery) => void;
  /** The delivery a redelivery is being asked for, so its button waits. */
  redeliveringId: string | null;
}

function sentAt(delivery: WebhookDelivery): string {
  return formatDateTime(delivery.last_attempt_at ?? delivery.created_at);
}

function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
      {children}
    </Typography>
  );
}

function NextRetry({ delivery }: { delivery: WebhookDelivery }) {
  if (!delivery.next_retry_at) return null;
  return <Caption>Next retry {formatDateTime(delivery.next_retry_at)}</Caption>;
}

function Excerpt({ text }: { text: string }) {
  if (!text) return <>—</>;
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Box>}>
      <Box
        component="code"
        tabIndex={0}
        sx={{
          fontFamily: MONOSPACE,
          fontSize: 12,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

function RedeliverButton({
  delivery,
  onRedeliver,
  redeliveringId,
  isCompact,
}: Omit<DeliveryRowsProps, 'deliveries' | 'canEdit'> & {
  delivery: WebhookDelivery;
  isCompact?: boolean;
}) {
  const label = `Redeliver ${delivery.event} of ${formatDateTime(delivery.created_at)}`;
  const isBusy = redeliveringId === delivery.id;
  if (isCompact) {
    return (
      <Button
        size="small"
        startIcon={<ReplayOutlined />}
        aria-label={label}
        onClick={() => onRedeliver(delivery)}
        disabled={isBusy}
      >
        Redeliver
      </Button>
    );
  }
  return (
    <Tooltip title="Redeliver">
      <span>
        <IconButton aria-label={label} onClick={() => onRedeliver(delivery)} disabled={isBusy}>
          <ReplayOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function DeliveriesTable({ deliveries, canEdit, ...actions }: DeliveryRowsProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>HTTP</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Response</TableCell>
            {canEdit && (
              // The column holds one icon button, each named for its row.
              <TableCell />
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell sx={{ fontFamily: MONOSPACE, fontSize: 13 }}>{delivery.event}</TableCell>
              {/* Attempt and next retry sit under the status, the time taken under the HTTP status: seven
                  columns would not fit beside the response at 1280 px. */}
              <TableCell sx={{ minWidth: 150 }}>
                <DeliveryStatusChip status={delivery.status} />
                <Caption>Attempt {delivery.attempt}</Caption>
                <NextRetry delivery={delivery} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {delivery.response_status ?? '—'}
                <Caption>{formatDuration(delivery.duration_ms)}</Caption>
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>{sentAt(delivery)}</TableCell>
              <TableCell sx={{ minWidth: 160, maxWidth: 260 }}>
                <Excerpt text={delivery.response_excerpt} />
              </TableCell>
              {canEdit && (
                <TableCell align="right">
                  <RedeliverButton delivery={delivery} {...actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DeliveryCards({ deliveries, canEdit, ...actions }: DeliveryRowsProps) {
  return (
    <Stack
      component="ul"
      aria-label="Deliveries"
      sx={{ p: 0, m: 0, listStyle: 'none' }}
      spacing={1}
    >
      {deliveries.map((delivery) => (
        <Box
          component="li"
          key={delivery.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <DeliveryStatusChip status={delivery.status} />
          <Box sx={{ mt: 1, fontFamily: MONOSPACE, fontSize: 13, overflowWrap: 'anywhere' }}>
            {delivery.event}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            HTTP {delivery.response_status ?? '—'} · attempt {delivery.attempt} ·{' '}
            {formatDuration(delivery.duration_ms)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {sentAt(delivery)}
          </Typography>
          <NextRetry delivery={delivery} />
          {delivery.response_excerpt && (
            <Box sx={{ mt: 1 }}>
              <Excerpt text={delivery.response_excerpt} />
            </Box>
          )}
          {canEdit && (
            <Box sx={{ mt: 0.5, textAlign: 'right' }}>
              <RedeliverButton delivery={delivery} isCompact {...actions} />
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

interface WebhookDeliveriesProps {
  webhook: Webhook;
  canEdit: boolean;
}

export function WebhookDeliveries({ webhook, canEdit }: WebhookDeliveriesProps) {
  const isPhone = useIsPhone();
  const [page, setPage] = useState(0);
  const { data, isLoading, isFetching, isError, refetch } = useGetWebhookDeliveriesQuery(
    { webhookId: webhook.id, page: page + 1, page_size: PAGE_SIZE },
    { pollingInterval: DELIVERIES_POLL_INTERVAL_MS, skipPollingIfUnfocused: true },
  );
  const [sendTest, { isLoading: isSendingTest }] = useSendWebhookTestMutation();
  const [redeliver, { originalArgs: redelivering, isLoading: isRedelivering }] =
    useRedeliverWebhookDeliveryMutation();

  async function sendTestEvent() {
    const result = await sendTest(webhook.id);
    if (result.error) {
      notify({
        severity: 'error',
        summary: 'Test not sent',
        detail: failureMessage(
          result.error as FetchBaseQueryError,
          'The test event could not be sent.',
        ),
      });
      return;
    }
    // The first page is where the new delivery shows.
    setPage(0);
    notify({
      severity: 'success',
      summary: 'Test event sent',
      detail: `A webhook.test event is on its way to ${webhook.url}.`,
    });
  }

  async function redeliverOne(delivery: WebhookDelivery) {
    const result = await redeliver({ webhookId: webhook.id, deliveryId: delivery.id });
    if (result.error) {
      notify({
        severity: 'error',
        summary: 'Not redelivered',
        detail: failureMessage(
          result.error as FetchBaseQueryError,
          'The event could not be sent again.',
        ),
      });
      return;
    }
    notify({
      severity: 'success',
      summary: 'Redelivery queued',
      detail: `The ${delivery.event} event is sent again, with the same webhook-id.`,
    });
  }

  const rows: DeliveryRowsProps = {
    deliveries: data?.results ?? [],
    canEdit,
    onRedeliver: (delivery) => void redeliverOne(delivery),
    redeliveringId: isRedelivering ? (redelivering?.deliveryId ?? null) : null,
  };

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading deliveries">
        {[0, 1].map((key) => (
          <Skeleton key={key} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  } else if (isError && !data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        The deliveries could not be loaded.
      </Alert>
    );
  } else if (!data || data.count === 0) {
    content = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        Nothing sent yet. Every event sent to this endpoint shows here with the answer it got
        {canEdit ? '; send a test event to try the endpoint now.' : '.'}
      </Typography>
    );
  } else {
    content = (
      <>
        {isPhone ? <DeliveryCards {...rows} /> : <DeliveriesTable {...rows} />}
        {data.count > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={data.count}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next)}
            disabled={isFetching}
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={1.5} component="section" aria-label={`Deliveries to ${webhook.url}`}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Box>
          <Typography variant="h4" component="h3">
            Deliveries
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Newest first, refreshed every few seconds while open.
          </Typography>
        </Box>
        {canEdit && (
          // The server sends nothing to an endpoint that is off; say so rather than offer a button that fails.
          <Tooltip title={webhook.enabled ? '' : 'Turn the webhook on to send a test event.'}>
            <span>
              <Button
                variant="outlined"
                size="small"
                startIcon={<SendOutlined />}
                onClick={() => void sendTestEvent()}
                loading={isSendingTest}
                disabled={!webhook.enabled}
              >
                Send test
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>
      {content}
    </Stack>
  );
}
