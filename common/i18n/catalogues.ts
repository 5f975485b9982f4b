// Every language's catalogue, imported once (the server, the template editor's preview); each translator is made
// on first use and kept. The browser's seal check gets only its page's catalogue (server/src/pages/page-assets.ts).
import { ENGLISH } from './english';
import ar from './messages/ar.json';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it from './messages/it.json';
import ja from './messages/ja.json';
import nl from './messages/nl.json';
import pl from './messages/pl.json';
import pt from './messages/pt.json';
import tr from './messages/tr.json';
import zhHans from './messages/zh-Hans.json';
import { createTranslator, type Messages, type Translator } from './translator';

import type { Language } from './languages';

export const CATALOGUES: Record<Language, Messages> = {
  en,
  fr,
  de,
  es,
  it,
  pt,
  nl,
  pl,
  tr,
  ar,
  'zh-Hans': zhHans,
  ja,
};

const translators = new Map<Language, Translator>([['en', ENGLISH]]);

export function translatorFor(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language, CATALOGUES[language]);
    translators.set(language, translator);
  }
  return translator;
}
