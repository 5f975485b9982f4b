// 'Account': the profile (names, the organisation public pages name as the issuer, industry), the email, the
// password, where the account is signed in, and (for the owner) the keys that seal its QR codes and who signs its
// secured PDFs.
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { LoadErrorState } from '@/components/load-error-state';
import { useAccess } from '@/lib/session/use-access';

import { useGetAccountProfileQuery } from '../api/account-api';

import { DeleteAccountSection } from './delete-account-section';
import { DocumentSigningSection } from './document-signing-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SealKeysSection } from './seal-keys-section';
import { SessionsSection } from './sessions-section';

export function AccountScreen() {
  const { data: profile, isLoading, isError, error, refetch } = useGetAccountProfileQuery();
  // The server lets shared users who may view the custom domain see the keys; only the owner changes them.
  const canViewSealKeys = useAccess('custom_domain') !== 'none';

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Loading your account">
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  } else if (isError && !profile) {
    content = (
      <LoadErrorState
        error={error}
        title="Your account could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (profile) {
    content = (
      <>
        <ProfileSection profile={profile} />
        <EmailSection profile={profile} />
        <PasswordSection hasPassword={profile.has_password} />
        <SessionsSection />
        {(!profile.is_shared || canViewSealKeys) && (
          <SealKeysSection canManage={!profile.is_shared} />
        )}
        {!profile.is_shared && <DocumentSigningSection />}
        {!profile.is_shared && <ExportSection email={profile.email} />}
        <DeleteAccountSection profile={profile} />
      </>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <div>
        <Typography variant="h2" component="h2">
          Account
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Your profile, your email and password, and where you are signed in.
        </Typography>
      </div>
      {content}
    </Stack>
  );
}
