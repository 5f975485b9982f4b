// Moving markers on a page (a QR code's spot, a design's text) by dragging them or with the arrow keys, in
// fractions of the page from its top-left corner. The caller keeps the marker on the page and rounds.
import { useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

export interface PagePoint {
  x: number;
  y: number;
}

/** Shift with an arrow key moves this far, a twentieth of the page. */
const KEY_STEP_LARGE = 0.05;

const ARROWS: Record<string, PagePoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

interface PageDragOptions {
  /** The page: positions are fractions of its box. */
  pageRef: RefObject<HTMLElement | null>;
  /** How far one arrow key press moves a marker, as a fraction of the page. */
  keyStep: number;
}

export function usePageDrag({ pageRef, keyStep }: PageDragOptions) {
  const [grab, setGrab] = useState<{ marker: number; dx: number; dy: number } | null>(null);

  const fractionAt = (event: PointerEvent): PagePoint | null => {
    const rect = pageRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    return {
      x: (event.clientX - rect.left) / rect.width,
      y: (event.clientY - rect.top) / rect.height,
    };
  };

  /** The handlers for marker `marker`, whose top-left is at `at`; `move` is told where it goes. */
  const markerHandlers = (marker: number, at: PagePoint, move: (to: PagePoint) => void) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      const pointer = fractionAt(event);
      if (!pointer) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setGrab({ marker, dx: pointer.x - at.x, dy: pointer.y - at.y });
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (grab?.marker !== marker) return;
      const pointer = fractionAt(event);
      if (pointer) move({ x: pointer.x - grab.dx, y: pointer.y - grab.dy });
    },
    onPointerUp: () => setGrab(null),
    onPointerCancel: () => setGrab(null),
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const direction = ARROWS[event.key];
      if (!direction) return;
      event.preventDefault();
      const step = event.shiftKey ? KEY_STEP_LARGE : keyStep;
      move({ x: at.x + direction.x * step, y: at.y + direction.y * step });
    },
  });

  /** The marker being dragged, or null. */
  return { draggedMarker: grab?.marker ?? null, markerHandlers };
}
