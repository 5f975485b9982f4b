// What the scanner found, loudest first: a look-alike site (the phishing case), then the seal and its signed
// facts to compare with the paper, then — when the network answers — the live status. Who issued it is said only
// as far as it is proven (common/issuer-identity.ts): the green tick for a verified domain or an operator-checked
// name, the neutral account look for an account that only names itself.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import GppBadOutlined from '@mui/icons-material/GppBadOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WifiOffOutlined from '@mui/icons-material/WifiOffOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';

import { longDate } from '@common/dates';
import {
  provenIdentity,
  issuerPhrase,
  issuerWords,
  type IssuerIdentity,
} from '@common/issuer-identity';
import { sealMessage, type SealMessage } from '@common/public-page/seal-messages';
import type { SealFacts } from '@common/seals/seal-format';
import type { TrustList } from '@common/seals/trust-list';
import type { SealedUrl } from '@common/seals/verify-seal';

import { useGetLiveVerificationQuery } from '../api/scanner-api';
import { checkScannedCode, type ScannedCodeCheck } from '../check-scanned-code';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type CheckState = { status: 'checking' } | { status: 'done'; check: ScannedCodeCheck | null };

function useScannedCodeCheck(text: string, trustList: TrustList | null): CheckState {
  const [result, setResult] = useState<{
    text: string;
    trustList: TrustList | null;
    check: ScannedCodeCheck | null;
  } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void checkScannedCode(text, trustList).then((check) => {
      if (isCurrent) setResult({ text, trustList, check });
    });
    return () => {
      isCurrent = false;
    };
  }, [text, trustList]);
  // An answer for an earlier code (or list) is not this code's.
  if (!result || result.text !== text || result.trustList !== trustList)
    return { status: 'checking' };
  return { status: 'done', check: result.check };
}

function ForeignHostWarning({ url, trustList }: { url: SealedUrl; trustList: TrustList | null }) {
  return (
    <Alert severity="error" variant="filled" icon={<GppBadOutlined fontSize="large" />}>
      <AlertTitle sx={{ fontSize: 20, fontWeight: 700 }}>
        Warning: this QR code does not lead to QR Verify
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>
        It opens <strong>{url.host}</strong>, which is neither QR Verify (
        {trustList?.service_hosts.join(', ') || window.location.host}) nor a domain its issuer has
        verified with us. A look-alike site can show “Valid” for anything.
      </Typography>
      <Typography>
        Do not trust the page this code opens or the document it came with. Ask the issuer for a
        genuine copy.
      </Typography>
    </Alert>
  );
}

/** "An account calling itself …" opens the row's value with a capital; a domain or a checked name as it is. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The issuer's row: a proven name in bold, an account's own name in its words, the note beside it in the same print. */
function IssuerValue({ identity }: { identity: IssuerIdentity }) {
  const { isProven, name, note } = issuerWords(identity);
  return (
    <>
      {isProven ? <strong>{name}</strong> : capitalised(name)}
      {note && ` (${note})`}
    </>
  );
}

function SignedFacts({ facts, issuer }: { facts: SealFacts; issuer: IssuerIdentity }) {
  const rows: Array<[string, ReactNode]> = [
    ['Issued by', <IssuerValue key="issuer" identity={issuer} />],
    ['Holder', facts.holderName || '—'],
    ['Issue date', longDate(facts.issueDate)],
    ['Expiry date', facts.expiryDate ? longDate(facts.expiryDate) : 'Does not expire'],
    ['Verification code', facts.code],
    ['Sealed at', `${longDate(facts.sealedAt)}, ${facts.sealedAt.slice(11, 16)} UTC`],
  ];
  // A <dl> has no role to carry a name: the group around it does.
  return (
    <Box role="group" aria-label="Signed facts">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
          gap: { xs: 0.25, sm: 1 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="caption"
              sx={{
                color: 'text.secondary',
                fontWeight: 600,
                textTransform: 'uppercase',
                mt: { xs: 1, sm: 0.25 },
              }}
            >
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function SealSection({ check, message }: { check: ScannedCodeCheck; message: SealMessage | null }) {
  const { seal } = check;
  if (!message) {
    return (
      <Alert severity="info">
        This code carries no seal: it was issued without one (codes from before seals existed, or
        from an issuer who turned them off). Its live status below is the check.
      </Alert>
    );
  }
  if (seal.state === 'unchecked') {
    return (
      <Alert severity="info" icon={<WifiOffOutlined />}>
        <AlertTitle sx={{ fontWeight: 700 }}>
          The seal could not be checked on this device yet
        </AlertTitle>
        The issuers’ keys have not been downloaded. Open the scanner once while online; after that
        it checks seals with no network.
      </Alert>
    );
  }
  if ((message.tone === 'verified' || message.tone === 'declared') && seal.state === 'verified') {
    // The tick and the green only for a proven issuer; an account that names itself gets the same size and
    // weight in the text colour, with a neutral account icon: not a warning (the signature holds), not a tick.
    const isProven = message.tone === 'verified';
    const colour = isProven ? 'success.dark' : 'text.primary';
    const Icon = isProven ? VerifiedUserOutlined : AccountCircleOutlined;
    return (
      <Card
        variant="outlined"
        data-tone={message.tone}
        sx={{ borderColor: isProven ? 'success.main' : 'text.secondary', borderWidth: 2 }}
      >
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', color: colour }}>
            <Icon fontSize="large" />
            <Box>
              <Typography variant="h3" component="h2" sx={{ color: colour }}>
                {message.title}
              </Typography>
              <Typography sx={{ mt: 0.5, color: 'text.primary' }}>{message.advice}</Typography>
            </Box>
          </Box>
          <SignedFacts facts={seal.facts} issuer={provenIdentity(seal.key)} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Alert
      severity={message.tone === 'warning' ? 'error' : 'info'}
      variant="outlined"
      sx={{ borderWidth: 2 }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{message.title}</AlertTitle>
      {message.advice}
    </Alert>
  );
}

function liveErrorText(error: FetchBaseQueryError): { offline: boolean; text: string } {
  if (error.status === 404) {
    return { offline: false, text: 'No document was issued under this code.' };
  }
  if (error.status === 410) {
    return { offline: false, text: 'This record was withdrawn by its issuer.' };
  }
  return {
    offline: true,
    text: 'Offline: the live status (revoked or expired) could not be fetched. The seal above was checked on this device; check the status again when you are online.',
  };
}

const LIVE_STATUS_WORDS = { active: 'Valid', revoked: 'Revoked', expired: 'Expired' } as const;

type LiveQuery = ReturnType<typeof useGetLiveVerificationQuery>;

function LiveStatus({ live: { data, error, isFetching } }: { live: LiveQuery }) {
  if (isFetching && !data) {
    return (
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}
        role="status"
      >
        <CircularProgress size={18} /> Checking the live status…
      </Box>
    );
  }
  if (data) {
    const word = LIVE_STATUS_WORDS[data.status as keyof typeof LIVE_STATUS_WORDS] ?? data.status;
    const severity =
      data.status === 'active' ? 'success' : data.status === 'expired' ? 'warning' : 'error';
    return (
      <Alert severity={severity} role="status" aria-label="Live status">
        <AlertTitle sx={{ fontWeight: 700 }}>Live status: {word}</AlertTitle>
        {data.title} — issued by {issuerPhrase(provenIdentity(data.issuer, data.issuer.name))} to{' '}
        {data.holder_name}
        {data.status === 'revoked' && data.revoked_at
          ? `, revoked on ${longDate(data.revoked_at)}`
          : ''}
        {data.status === 'expired' && data.expiry_date
          ? `, expired on ${longDate(data.expiry_date)}`
          : ''}
        .
      </Alert>
    );
  }
  if (!error) return null;
  const { offline, text } = liveErrorText(error as FetchBaseQueryError);
  return (
    <Alert
      severity={offline ? 'info' : 'error'}
      icon={offline ? <WifiOffOutlined /> : undefined}
      role="status"
      aria-label="Live status"
    >
      {text}
    </Alert>
  );
}

export function ScanResult({ text, trustList }: { text: string; trustList: TrustList | null }) {
  const state = useScannedCodeCheck(text, trustList);
  if (state.status === 'checking') {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
        <CircularProgress size={18} /> Checking the seal…
      </Box>
    );
  }
  const { check } = state;
  if (!check) {
    return (
      <Alert severity="warning">
        <AlertTitle>This QR code is not a QR Verify code</AlertTitle>
        It holds text, not a web address:{' '}
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          “{text.slice(0, 200)}”
        </Box>
      </Alert>
    );
  }
  return <CheckedCode check={check} text={text} trustList={trustList} />;
}

function CheckedCode({
  check,
  text,
  trustList,
}: {
  check: ScannedCodeCheck;
  text: string;
  trustList: TrustList | null;
}) {
  const { url } = check;
  // A look-alike site's code is not looked up: a genuine record's 'Valid' beside it would only reassure.
  const hasLiveStatus = check.isTrustedHost && Boolean(url.code);
  const live = useGetLiveVerificationQuery(url.code ?? '', { skip: !hasLiveStatus });
  // Known only online: a code issued with a seal that has lost it is a copy.
  const isSealedRecord = live.data?.sealed === true;
  const message = sealMessage(check.seal, { isSealedRecord, place: 'scanner' });
  return (
    // A named group: its parts (warning, seal, live status) read as one answer.
    <Box role="group" aria-label="Scan result" sx={{ display: 'grid', gap: 2 }}>
      {!check.isTrustedHost && <ForeignHostWarning url={url} trustList={trustList} />}
      <SealSection check={check} message={message} />
      {hasLiveStatus && <LiveStatus live={live} />}
      {hasLiveStatus && (
        <Typography variant="body2">
          <Link href={text.trim()} rel="noopener noreferrer">
            Open the verification page
          </Link>
        </Typography>
      )}
    </Box>
  );
}
