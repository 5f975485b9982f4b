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
import { Fragment, useEffect, useState, type ReactNode } from 'react';

import { LANGUAGE_INFO } from '@common/i18n/languages';
import type { MessageKey, MessagePartValue } from '@common/i18n/translator';
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
import type { VerificationStatus } from '@common/verifications';
import type { PublicVerificationResponse } from '@common/verifications-schemas';

import { useGetLiveVerificationQuery } from '../api/scanner-api';
import { checkScannedCode, type ScannedCodeCheck } from '../check-scanned-code';
import { useScannerTranslator } from '../scanner-language';

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

/** A host, a code or an address: Latin letters that keep their order inside a right-to-left sentence. */
function LeftToRight({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A message whose values or tags are elements, its pieces keyed for React. */
function RichMessage({
  messageKey,
  values,
}: {
  messageKey: MessageKey;
  values: Record<string, MessagePartValue<ReactNode>>;
}) {
  const t = useScannerTranslator();
  return (
    <>
      {t.parts<ReactNode>(messageKey, values).map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

function ForeignHostWarning({ url, trustList }: { url: SealedUrl; trustList: TrustList | null }) {
  const t = useScannerTranslator();
  const hosts = trustList?.service_hosts.length ? trustList.service_hosts : [window.location.host];
  const serviceHosts = new Intl.ListFormat(LANGUAGE_INFO[t.language].dateLocale, {
    type: 'disjunction',
  }).format(hosts);
  return (
    <Alert severity="error" variant="filled" icon={<GppBadOutlined fontSize="large" />}>
      <AlertTitle sx={{ fontSize: 20, fontWeight: 700 }}>
        {t.t('scanner.foreignHost.title')}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>
        <RichMessage
          messageKey="scanner.foreignHost.opens"
          values={{
            host: url.host,
            serviceHosts: <LeftToRight>{serviceHosts}</LeftToRight>,
            valid: t.t('headline.active'),
            b: (chunks) => (
              <strong>
                <LeftToRight>{chunks}</LeftToRight>
              </strong>
            ),
          }}
        />
      </Typography>
      <Typography>{t.t('scanner.foreignHost.advice')}</Typography>
    </Alert>
  );
}

/**
 * The issuer's row: a proven name in bold, an account's own name in its words (opening the row with its capital,
 * which each language's message holds), the note beside it in the same print.
 */
function IssuerValue({ identity }: { identity: IssuerIdentity }) {
  const t = useScannerTranslator();
  const { isProven, name, nameOpeningLine, note } = issuerWords(identity, t);
  const shown = isProven ? (
    <strong>
      {identity.issuer_proof === 'domain' ? <LeftToRight>{name}</LeftToRight> : <bdi>{name}</bdi>}
    </strong>
  ) : (
    nameOpeningLine
  );
  if (!note) return shown;
  return <RichMessage messageKey="issuer.withNote" values={{ name: shown, note }} />;
}

function SignedFacts({ facts, issuer }: { facts: SealFacts; issuer: IssuerIdentity }) {
  const t = useScannerTranslator();
  const rows: Array<[string, ReactNode]> = [
    [t.t('field.issuer'), <IssuerValue key="issuer" identity={issuer} />],
    [t.t('field.holderName'), facts.holderName ? <bdi>{facts.holderName}</bdi> : '—'],
    [t.t('field.issueDate'), t.date(facts.issueDate)],
    [
      t.t('field.expiryDate'),
      facts.expiryDate ? t.date(facts.expiryDate) : t.t('details.noExpiry'),
    ],
    [t.t('field.code'), <LeftToRight key="code">{facts.code}</LeftToRight>],
    [
      t.t('scanner.facts.sealedAt'),
      t.t('scanner.facts.sealedAtValue', {
        date: t.date(facts.sealedAt),
        time: facts.sealedAt.slice(11, 16),
      }),
    ],
  ];
  // A <dl> has no role to carry a name: the group around it does.
  return (
    <Box role="group" aria-label={t.t('scanner.facts.label')}>
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
  const t = useScannerTranslator();
  const { seal } = check;
  if (!message) {
    return <Alert severity="info">{t.t('scanner.seal.none')}</Alert>;
  }
  if (seal.state === 'unchecked') {
    return (
      <Alert severity="info" icon={<WifiOffOutlined />}>
        <AlertTitle sx={{ fontWeight: 700 }}>{t.t('scanner.seal.offlineTitle')}</AlertTitle>
        {t.t('scanner.seal.offlineAdvice')}
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

/** Not found and withdrawn in the page's own words; anything else means the network did not answer. */
function liveErrorKey(error: FetchBaseQueryError): MessageKey {
  if (error.status === 404) return 'status.notFound';
  if (error.status === 410) return 'status.withdrawn';
  return 'scanner.live.offline';
}

/** The live status's word: the public page's headline for it. */
const LIVE_HEADLINES: Record<VerificationStatus, MessageKey> = {
  active: 'headline.active',
  revoked: 'headline.revoked',
  expired: 'headline.expired',
};

type LiveQuery = ReturnType<typeof useGetLiveVerificationQuery>;

function LiveSummary({ verification }: { verification: PublicVerificationResponse }) {
  const t = useScannerTranslator();
  const { status, revoked_at: revokedAt, expiry_date: expiryDate } = verification;
  // The date it stopped counting, when the answer has one.
  const date = status === 'revoked' ? revokedAt : status === 'expired' ? expiryDate : null;
  return t.t('scanner.live.summary', {
    state: date ? status : 'other',
    title: t.isolate(verification.title),
    issuer: issuerPhrase(provenIdentity(verification.issuer, verification.issuer.name), t),
    holder: t.isolate(verification.holder_name),
    date: date ? t.date(date) : '',
  });
}

function LiveStatus({ live: { data, error, isFetching } }: { live: LiveQuery }) {
  const t = useScannerTranslator();
  if (isFetching && !data) {
    return (
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}
        role="status"
      >
        <CircularProgress size={18} /> {t.t('scanner.live.checking')}
      </Box>
    );
  }
  if (data) {
    const severity =
      data.status === 'active' ? 'success' : data.status === 'expired' ? 'warning' : 'error';
    return (
      <Alert severity={severity} role="status" aria-label={t.t('scanner.live.label')}>
        <AlertTitle sx={{ fontWeight: 700 }}>
          {t.t('scanner.live.title', {
            headline: t.t(LIVE_HEADLINES[data.status as VerificationStatus]),
          })}
        </AlertTitle>
        <LiveSummary verification={data} />
      </Alert>
    );
  }
  if (!error) return null;
  const key = liveErrorKey(error as FetchBaseQueryError);
  const isOffline = key === 'scanner.live.offline';
  return (
    <Alert
      severity={isOffline ? 'info' : 'error'}
      icon={isOffline ? <WifiOffOutlined /> : undefined}
      role="status"
      aria-label={t.t('scanner.live.label')}
    >
      {t.t(key)}
    </Alert>
  );
}

export function ScanResult({ text, trustList }: { text: string; trustList: TrustList | null }) {
  const t = useScannerTranslator();
  const state = useScannedCodeCheck(text, trustList);
  if (state.status === 'checking') {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
        <CircularProgress size={18} /> {t.t('scanner.checkingSeal')}
      </Box>
    );
  }
  const { check } = state;
  if (!check) {
    return (
      <Alert severity="warning">
        <AlertTitle>{t.t('scanner.notOurCode.title')}</AlertTitle>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {t.t('scanner.notOurCode.text', { text: t.isolate(text.slice(0, 200)) })}
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
  const t = useScannerTranslator();
  const { url } = check;
  // A look-alike site's code is not looked up: a genuine record's 'Valid' beside it would only reassure.
  const hasLiveStatus = check.isTrustedHost && Boolean(url.code);
  const live = useGetLiveVerificationQuery(url.code ?? '', { skip: !hasLiveStatus });
  // Known only online: a code issued with a seal that has lost it is a copy.
  const isSealedRecord = live.data?.sealed === true;
  const message = sealMessage(check.seal, { isSealedRecord, place: 'scanner', t });
  return (
    // A named group: its parts (warning, seal, live status) read as one answer.
    <Box role="group" aria-label={t.t('scanner.result.label')} sx={{ display: 'grid', gap: 2 }}>
      {!check.isTrustedHost && <ForeignHostWarning url={url} trustList={trustList} />}
      <SealSection check={check} message={message} />
      {hasLiveStatus && <LiveStatus live={live} />}
      {hasLiveStatus && (
        <Typography variant="body2">
          <Link href={text.trim()} rel="noopener noreferrer">
            {t.t('scanner.openPage')}
          </Link>
        </Typography>
      )}
    </Box>
  );
}
