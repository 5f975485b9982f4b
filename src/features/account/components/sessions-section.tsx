// Sessions: where the user is signed in (device, browser, first and last seen), this one marked; Sign out ends
// one at once (its tokens stop working), 'Sign out all other sessions' asks first.
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import TabletMacOutlined from '@mui/icons-material/TabletMacOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { FormSection } from '@/components/form/form-section';
import { LoadErrorState } from '@/components/load-error-state';
import { failureDetail } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';

import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetSessionsQuery,
  type Session,
} from '../api/account-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const DEVICE_ICONS = {
  mobile: PhoneIphoneOutlined,
  tablet: TabletMacOutlined,
  desktop: ComputerOutlined,
  other: DevicesOtherOutlined,
} as const;

const DEVICE_NAMES = {
  mobile: 'phone',
  tablet: 'tablet',
  desktop: 'computer',
  other: 'another device',
};

/** 'Chrome on computer'; the user agent named no browser bowser knows: 'Unknown browser on another device'. */
function sessionName(session: Session): string {
  const browser = session.browser === 'Unknown' ? 'Unknown browser' : session.browser;
  return `${browser} on ${DEVICE_NAMES[session.device]}`;
}

function SessionRow({ session }: { session: Session }) {
  const [endSession, { isLoading }] = useEndSessionMutation();
  const Icon = DEVICE_ICONS[session.device];

  async function signOut() {
    const result = await endSession(session.id);
    if (result.error) {
      notify({
        severity: 'error',
        summary: 'The session could not be signed out',
        detail: failureDetail(result.error as FetchBaseQueryError, 'Try again.'),
      });
    } else {
      notify({
        severity: 'success',
        summary: 'Session signed out',
        detail: `${sessionName(session)} is signed out.`,
      });
    }
  }

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, py: 1.5 }}
      aria-label={sessionName(session)}
      role="listitem"
    >
      <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0 }}>
        <Icon color="action" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <Typography sx={{ fontWeight: 600 }}>{sessionName(session)}</Typography>
            {session.current && (
              <Chip size="small" color="primary" variant="outlined" label="This session" />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Signed in {formatDateTime(session.created_at)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Last active {formatDateTime(session.last_used_at)}
          </Typography>
        </Box>
      </Stack>
      {!session.current && (
        // On a phone the button sits under the details, lined up with them.
        <Box sx={{ pl: { xs: 5, sm: 0 } }}>
          <Button
            size="small"
            variant="outlined"
            color="error"
            loading={isLoading}
            onClick={() => void signOut()}
          >
            Sign out
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function SignOutOthersButton() {
  const [isOpen, setIsOpen] = useState(false);
  const [endOtherSessions, { isLoading }] = useEndOtherSessionsMutation();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const result = await endOtherSessions();
    if (result.error) {
      setError(
        failureDetail(result.error as FetchBaseQueryError, 'The sessions could not be signed out.'),
      );
      return;
    }
    setIsOpen(false);
    notify({
      severity: 'success',
      summary: 'Signed out of all other sessions',
      detail: 'Only this session is signed in now.',
    });
  }

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => (setError(null), setIsOpen(true))}>
        Sign out all other sessions
      </Button>
      <ConfirmDialog
        id="sign-out-others"
        open={isOpen}
        onClose={() => setIsOpen(false)}
        title="Sign out all other sessions?"
        description="Every other browser and device signed in to your account is signed out at once. This session stays signed in."
        error={error}
        isBusy={isLoading}
        actions={
          <DestructiveActions
            confirmLabel="Sign out"
            onConfirm={() => void confirm()}
            onCancel={() => setIsOpen(false)}
            isBusy={isLoading}
          />
        }
      />
    </>
  );
}

export function SessionsSection() {
  const { data, isLoading, isError, error, refetch } = useGetSessionsQuery();
  const sessions = data?.results ?? [];
  const hasOthers = sessions.some((session) => !session.current);

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading your sessions">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="Your sessions could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Box role="list" aria-label="Signed-in sessions">
          {sessions.map((session, index) => (
            <Fragment key={session.id}>
              {index > 0 && <Divider aria-hidden />}
              <SessionRow session={session} />
            </Fragment>
          ))}
        </Box>
        {hasOthers ? (
          <Box>
            <SignOutOthersButton />
          </Box>
        ) : (
          <Alert severity="info" variant="outlined">
            You are not signed in anywhere else.
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <FormSection
      title="Sessions"
      description="Where your account is signed in. Sign out any session you do not recognise."
    >
      {content}
    </FormSection>
  );
}
