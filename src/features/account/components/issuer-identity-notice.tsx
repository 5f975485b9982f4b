// How public pages and seals name the account now (common/issuer-identity.ts), and what would prove its name: the
// owner reads it under the organisation name with the way forward; a shared user reads the same, without it.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/config/routes';
import type { IssuerIdentity } from '@common/issuer-identity';

import type { ReactNode } from 'react';

function Name({ children }: { children: ReactNode }) {
  return <strong>{children}</strong>;
}

/** The ways to a proven name: a custom domain (checked by DNS), or the operator's check by hand. */
function WaysToProve() {
  return (
    <>
      <Link component={RouterLink} to={pathTo('custom-domain')} color="inherit">
        Verify a custom domain
      </Link>{' '}
      to be named by it, or{' '}
      <Link component={RouterLink} to={pathTo('support')} color="inherit">
        ask the service’s operator
      </Link>{' '}
      to check your name.
    </>
  );
}

const MIXED_SCRIPTS =
  'mixes letters of different alphabets, as look-alike names do, so your pages do not show it';

interface Notice {
  severity: AlertColor;
  icon: ReactNode;
  text: ReactNode;
}

function ownerNotice(identity: IssuerIdentity): Notice {
  const { issuer, issuer_proof: proof, declared_name: declared } = identity;
  const withheld = identity.declared_name_withheld;
  if (issuer && proof) {
    return {
      severity: 'success',
      icon: <VerifiedUserOutlined fontSize="inherit" />,
      text: (
        <>
          Your pages and seals name you as{' '}
          {proof === 'domain' ? (
            <>
              <Name>{issuer}</Name> (verified by DNS).
            </>
          ) : (
            <>
              <Name>“{issuer}”</Name>, checked by this service.
            </>
          )}
          {withheld === 'mixed_scripts'
            ? ` Your organisation name ${MIXED_SCRIPTS} beside it: type it in one alphabet.`
            : proof === 'domain' && declared
              ? ' Your organisation name shows beside it, as you state it.'
              : null}
        </>
      ),
    };
  }
  if (declared) {
    return {
      severity: 'info',
      icon: <AccountCircleOutlined fontSize="inherit" />,
      text: (
        <>
          Your pages say “issued by an account calling itself ‘<Name>{declared}</Name>’” — nothing
          proves the name is yours. <WaysToProve />
        </>
      ),
    };
  }
  return {
    severity: 'warning',
    icon: <ReportProblemOutlined fontSize="inherit" />,
    text:
      withheld === 'mixed_scripts' ? (
        <>
          Your organisation name {MIXED_SCRIPTS}. Type it in one alphabet. Or <WaysToProve />
        </>
      ) : (
        <>
          Another account uses a name that looks the same, so your pages do not show it.{' '}
          <WaysToProve />
        </>
      ),
  };
}

/** A shared user's view: the account's, which only its owner can prove or change. */
function sharedUserNotice(identity: IssuerIdentity): Notice {
  const { issuer, issuer_proof: proof, declared_name: declared } = identity;
  const ownerCan = 'The account owner can verify a custom domain to be named by it.';
  if (issuer && proof) {
    return {
      severity: 'success',
      icon: <VerifiedUserOutlined fontSize="inherit" />,
      text: (
        <>
          This account’s pages and seals name it as{' '}
          {proof === 'domain' ? (
            <>
              <Name>{issuer}</Name> (verified by DNS).
            </>
          ) : (
            <>
              <Name>“{issuer}”</Name>, checked by this service.
            </>
          )}
        </>
      ),
    };
  }
  if (declared) {
    return {
      severity: 'info',
      icon: <AccountCircleOutlined fontSize="inherit" />,
      text: (
        <>
          This account’s pages say “issued by an account calling itself ‘<Name>{declared}</Name>’” —
          nothing proves the name is its own. {ownerCan}
        </>
      ),
    };
  }
  return {
    severity: 'warning',
    icon: <ReportProblemOutlined fontSize="inherit" />,
    text:
      identity.declared_name_withheld === 'mixed_scripts'
        ? 'This account’s organisation name mixes letters of different alphabets, as look-alike names do, so its pages do not show it. The account owner can change it.'
        : `Another account uses a name that looks the same, so this account’s pages do not show it. ${ownerCan}`,
  };
}

export function IssuerIdentityNotice({
  identity,
  isOwner,
}: {
  identity: IssuerIdentity;
  isOwner: boolean;
}) {
  const { severity, icon, text } = isOwner ? ownerNotice(identity) : sharedUserNotice(identity);
  return (
    // A status, not an alert: it is there on arrival, and saving a new name may change it.
    <Alert
      severity={severity}
      icon={icon}
      role="status"
      aria-label="How pages name the account"
      sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
    >
      {text}
    </Alert>
  );
}
