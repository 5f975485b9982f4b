// One verification in full, from the right: facts, files and hashes, QR code, scans and actions.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

import { CopyButton } from '@/components/copy-button';
import { formatDateTime } from '@/lib/dates';

import {
  useGetVerificationQuery,
  useGetVerificationScansQuery,
  type Verification,
} from '../api/verifications-api';
import { formatCalendarDate, formatFileSize } from '../format';

import { DeleteVerificationDialog } from './delete-verification-dialog';
import { MONOSPACE, PublicLinkField } from './public-link-field';
import { POSITION_LABELS } from './qr-placement-fields';
import { RevokeVerificationDialog } from './revoke-verification-dialog';
import { useVerificationDownload } from './use-verification-download';
import { VerificationQrDownloads } from './verification-qr-downloads';
import { VerificationStatusChip } from './verification-status-chip';

const TITLE_ID = 'verification-drawer-title';

interface VerificationDrawerProps {
  id: string | null;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  /** Opens another verification (the one that replaced this). */
  onOpenVerification: (id: string) => void;
}

export function VerificationDrawer({
  id,
  open,
  onClose,
  onDeleted,
  onOpenVerification,
}: VerificationDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': TITLE_ID,
          sx: (theme) => ({
            width: { xs: '100%', sm: 520 },
            borderRight: 0,
            borderLeft: `1px solid ${theme.palette.divider}`,
          }),
        },
      }}
    >
      {id && (
        <DrawerContent
          id={id}
          onClose={onClose}
          onDeleted={onDeleted}
          onOpenVerification={onOpenVerification}
        />
      )}
    </Drawer>
  );
}

function DrawerContent({
  id,
  onClose,
  onDeleted,
  onOpenVerification,
}: {
  id: string;
  onClose: () => void;
  onDeleted: () => void;
  onOpenVerification: (id: string) => void;
}) {
  const { data, isLoading, isError, error, refetch } = useGetVerificationQuery(id);
  const isGone = isError && (error as { status?: unknown } | undefined)?.status === 404;

  const closeButton = (
    <IconButton aria-label="Close details" onClick={onClose} edge="end">
      <CloseOutlined />
    </IconButton>
  );

  if (!data) {
    return (
      <Box sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <Typography id={TITLE_ID} variant="h2" component="h2">
              {isLoading ? <Skeleton width="60%" /> : 'Verification'}
            </Typography>
          </Box>
          {closeButton}
        </Stack>
        {isLoading && (
          <Stack spacing={1.5} sx={{ mt: 3 }} aria-label="Loading the verification">
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        )}
        {isError && (
          <Alert
            severity={isGone ? 'warning' : 'error'}
            sx={{ mt: 3 }}
            action={
              isGone ? undefined : (
                <Button color="inherit" size="small" onClick={() => refetch()}>
                  Retry
                </Button>
              )
            }
          >
            {isGone
              ? 'This verification no longer exists.'
              : 'The verification could not be loaded.'}
          </Alert>
        )}
      </Box>
    );
  }

  return (
    <VerificationDetails
      verification={data}
      closeButton={closeButton}
      onDeleted={onDeleted}
      onOpenVerification={onOpenVerification}
    />
  );
}

function VerificationDetails({
  verification,
  closeButton,
  onDeleted,
  onOpenVerification,
}: {
  verification: Verification;
  closeButton: ReactNode;
  onDeleted: () => void;
  onOpenVerification: (id: string) => void;
}) {
  const { start, pendingKind } = useVerificationDownload(verification);
  const [dialog, setDialog] = useState<'revoke' | 'delete' | null>(null);
  const { qr } = verification;
  const pagesLabel = { first: 'the first page', last: 'the last page', every: 'every page' }[
    qr.pages
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ px: 3, pt: 3, pb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={TITLE_ID} variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
              {verification.title}
            </Typography>
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
              useFlexGap
            >
              <VerificationStatusChip status={verification.status} />
              <Typography variant="body2" color="text.secondary">
                Code{' '}
                <Box component="span" sx={{ fontFamily: MONOSPACE, color: 'text.primary' }}>
                  {verification.code}
                </Box>
              </Typography>
            </Stack>
          </Box>
          {closeButton}
        </Stack>
        <Stack
          direction="row"
          useFlexGap
          sx={{ mt: 2.5, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              size="small"
              startIcon={<FileDownloadOutlined />}
              loading={pendingKind === 'document'}
              onClick={() => start('document')}
            >
              Download secured
            </Button>
            <Button
              variant="outlined"
              size="small"
              startIcon={<FileDownloadOutlined />}
              loading={pendingKind === 'original'}
              onClick={() => start('original')}
            >
              Download original
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {verification.status === 'active' && (
              <Button
                variant="outlined"
                size="small"
                color="error"
                startIcon={<BlockOutlined />}
                onClick={() => setDialog('revoke')}
              >
                Revoke
              </Button>
            )}
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineOutlined />}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </Stack>
        </Stack>
      </Box>
      <Divider />

      <Stack spacing={3} sx={{ p: 3 }} divider={<Divider flexItem />}>
        {verification.status === 'revoked' && (
          <Alert severity="error" icon={<BlockOutlined />}>
            <AlertTitle>
              Revoked
              {verification.revoked_at ? ` on ${formatDateTime(verification.revoked_at)}` : ''}
            </AlertTitle>
            {verification.revocation_reason && <Box>Reason: {verification.revocation_reason}</Box>}
            {verification.replaced_by && (
              <Box>
                Replaced by{' '}
                <Link
                  component="button"
                  type="button"
                  onClick={() => onOpenVerification(verification.replaced_by!.id)}
                  sx={{ fontFamily: MONOSPACE, verticalAlign: 'baseline' }}
                >
                  {verification.replaced_by.code}
                </Link>
              </Box>
            )}
          </Alert>
        )}
        {verification.status === 'expired' && verification.expiry_date && (
          <Alert severity="warning">
            Expired on {formatCalendarDate(verification.expiry_date)}. Scanning the code shows it as
            expired.
          </Alert>
        )}

        <Section title="Details">
          <Facts>
            <Fact label="Holder">{verification.holder_name}</Fact>
            <Fact label="Issue date">{formatCalendarDate(verification.issue_date)}</Fact>
            <Fact label="Expiry date">
              {verification.expiry_date
                ? formatCalendarDate(verification.expiry_date)
                : 'Does not expire'}
            </Fact>
            {verification.custom_fields.map(({ key, value }) => (
              <Fact key={key} label={key}>
                {value}
              </Fact>
            ))}
            <Fact label="Download">
              {verification.allow_download
                ? 'Allowed from the verification page'
                : 'Not offered on the verification page'}
            </Fact>
          </Facts>
        </Section>

        <Section title="QR code">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <VerificationQrDownloads verification={verification} size={132} />
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <PublicLinkField url={verification.public_url} />
              <Typography variant="body2" color="text.secondary">
                {POSITION_LABELS[qr.position]} on {pagesLabel}, {qr.size_mm} mm.
              </Typography>
            </Stack>
          </Stack>
        </Section>

        <Section title="Files">
          <Facts>
            <Fact label="Original">
              {verification.original.file_name}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {formatFileSize(verification.original.size)}
              </Typography>
            </Fact>
            <Fact label="Original SHA-256">
              <Hash value={verification.original.sha256} label="Copy SHA-256 of the original" />
            </Fact>
            <Fact label="Secured">{formatFileSize(verification.secured.size)} PDF</Fact>
            <Fact label="Secured SHA-256">
              <Hash
                value={verification.secured.sha256}
                label="Copy SHA-256 of the secured document"
              />
            </Fact>
          </Facts>
        </Section>

        <Section title="Scans">
          <ScanHistory verification={verification} />
        </Section>

        <Section title="Record">
          <Facts>
            <Fact label="Created by">
              {verification.created_by.name || verification.created_by.email}
              {verification.created_by.name && (
                <Typography variant="body2" color="text.secondary">
                  {verification.created_by.email}
                </Typography>
              )}
            </Fact>
            <Fact label="Created">{formatDateTime(verification.created_at)}</Fact>
            <Fact label="Updated">{formatDateTime(verification.updated_at)}</Fact>
          </Facts>
        </Section>
      </Stack>

      <RevokeVerificationDialog
        verification={verification}
        open={dialog === 'revoke'}
        onClose={() => setDialog(null)}
      />
      <DeleteVerificationDialog
        verification={verification}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          setDialog(null);
          onDeleted();
        }}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ pt: { xs: 1, sm: 0 } }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}
      >
        {children}
      </Typography>
    </>
  );
}

function Hash({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }} component="span">
      <Box
        component="code"
        sx={{
          fontFamily: MONOSPACE,
          fontSize: 12,
          lineHeight: 1.6,
          wordBreak: 'break-all',
          flex: 1,
        }}
      >
        {value}
      </Box>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}

function ScanHistory({ verification }: { verification: Verification }) {
  const { data, isLoading, isError, refetch } = useGetVerificationScansQuery(verification.id);
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {verification.scan_count} {verification.scan_count === 1 ? 'scan' : 'scans'}
        </Box>
        {verification.last_scanned_at && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            · last {formatDateTime(verification.last_scanned_at)}
          </Box>
        )}
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={72} aria-label="Loading the scans" />}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          The scan history could not be loaded.
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nobody has scanned this code yet.
        </Typography>
      )}
      {data && data.length > 0 && (
        <List
          dense
          disablePadding
          aria-label="Scan history"
          sx={{
            maxHeight: 280,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {data.map((scan, index) => (
            <ListItem key={`${scan.scanned_at}-${index}`} divider={index < data.length - 1}>
              <ListItemText
                primary={formatDateTime(scan.scanned_at)}
                secondary={scan.device || 'Unknown device'}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
