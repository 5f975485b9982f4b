// A whole HTML document shown at a fixed viewport size (a phone's 375 px, a desktop's 1024 px) and
// scaled down to fit the space it is given, so a preview lays out exactly as it will on that device.
// The document runs no script (sandbox without allow-scripts); allow-same-origin lets it load the
// app's own fonts and images.
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

interface ScaledFrameProps {
  /** The document to show. */
  srcDoc: string;
  /** Names the frame for assistive technology (unused when decorative). */
  title: string;
  /** The viewport width the document lays out in, in CSS pixels. */
  width: number;
  /** The viewport height, in CSS pixels; the frame shows it whole, scaled like the width. */
  height?: number;
  /**
   * A limit on how tall the frame is on screen. The viewport is then only as tall as fits there at
   * the scale the width needs (up to `height`), and the document scrolls inside it.
   */
  displayHeight?: number;
  /**
   * A picture only (a thumbnail): hidden from assistive technology, out of the tab order, not
   * clickable, and loaded when scrolled near.
   */
  isDecorative?: boolean;
}

/** Width of the element in CSS pixels as it changes; null before the first measurement. */
function useElementWidth<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    // jsdom has no ResizeObserver; the frame then shows at full size.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ScaledFrame({
  srcDoc,
  title,
  width,
  height = 600,
  displayHeight,
  isDecorative = false,
}: ScaledFrameProps) {
  const [boxRef, available] = useElementWidth<HTMLDivElement>();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const scrollY = useRef(0);
  const scale = available ? Math.min(1, available / width) : 1;
  const shownHeight = Math.min(displayHeight ?? Infinity, height * scale);

  // A new srcdoc is a new document, which starts at the top; keep the reader where they were.
  const restoreScroll = () => {
    const view = frameRef.current?.contentWindow;
    if (!view || isDecorative) return;
    try {
      if (scrollY.current > 0) view.scrollTo(0, scrollY.current);
      view.addEventListener('scroll', () => (scrollY.current = view.scrollY), { passive: true });
    } catch {
      // A frame the browser treats as cross-origin: it simply starts at the top.
    }
  };

  return (
    <Box
      ref={boxRef}
      sx={{ position: 'relative', width: '100%', height: shownHeight, overflow: 'hidden' }}
    >
      <Box
        component="iframe"
        ref={frameRef}
        srcDoc={srcDoc}
        title={isDecorative ? undefined : title}
        sandbox="allow-same-origin"
        onLoad={restoreScroll}
        {...(isDecorative
          ? { 'aria-hidden': true, tabIndex: -1, loading: 'lazy' as const }
          : { referrerPolicy: 'no-referrer' as const })}
        sx={{
          position: 'absolute',
          top: 0,
          left: '50%',
          width,
          height: shownHeight / scale,
          border: 0,
          display: 'block',
          transform: `translateX(-50%) scale(${scale})`,
          transformOrigin: 'top center',
          pointerEvents: isDecorative ? 'none' : undefined,
          bgcolor: 'background.paper',
        }}
      />
    </Box>
  );
}
