// /scan: the QR Verify scanner, for anyone (no sign-in) on a phone. Reads a document's QR code from the camera or
// from a photo or PDF, checks its seal on the device against the trust list and says what it found. Installable
// (web app manifest) and usable offline after one online visit (its service worker).
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { ProductMark } from '@/components/product-mark';
import { ScreenLoading } from '@/components/screen-loading';
import { PRODUCT_NAME } from '@/config/product';
import { pathTo } from '@/config/routes';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
import { useDocumentHead, useDocumentTitle } from '@/lib/use-document-head';
import { DirectionProvider } from '@/theme/direction-provider';
import { LANGUAGE_INFO, LANGUAGES, type Language } from '@common/i18n/languages';
import type { MessageKey } from '@common/i18n/translator';

import { decodeQrFromFile, UnreadableFileError } from '../decode/decode-file';
import { loadQrDetector } from '../decode/qr-decoder';
import { registerScannerWorker } from '../offline/register-scanner-worker';
import {
  ScannerTranslator,
  useLoadedTranslator,
  useScannerLanguage,
  useScannerTranslator,
} from '../scanner-language';
import { useTrustList } from '../use-trust-list';

import { CameraScanner } from './camera-scanner';
import { ScanResult } from './scan-result';

type FileState =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'failed'; message: MessageKey; pages?: number };

/** What went wrong with a file, in the scanner's words. */
function failureOf(error: unknown): FileState {
  if (error instanceof UnreadableFileError) {
    return {
      status: 'failed',
      message:
        error.reason === 'unopenable' ? 'scanner.file.unopenable' : 'scanner.file.unreadable',
    };
  }
  return { status: 'failed', message: 'scanner.file.decoderFailed' };
}

function FilePicker({ onDecoded }: { onDecoded: (text: string) => void }) {
  const t = useScannerTranslator();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FileState>({ status: 'idle' });

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ status: 'reading' });
    try {
      const { text, pdfPages } = await decodeQrFromFile(file);
      if (text !== null) {
        setState({ status: 'idle' });
        onDecoded(text);
      } else if (pdfPages === null) {
        setState({ status: 'failed', message: 'scanner.file.noCodeInImage' });
      } else {
        setState({ status: 'failed', message: 'scanner.file.noCodeInPdf', pages: pdfPages });
      }
    } catch (error) {
      setState(failureOf(error));
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <input
        ref={inputRef}
        type="file"
        id="scan-file"
        aria-label={t.t('scanner.file.choose')}
        accept="image/*,application/pdf,.pdf"
        hidden
        onChange={(event) => void read(event)}
      />
      <Button
        variant="outlined"
        size="large"
        startIcon={
          state.status === 'reading' ? <CircularProgress size={18} /> : <UploadFileOutlined />
        }
        disabled={state.status === 'reading'}
        onClick={() => inputRef.current?.click()}
      >
        {t.t(state.status === 'reading' ? 'scanner.file.reading' : 'scanner.file.choose')}
      </Button>
      {state.status === 'failed' && (
        <Alert severity="warning">{t.t(state.message, { pages: state.pages ?? 0 })}</Alert>
      )}
    </Box>
  );
}

/** The languages by their own names, as the public page's switcher lists them; choosing one asks for it by address. */
function LanguageSwitcher({ onChoose }: { onChoose: (language: Language) => void }) {
  const t = useScannerTranslator();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      <TranslateOutlined fontSize="small" aria-hidden />
      <NativeSelect
        value={t.language}
        onChange={(event) => onChoose(event.target.value as Language)}
        disableUnderline
        inputProps={{ 'aria-label': t.t('language.label') }}
        sx={{ fontSize: 14 }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_INFO[language].name}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}

function ScannerHeader({ onChooseLanguage }: { onChooseLanguage: (language: Language) => void }) {
  const t = useScannerTranslator();
  const isSignedIn = useAppSelector(selectIsAuthenticated);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ProductMark />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {isSignedIn && (
          <Link component={RouterLink} to={pathTo('dashboard')} variant="body2">
            {t.t('scanner.backToApp')}
          </Link>
        )}
        <LanguageSwitcher onChoose={onChooseLanguage} />
      </Box>
    </Box>
  );
}

interface ScannerPageProps {
  onChooseLanguage: (language: Language) => void;
  /** The text of the code last read, kept above the page so that a switch of direction (Arabic) keeps it. */
  scanned: string | null;
  onScanned: (text: string | null) => void;
}

function ScannerPage({ onChooseLanguage, scanned, onScanned }: ScannerPageProps) {
  const t = useScannerTranslator();
  useDocumentTitle(`${t.t('scanner.title')} · ${PRODUCT_NAME}`);
  useDocumentHead({ description: t.t('scanner.description') });
  const { trustList, isLoading } = useTrustList();

  return (
    <Box
      lang={t.language}
      dir={LANGUAGE_INFO[t.language].dir}
      // Strict line breaking keeps Japanese and Chinese small kana and closing marks off a line's start.
      sx={{ minHeight: '100vh', bgcolor: 'background.default', lineBreak: 'strict' }}
    >
      <ScannerHeader onChooseLanguage={onChooseLanguage} />
      <Box
        component="main"
        sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: 26, sm: 30 } }}>
            {t.t('scanner.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t.t('scanner.intro')}
          </Typography>
        </Box>
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <CameraScanner onDetected={onScanned} />
            <FilePicker onDecoded={onScanned} />
          </CardContent>
        </Card>
        {scanned !== null && (
          <Box
            component="section"
            aria-label={t.t('scanner.result.heading')}
            sx={{ display: 'grid', gap: 2 }}
          >
            <Typography variant="h2" sx={{ fontSize: 20 }}>
              {t.t('scanner.result.heading')}
            </Typography>
            {isLoading ? (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
                <CircularProgress size={18} /> {t.t('scanner.loadingKeys')}
              </Box>
            ) : (
              <ScanResult text={scanned} trustList={trustList} />
            )}
            <Button variant="text" onClick={() => onScanned(null)} sx={{ justifySelf: 'start' }}>
              {t.t('scanner.result.clear')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}

export function ScannerScreen() {
  const { language, choose } = useScannerLanguage();
  const translator = useLoadedTranslator(language);
  const [scanned, setScanned] = useState<string | null>(null);

  useEffect(() => {
    registerScannerWorker();
    // The decoder loads while the person aims, not after.
    void loadQrDetector().catch(() => undefined);
  }, []);

  // Only before the first catalogue arrives: a switch keeps the page in the language shown until the next one is in.
  if (!translator) return <ScreenLoading fullPage />;
  return (
    <DirectionProvider dir={LANGUAGE_INFO[translator.language].dir}>
      <ScannerTranslator.Provider value={translator}>
        <ScannerPage onChooseLanguage={choose} scanned={scanned} onScanned={setScanned} />
      </ScannerTranslator.Provider>
    </DirectionProvider>
  );
}
