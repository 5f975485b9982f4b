// The chosen document's page with a placeholder where the QR code will be stamped, at its real size.
// With the custom position the placeholder can be dragged (or moved with the arrow keys).
import QrCode2 from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { usePageDrag } from '@/components/use-page-drag';
import type { PdfDocument } from '@/lib/pdf/pdf-document';

import { documentKind } from '../document-file';
import {
  pageSizeFromPoints,
  previewPageNumber,
  qrBox,
  roundFraction,
  type PageSizeMm,
} from '../qr-preview';

import type { QrPlacement } from '../api/verifications-api';

/** CSS width the page is drawn at; the canvas then scales to the column. */
const RENDER_WIDTH_PX = 640;
const KEY_STEP = 0.01;

interface SizePt {
  widthPt: number;
  heightPt: number;
}

interface DocumentPreviewProps {
  /** A file that passed the checks, or null. */
  file: File | null;
  qr: QrPlacement;
  onMoveQr: (position: { x: number; y: number }) => void;
  onPageSize: (size: PageSizeMm | null) => void;
  disabled?: boolean;
}

// Each loader remembers which input its answer belongs to; a stale answer counts as loading.
type Loaded<Input, Value> = { input: Input; value: Value } | { input: Input; problem: string };

function usePdf(file: File | null) {
  const [loaded, setLoaded] = useState<Loaded<File, PdfDocument> | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    let isCurrent = true;
    let opened: PdfDocument | null = null;
    import('@/lib/pdf/pdf-document')
      .then(({ openPdf }) => openPdf(file))
      .then((pdf) => {
        opened = pdf;
        if (isCurrent) setLoaded({ input: file, value: pdf });
        else pdf.destroy();
      })
      .catch((error: Error) => {
        if (isCurrent) setLoaded({ input: file, problem: error.message });
      });
    return () => {
      isCurrent = false;
      opened?.destroy();
    };
  }, [file]);
  return loaded?.input === file ? loaded : null;
}

function usePdfPageSize(pdf: PdfDocument | null, pageNumber: number) {
  const [loaded, setLoaded] = useState<Loaded<[PdfDocument, number], SizePt> | null>(null);
  useEffect(() => {
    if (!pdf) return undefined;
    let isCurrent = true;
    const input: [PdfDocument, number] = [pdf, pageNumber];
    pdf
      .pageSize(pageNumber)
      .then((size) => isCurrent && setLoaded({ input, value: size }))
      .catch(() => isCurrent && setLoaded({ input, problem: 'The page could not be shown' }));
    return () => {
      isCurrent = false;
    };
  }, [pdf, pageNumber]);
  return loaded && loaded.input[0] === pdf && loaded.input[1] === pageNumber ? loaded : null;
}

/** An image's object URL and natural size (1 px counts as 1 pt, as on the server's page). */
function useImage(file: File | null) {
  const [loaded, setLoaded] = useState<Loaded<File, SizePt & { url: string }> | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () =>
      setLoaded({
        input: file,
        value: { url, widthPt: image.naturalWidth, heightPt: image.naturalHeight },
      });
    image.onerror = () => setLoaded({ input: file, problem: 'The image could not be read' });
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return loaded?.input === file ? loaded : null;
}

type Page =
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; sizePt: SizePt; number: number; count: number };

function pageFrom<Value>(
  loaded: Loaded<unknown, Value> | null,
  ready: (value: Value) => Page,
): Page {
  if (!loaded) return { state: 'loading' };
  if ('problem' in loaded) return { state: 'failed', message: loaded.problem };
  return ready(loaded.value);
}

export function DocumentPreview({
  file,
  qr,
  onMoveQr,
  onPageSize,
  disabled,
}: DocumentPreviewProps) {
  const kind = file ? documentKind(file) : null;
  const pdfLoad = usePdf(kind === 'pdf' ? file : null);
  const pdf = pdfLoad && 'value' in pdfLoad ? pdfLoad.value : null;
  const pageNumber = previewPageNumber(qr.pages, pdf?.pageCount ?? 1);
  const pdfPageSize = usePdfPageSize(pdf, pageNumber);
  const image = useImage(kind === 'image' ? file : null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  let page: Page = { state: 'empty' };
  if (kind === 'pdf') {
    page = pageFrom(pdfLoad, (document) =>
      pageFrom(pdfPageSize, (sizePt) => ({
        state: 'ready',
        sizePt,
        number: pageNumber,
        count: document.pageCount,
      })),
    );
  } else if (kind === 'image') {
    page = pageFrom(image, (sizePt) => ({ state: 'ready', sizePt, number: 1, count: 1 }));
  }

  const isReady = page.state === 'ready';
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !isReady || !canvas) return undefined;
    const task = pdf.renderPage(pageNumber, canvas, RENDER_WIDTH_PX);
    task.promise.catch(() => {
      // Cancelled, or failed: the page stays blank and the placeholder still shows the spot.
    });
    return () => task.cancel();
  }, [pdf, pageNumber, isReady]);

  const sizeMm =
    page.state === 'ready' ? pageSizeFromPoints(page.sizePt.widthPt, page.sizePt.heightPt) : null;
  const widthMm = sizeMm?.widthMm;
  const heightMm = sizeMm?.heightMm;
  useEffect(() => {
    onPageSize(widthMm && heightMm ? { widthMm, heightMm } : null);
  }, [widthMm, heightMm, onPageSize]);

  if (page.state === 'empty') {
    return (
      <Box
        sx={{
          aspectRatio: '210 / 297',
          border: '1px dashed',
          borderColor: 'divider',
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          color: 'text.secondary',
          p: 3,
        }}
      >
        <Box>
          <QrCode2 sx={{ fontSize: 40, color: 'action.disabled' }} aria-hidden />
          <Typography variant="body2" sx={{ mt: 1 }}>
            The preview appears here once you choose a document.
          </Typography>
        </Box>
      </Box>
    );
  }
  if (page.state === 'loading') {
    return (
      <Skeleton
        variant="rectangular"
        role="progressbar"
        aria-label="Loading the preview"
        sx={{ aspectRatio: '210 / 297', height: 'auto', borderRadius: 1 }}
      />
    );
  }
  if (page.state === 'failed') {
    return <Alert severity="error">{page.message}</Alert>;
  }

  const size = sizeMm as PageSizeMm;
  return (
    <Box>
      <PageWithQr
        sizePt={page.sizePt}
        sizeMm={size}
        qr={qr}
        onMoveQr={onMoveQr}
        disabled={disabled}
      >
        {kind === 'pdf' ? (
          <Box
            component="canvas"
            ref={canvasRef}
            role="img"
            aria-label={`Page ${page.number} of ${file?.name}`}
            sx={{ display: 'block', width: '100%', height: '100%' }}
          />
        ) : (
          <Box
            component="img"
            src={image && 'value' in image ? image.value.url : undefined}
            alt={`Preview of ${file?.name}`}
            draggable={false}
            sx={{ display: 'block', width: '100%', height: '100%' }}
          />
        )}
      </PageWithQr>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {kind === 'pdf'
          ? `Page ${page.number} of ${page.count}${qr.pages === 'every' ? ', the code goes on every page' : ''}`
          : 'The image becomes a one-page PDF'}
        {' · '}
        {Math.round(size.widthMm)} × {Math.round(size.heightMm)} mm
      </Typography>
    </Box>
  );
}

interface PageWithQrProps {
  sizePt: SizePt;
  sizeMm: PageSizeMm;
  qr: QrPlacement;
  onMoveQr: (position: { x: number; y: number }) => void;
  disabled?: boolean;
  children: ReactNode;
}

function PageWithQr({ sizePt, sizeMm, qr, onMoveQr, disabled, children }: PageWithQrProps) {
  const pageRef = useRef<HTMLDivElement>(null);
  const box = qrBox(qr, sizeMm);
  const isDraggable = qr.position === 'custom' && !disabled;

  const move = (x: number, y: number) => {
    // The stamp's own rule keeps a custom spot on the page.
    const kept = qrBox({ ...qr, position: 'custom', x, y }, sizeMm);
    onMoveQr({ x: roundFraction(kept.x), y: roundFraction(kept.y) });
  };

  const { draggedMarker, markerHandlers } = usePageDrag({ pageRef, keyStep: KEY_STEP });
  const isDragged = draggedMarker !== null;

  return (
    <Box
      ref={pageRef}
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${sizePt.widthPt} / ${sizePt.heightPt}`,
        bgcolor: '#fff',
        boxShadow: '0 1px 3px rgba(15, 23, 42, 0.12), 0 0 0 1px rgba(15, 23, 42, 0.06)',
        overflow: 'hidden',
        userSelect: 'none',
      }}
    >
      {children}
      <Box
        data-testid="qr-placeholder"
        role={isDraggable ? 'button' : 'img'}
        aria-roledescription={isDraggable ? 'draggable QR code' : undefined}
        aria-label={
          isDraggable
            ? `QR code, ${qr.size_mm} mm. Drag it, or use the arrow keys, to move it.`
            : `QR code, ${qr.size_mm} mm`
        }
        tabIndex={isDraggable ? 0 : -1}
        {...(isDraggable ? markerHandlers(0, box, ({ x, y }) => move(x, y)) : {})}
        // Inline, not sx: the box moves with every pointer event while dragged.
        style={{
          left: `${box.x * 100}%`,
          top: `${box.y * 100}%`,
          width: `${box.width * 100}%`,
          height: `${box.height * 100}%`,
        }}
        sx={(theme) => ({
          position: 'absolute',
          display: 'grid',
          placeItems: 'center',
          bgcolor: alpha('#fff', 0.88),
          border: `2px ${isDraggable ? 'solid' : 'dashed'} ${theme.palette.primary.main}`,
          color: 'primary.main',
          cursor: isDraggable ? (isDragged ? 'grabbing' : 'grab') : 'default',
          touchAction: isDraggable ? 'none' : 'auto',
          '&:focus-visible': { outline: `3px solid ${alpha(theme.palette.primary.main, 0.4)}` },
          transition: isDragged
            ? 'none'
            : theme.transitions.create(['left', 'top', 'width', 'height'], { duration: 150 }),
        })}
      >
        <QrCode2 sx={{ width: '80%', height: '80%' }} aria-hidden />
      </Box>
    </Box>
  );
}
