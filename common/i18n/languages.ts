// The languages a verifier can read QR Verify's public pages in: their codes, names, writing direction and the
// locale their dates are written in. English is the source of every message's key (messages/en.json).

export const LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'tr',
  'ar',
  'zh-Hans',
  'ja',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export interface LanguageInfo {
  /** The language's name in itself, as the switcher lists it. */
  name: string;
  dir: 'ltr' | 'rtl';
  /**
   * The locale dates are written in: British English keeps "6 December 2026"; Arabic asks for Arabic-Indic digits
   * (bare `ar` now gives Latin ones). The Gregorian calendar is pinned for every language.
   */
  dateLocale: string;
}

export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  en: { name: 'English', dir: 'ltr', dateLocale: 'en-GB' },
  fr: { name: 'Français', dir: 'ltr', dateLocale: 'fr' },
  de: { name: 'Deutsch', dir: 'ltr', dateLocale: 'de' },
  es: { name: 'Español', dir: 'ltr', dateLocale: 'es' },
  it: { name: 'Italiano', dir: 'ltr', dateLocale: 'it' },
  pt: { name: 'Português', dir: 'ltr', dateLocale: 'pt' },
  nl: { name: 'Nederlands', dir: 'ltr', dateLocale: 'nl' },
  pl: { name: 'Polski', dir: 'ltr', dateLocale: 'pl' },
  tr: { name: 'Türkçe', dir: 'ltr', dateLocale: 'tr' },
  ar: { name: 'العربية', dir: 'rtl', dateLocale: 'ar-u-nu-arab' },
  'zh-Hans': { name: '简体中文', dir: 'ltr', dateLocale: 'zh-Hans' },
  ja: { name: '日本語', dir: 'ltr', dateLocale: 'ja' },
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
