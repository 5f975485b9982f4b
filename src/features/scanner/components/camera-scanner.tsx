// The camera view: asks for the back camera, looks for a QR code in its frames and hands the first one found to
// the screen, then lets the camera go. Every way it can fail is said in words (no permission, no camera).
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';

import type { MessageKey } from '@common/i18n/translator';

import { loadQrDetector, type QrDetector } from '../decode/qr-decoder';
import { useScannerTranslator } from '../scanner-language';

type CameraState =
  'idle' | 'starting' | 'scanning' | 'denied' | 'no-camera' | 'unsupported' | 'failed';

const CAMERA_MESSAGES: Partial<Record<CameraState, MessageKey>> = {
  denied: 'scanner.camera.denied',
  'no-camera': 'scanner.camera.noCamera',
  unsupported: 'scanner.camera.unsupported',
  failed: 'scanner.camera.failed',
};

function cameraErrorState(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'failed';
}

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Looks at frames until one shows a QR code; returns a function that stops looking. */
function watchFrames(
  video: HTMLVideoElement,
  detector: QrDetector,
  onDetected: (text: string) => void,
): () => void {
  let isStopped = false;
  const look = async () => {
    if (isStopped) return;
    if (video.readyState >= video.HAVE_CURRENT_DATA) {
      const [found] = await detector.detect(video).catch(() => []);
      if (found && !isStopped) {
        onDetected(found.rawValue);
        return;
      }
    }
    // One frame at a time: the decoder's pace, not the display's, sets the rate.
    requestAnimationFrame(() => void look());
  };
  void look();
  return () => {
    isStopped = true;
  };
}

export function CameraScanner({ onDetected }: { onDetected: (text: string) => void }) {
  const t = useScannerTranslator();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('idle');

  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return undefined;
    video.srcObject = stream;
    let stopWatching = () => undefined as void;
    let isCancelled = false;
    void Promise.all([video.play(), loadQrDetector()]).then(
      ([, detector]) => {
        if (isCancelled) return;
        setState('scanning');
        stopWatching = watchFrames(video, detector, (text) => {
          setStream(null);
          setState('idle');
          onDetected(text);
        });
      },
      () => !isCancelled && setState('failed'),
    );
    return () => {
      isCancelled = true;
      stopWatching();
      stopStream(stream);
    };
  }, [stream, onDetected]);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported');
      return;
    }
    setState('starting');
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
      );
    } catch (error) {
      setState(cameraErrorState(error));
    }
  }

  function stop() {
    setStream(null);
    setState('idle');
  }

  const message = CAMERA_MESSAGES[state];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {stream && (
        <Box
          sx={{
            position: 'relative',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'grey.900',
            aspectRatio: '1 / 1',
            maxHeight: 420,
          }}
        >
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label={t.t('scanner.camera.view')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* The frame to aim with. */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: '18%',
              border: '3px solid rgba(255,255,255,0.9)',
              borderRadius: 2,
              boxShadow: '0 0 0 999px rgba(0,0,0,0.25)',
            }}
          />
        </Box>
      )}
      {message && (
        <Alert severity={state === 'failed' ? 'error' : 'warning'} icon={<NoPhotographyOutlined />}>
          {t.t(message)}
        </Alert>
      )}
      {stream ? (
        <Button variant="outlined" size="large" onClick={stop}>
          {t.t(state === 'scanning' ? 'scanner.camera.stop' : 'scanner.camera.starting')}
        </Button>
      ) : (
        <Button
          variant="contained"
          size="large"
          startIcon={<PhotoCameraOutlined />}
          onClick={() => void start()}
          disabled={state === 'starting'}
        >
          {t.t('scanner.camera.start')}
        </Button>
      )}
    </Box>
  );
}
