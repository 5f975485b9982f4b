// Page 1 of the design with each placed field drawn on it in row 1's values, at its size, font, colour and
// alignment: a live preview of the first document. A field's text is dragged (or moved with the arrow keys) to
// where it goes; the QR code's square shows the spot to keep clear.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';

import { usePageDrag } from '@/components/use-page-drag';
import type { PdfDocument } from '@/lib/pdf/pdf-document';
import type { DesignField } from '@common/bulk';
import { placeQrCode, POINTS_PER_MM } from '@common/qr-geometry';
import type { QrPlacement } from '@common/verifications';

import { CSS_FONTS, fieldLabel } from './design-text';

/** CSS width the page is drawn at; the canvas then scales to the column. */
const RENDER_WIDTH_PX = 900;
const KEY_STEP = 0.005;
const MM_PER_PT = 25.4 / 72;

/** Page 1 of the design and its size in PDF points. */
interface DesignPage {
  pdf: PdfDocument;
  widthPt: number;
  heightPt: number;
}

type Loaded = { file: File; page: DesignPage } | { file: File; problem: string };

function useDesignPage(file: File) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let isCurrent = true;
    let opened: PdfDocument | null = null;
    import('@/lib/pdf/pdf-document')
      .then(({ openPdf }) => openPdf(file))
      .then(async (pdf) => {
        opened = pdf;
        const size = await pdf.pageSize(1);
        if (isCurrent) setLoaded({ file, page: { pdf, ...size } });
        else pdf.destroy();
      })
      .catch((error: Error) => {
        if (isCurrent) setLoaded({ file, problem: error.message });
      });
    return () => {
      isCurrent = false;
      opened?.destroy();
    };
  }, [file]);
  return loaded?.file === file ? loaded : null;
}

const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
const round = (value: number) => Math.round(value * 10_000) / 10_000;

interface DesignPreviewProps {
  file: File;
  fields: DesignField[];
  /** Each field's text from row 1. */
  texts: string[];
  qr: QrPlacement;
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (index: number, position: { x: number; y: number }) => void;
}

export function DesignPreview({
  file,
  fields,
  texts,
  qr,
  selected,
  onSelect,
  onMove,
}: DesignPreviewProps) {
  const loaded = useDesignPage(file);
  const page = loaded && 'page' in loaded ? loaded.page : null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const { draggedMarker, markerHandlers } = usePageDrag({ pageRef, keyStep: KEY_STEP });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!page || !canvas) return undefined;
    const task = page.pdf.renderPage(1, canvas, RENDER_WIDTH_PX);
    task.promise.catch(() => {
      // Cancelled, or failed: the page stays white and the fields still show where they go.
    });
    return () => task.cancel();
  }, [page]);

  if (!loaded) {
    return (
      <Skeleton
        variant="rectangular"
        role="progressbar"
        aria-label="Loading the design"
        sx={{ aspectRatio: '297 / 210', height: 'auto', borderRadius: 1 }}
      />
    );
  }
  if (!page) {
    return <Alert severity="error">{'problem' in loaded ? loaded.problem : ''}</Alert>;
  }

  const moveField = (index: number) => (to: { x: number; y: number }) =>
    onMove(index, { x: round(clamp(to.x)), y: round(clamp(to.y)) });

  const qrSquare = placeQrCode({ width: page.widthPt, height: page.heightPt }, POINTS_PER_MM, qr);
  const widthMm = Math.round(page.widthPt * MM_PER_PT);
  const heightMm = Math.round(page.heightPt * MM_PER_PT);

  return (
    <Box>
      <Box
        ref={pageRef}
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${page.widthPt} / ${page.heightPt}`,
          bgcolor: '#fff',
          boxShadow: '0 1px 3px rgba(15, 23, 42, 0.12), 0 0 0 1px rgba(15, 23, 42, 0.06)',
          overflow: 'hidden',
          userSelect: 'none',
          // Font sizes are points of the page: 100cqw is the page's width.
          containerType: 'inline-size',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-label={`Page 1 of ${file.name}`}
          sx={{ display: 'block', width: '100%', height: '100%' }}
        />
        <Box
          aria-hidden
          data-testid="qr-spot"
          style={{
            left: `${(qrSquare.left / page.widthPt) * 100}%`,
            top: `${(qrSquare.top / page.heightPt) * 100}%`,
            width: `${(qrSquare.size / page.widthPt) * 100}%`,
            height: `${(qrSquare.size / page.heightPt) * 100}%`,
          }}
          sx={(theme) => ({
            position: 'absolute',
            border: `2px dashed ${theme.palette.primary.main}`,
            bgcolor: alpha('#fff', 0.7),
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            fontSize: 11,
            fontWeight: 600,
          })}
        >
          QR
        </Box>
        {fields.map((field, index) => {
          const font = CSS_FONTS[field.font];
          const isSelected = selected === index;
          const handlers = markerHandlers(index, field, moveField(index));
          const shiftX = { left: '0%', center: '-50%', right: '-100%' }[field.align];
          return (
            <Box
              key={index}
              role="button"
              tabIndex={0}
              aria-roledescription="draggable field"
              aria-pressed={isSelected}
              aria-label={`${fieldLabel(field.field)}: ${texts[index]}. Drag it, or use the arrow keys, to move it.`}
              {...handlers}
              onPointerDown={(event) => {
                onSelect(index);
                handlers.onPointerDown(event);
              }}
              onFocus={() => onSelect(index)}
              // Inline, not sx: the text moves with every pointer event while dragged.
              style={{
                left: `${field.x * 100}%`,
                top: `${field.y * 100}%`,
                transform: `translate(${shiftX}, -${font.baselineEm}em)`,
                fontFamily: font.fontFamily,
                fontWeight: font.fontWeight,
                fontSize: `calc(${field.size} * 100cqw / ${page.widthPt})`,
                color: field.color,
              }}
              sx={(theme) => ({
                position: 'absolute',
                lineHeight: 1,
                whiteSpace: 'pre',
                cursor: draggedMarker === index ? 'grabbing' : 'grab',
                touchAction: 'none',
                outline: isSelected
                  ? `2px solid ${theme.palette.primary.main}`
                  : `1px dashed ${alpha(theme.palette.primary.main, 0.5)}`,
                outlineOffset: 2,
                '&:focus-visible': {
                  outline: `3px solid ${alpha(theme.palette.primary.main, 0.6)}`,
                },
              })}
            >
              {texts[index]}
            </Box>
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        Page 1 of the design · {widthMm} × {heightMm} mm · row 1 of the sheet shown
      </Typography>
    </Box>
  );
}
