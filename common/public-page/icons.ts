// The public page's icons as SVG markup: the server writes them into the page, and the seal check in the browser
// swaps the verdict's icon when the seal turns the headline. Our own markup only, never user input.
import type { SealLine, VerdictIcon } from './page-verdict';

const ATTRIBUTES =
  'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

const icon = (paths: string) => `<svg ${ATTRIBUTES}>${paths}</svg>`;

export const ICONS = {
  // The language switcher's globe.
  globe: icon(
    '<circle cx="12" cy="12" r="10"/><path d="M2 12h20"/><path d="M12 2a15 15 0 0 1 0 20a15 15 0 0 1 0-20"/>',
  ),
  check: icon('<circle cx="12" cy="12" r="10"/><path d="m7.5 12.5 3 3 6-6.5"/>'),
  cross: icon('<circle cx="12" cy="12" r="10"/><path d="m15 9-6 6M9 9l6 6"/>'),
  clock: icon('<circle cx="12" cy="12" r="10"/><path d="M12 6.5V12l3.5 2"/>'),
  question: icon(
    '<circle cx="12" cy="12" r="10"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.8-3 4.5"/><path d="M12 17.5h.01"/>',
  ),
  // An account, neither vouched for nor suspect: a seal that verifies from an issuer whose name nothing proves.
  account: icon(
    '<circle cx="12" cy="12" r="10"/><circle cx="12" cy="10" r="3.2"/><path d="M6.5 18.6c1.3-2 3.2-3.1 5.5-3.1s4.2 1.1 5.5 3.1"/>',
  ),
  info: icon('<circle cx="12" cy="12" r="10"/><path d="M12 16v-4.5M12 8h.01"/>'),
  upload: icon(
    '<path d="M12 15V4M7.5 8.5 12 4l4.5 4.5"/><path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"/>',
  ),
  download: icon(
    '<path d="M12 4v11M7.5 10.5 12 15l4.5-4.5"/><path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"/>',
  ),
  // Leaves the page (LinkedIn's add-to-profile form opens in a new tab).
  external: icon(
    '<path d="M14 4h6v6M20 4l-9 9"/><path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4"/>',
  ),
  // The baked badge: a rosette.
  badge: icon('<circle cx="12" cy="9" r="6"/><path d="m8.5 13.9-1.5 7.1 5-2.5 5 2.5-1.5-7.1"/>'),
  alert: icon(
    '<path d="M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"/><path d="M12 9v4.5M12 17.5h.01"/>',
  ),
  shield: icon(
    '<path d="M12 3 5 6v5.5c0 4.3 3 8 7 9.5 4-1.5 7-5.2 7-9.5V6l-7-3Z"/><path d="m9 12 2 2 4-4"/>',
  ),
} satisfies Record<
  VerdictIcon | SealLine['icon'] | 'upload' | 'download' | 'globe' | 'external' | 'badge',
  string
>;
