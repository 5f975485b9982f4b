// The scanner speaks the verifier's language, chosen as the public page chooses it where that applies in a browser
// (common/i18n/negotiate-language.ts): ?lang=, then the page's language cookie, then the browser's languages, then
// English. Only the chosen language's catalogue is downloaded (common/i18n/load-translator.ts).
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { readCookie, writeCookie } from '@/lib/cookies';
import { ENGLISH } from '@common/i18n/english';
import type { Language } from '@common/i18n/languages';
import { loadedTranslator, loadTranslator } from '@common/i18n/load-translator';
import { LANGUAGE_COOKIE, languageOf, negotiateLanguage } from '@common/i18n/negotiate-language';
import type { Translator } from '@common/i18n/translator';

/** As the page's cookie: a year. */
const COOKIE_LIFETIME_DAYS = 365;

/** The scanner's translator; English where nothing provides one (a part rendered on its own in a test). */
export const ScannerTranslator = createContext<Translator>(ENGLISH);

export function useScannerTranslator(): Translator {
  return useContext(ScannerTranslator);
}

/** The browser's languages, most wanted first, read as the Accept-Language header the page negotiates with. */
function browserLanguages(): string {
  return (navigator.languages ?? [navigator.language]).join(', ');
}

export interface ScannerLanguage {
  language: Language;
  /** The switcher's choice: asked for in the address, which remembers it as the page's ?lang= does. */
  choose: (language: Language) => void;
}

export function useScannerLanguage(): ScannerLanguage {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = languageOf(searchParams.get('lang'));
  const language = negotiateLanguage({
    query: asked,
    cookie: readCookie(LANGUAGE_COOKIE),
    acceptLanguage: browserLanguages(),
  });

  // A language asked for in the address is remembered, as the page's ?lang= is: the page and the scanner then
  // speak it without being asked again.
  useEffect(() => {
    if (asked && asked !== readCookie(LANGUAGE_COOKIE)) {
      writeCookie(LANGUAGE_COOKIE, asked, COOKIE_LIFETIME_DAYS);
    }
  }, [asked]);

  const choose = useCallback(
    (next: Language) =>
      setSearchParams(
        (params) => {
          params.set('lang', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { language, choose };
}

/**
 * The language's translator, or null until its catalogue has first arrived. While another language's loads, the
 * one shown stays; a catalogue that cannot be fetched (offline, never cached) leaves the scanner in English.
 */
export function useLoadedTranslator(language: Language): Translator | null {
  const [translator, setTranslator] = useState(() => loadedTranslator(language));
  useEffect(() => {
    let isCurrent = true;
    loadTranslator(language).then(
      (loaded) => isCurrent && setTranslator(loaded),
      () => isCurrent && setTranslator((shown) => shown ?? ENGLISH),
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return loadedTranslator(language) ?? translator;
}
