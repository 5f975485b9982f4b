// The Help section's questions, from the content file content/faq/faq.json (bundled at build time), with the QR
// sizes the app enforces written in, and the search that filters them as the user types.
import type { StaticRouteName } from '@/config/routes';
import {
  QR_DEFAULT_SIZE_MM,
  QR_MAX_SIZE_MM,
  QR_MIN_SIZE_MM,
  SEALED_QR_MIN_MODULE_MM,
  SEALED_QR_MIN_SIZE_MM,
} from '@common/verifications';

import entries from '../../../content/faq/faq.json';

export type FaqLink = { label: string } & ({ route: StaticRouteName } | { href: string });

export interface FaqEntry {
  id: string;
  question: string;
  answer: string[];
  links?: FaqLink[];
}

const PLACEHOLDERS: Record<string, number> = {
  qr_min_mm: QR_MIN_SIZE_MM,
  qr_default_mm: QR_DEFAULT_SIZE_MM,
  qr_max_mm: QR_MAX_SIZE_MM,
  qr_min_sealed_mm: SEALED_QR_MIN_SIZE_MM,
  sealed_module_mm: SEALED_QR_MIN_MODULE_MM,
};

function fillIn(text: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in PLACEHOLDERS ? String(PLACEHOLDERS[name]) : whole,
  );
}

export const FAQ: readonly FaqEntry[] = (entries as FaqEntry[]).map((entry) => ({
  ...entry,
  answer: entry.answer.map(fillIn),
}));

/** Folded for matching: case and accents ignored ('resume' finds 'résumé'). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The entries whose question or answer holds every word of the query, in their order; all for a blank query. */
export function searchFaq(query: string, faq: readonly FaqEntry[] = FAQ): readonly FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return faq;
  return faq.filter((entry) => {
    const text = fold([entry.question, ...entry.answer].join(' '));
    return words.every((word) => text.includes(word));
  });
}
