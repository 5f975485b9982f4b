// /scan: the QR Verify scanner, for anyone (no sign-in) on a phone. Reads a document's QR code from the camera or
// from a photo or PDF, checks its seal on the device against the trust list and says what it found. Installable
// (web app manifest) and usable offline after one online visit (its service worker).
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { ProductMark } from '@/components/product-mark';
import { pathTo } from '@/config/routes';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
import { useDocumentHead } from '@/lib/use-document-head';

import { decodeQrFromFile, UnreadableFileError } from '../decode/decode-file';
import { loadQrDetector } from '../decode/qr-decoder';
import { registerScannerWorker } from '../offline/register-scanner-worker';
import { useTrustList } from '../use-trust-list';

import { CameraScanner } from './camera-scanner';
import { ScanResult } from './scan-result';

type FileState = { status: 'idle' } | { status: 'reading' } | { status: 'failed'; message: string };

function FilePicker({ onDecoded }: { onDecoded: (text: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FileState>({ status: 'idle' });

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ status: 'reading' });
    try {
      const text = await decodeQrFromFile(file);
      if (text === null) {
        setState({
          status: 'failed',
          message:
            'No QR code was found in this file. Choose a sharper photo with the whole code in view, or the PDF itself.',
        });
        return;
      }
      setState({ status: 'idle' });
      onDecoded(text);
    } catch (error) {
      setState({
        status: 'failed',
        message:
          error instanceof UnreadableFileError
            ? error.message
            : 'The QR decoder could not start. Open the scanner once while online, then try again.',
      });
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <input
        ref={inputRef}
        type="file"
        id="scan-file"
        aria-label="Choose an image or PDF"
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
        {state.status === 'reading' ? 'Reading the file…' : 'Choose an image or PDF'}
      </Button>
      {state.status === 'failed' && <Alert severity="warning">{state.message}</Alert>}
    </Box>
  );
}

function ScannerHeader() {
  const isSignedIn = useAppSelector(selectIsAuthenticated);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ProductMark />
      {isSignedIn && (
        <Link component={RouterLink} to={pathTo('dashboard')} variant="body2">
          Back to the app
        </Link>
      )}
    </Box>
  );
}

export function ScannerScreen() {
  useDocumentHead({
    description: 'Scan a document’s QR code and check its seal and its status, even offline.',
  });
  const { trustList, isLoading } = useTrustList();
  const [scanned, setScanned] = useState<string | null>(null);
  const showResult = useCallback((text: string) => setScanned(text), []);

  useEffect(() => {
    registerScannerWorker();
    // The decoder loads while the person aims, not after.
    void loadQrDetector().catch(() => undefined);
  }, []);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <ScannerHeader />
      <Box
        component="main"
        sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: 26, sm: 30 } }}>
            Check a QR code
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Scan the QR code on a document to check its seal and see what its issuer signed. The
            check runs on this device and works offline once the scanner has been opened online.
          </Typography>
        </Box>
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <CameraScanner onDetected={showResult} />
            <FilePicker onDecoded={showResult} />
          </CardContent>
        </Card>
        {scanned !== null && (
          <Box component="section" aria-label="Result" sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h2" sx={{ fontSize: 20 }}>
              Result
            </Typography>
            {isLoading ? (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
                <CircularProgress size={18} /> Loading the issuers’ keys…
              </Box>
            ) : (
              <ScanResult text={scanned} trustList={trustList} />
            )}
            <Button variant="text" onClick={() => setScanned(null)} sx={{ justifySelf: 'start' }}>
              Clear the result
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
