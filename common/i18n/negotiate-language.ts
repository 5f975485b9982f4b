// Which language a verifier reads a public page in: the one asked for in the address (?lang=), else the one the
// page's switcher remembered (a cookie), else the browser's (Accept-Language, by q-value, a regional or script
// variant falling back to its language: pt-BR → pt, zh-CN → zh-Hans), else the template's default, else English.
import { memoizeByText } from '../memoize-by-text';

import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

/** The switcher's cookie, on the whole host so that the scanner (/scan) reads it too. */
export const LANGUAGE_COOKIE = 'qrverify-lang';

export interface LanguageAsked {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  templateDefault?: string | null;
}

interface Match {
  language: Language;
  /** Traditional Chinese read as Simplified: taken only when nothing later in the list matches. */
  isApproximate: boolean;
}

/** The language of ours a BCP 47 tag means, if any. */
function matchTag(tag: string): Match | null {
  const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return { language: exact, isApproximate: false };
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return null;
  }
  if (locale.language === 'zh') {
    return { language: 'zh-Hans', isApproximate: locale.maximize().script !== 'Hans' };
  }
  return isLanguage(locale.language) ? { language: locale.language, isApproximate: false } : null;
}

/** A tag of ours asked for by name (the address, the cookie): approximate matches count too. */
export function languageOf(tag: string | null | undefined): Language | null {
  return tag ? (matchTag(tag.trim())?.language ?? null) : null;
}

/** The Accept-Language header's tags, most wanted first (equal q-values keep their order); q=0 and * dropped. */
export function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

// Each view of a public page asks; a browser's header reads the same every time (Intl.Locale is not cheap).
const browserLanguage = memoizeByText((header: string): Language | null => {
  let approximate: Language | null = null;
  for (const tag of acceptedTags(header)) {
    const match = matchTag(tag);
    if (match && !match.isApproximate) return match.language;
    approximate ??= match?.language ?? null;
  }
  return approximate;
});

export function negotiateLanguage(asked: LanguageAsked): Language {
  return (
    languageOf(asked.query) ??
    languageOf(asked.cookie) ??
    (asked.acceptLanguage ? browserLanguage(asked.acceptLanguage) : null) ??
    languageOf(asked.templateDefault) ??
    DEFAULT_LANGUAGE
  );
}
