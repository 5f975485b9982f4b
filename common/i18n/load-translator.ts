// A translator with only its own language's catalogue, fetched the first time it is asked for: in the browser,
// webpack makes each catalogue a chunk of its own, so the scanner downloads the one its reader needs rather than
// all twelve (the server, which needs them all, imports catalogues.ts).
import { ENGLISH } from './english';
import { createTranslator, type Messages, type Translator } from './translator';

import type { Language } from './languages';

const loaded = new Map<Language, Translator>([['en', ENGLISH]]);
const loading = new Map<Language, Promise<Translator>>();

/** The language's translator if its catalogue is here already (English always is), else null. */
export function loadedTranslator(language: Language): Translator | null {
  return loaded.get(language) ?? null;
}

export function loadTranslator(language: Language): Promise<Translator> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let translator = loading.get(language);
  if (!translator) {
    translator = import(
      /* webpackChunkName: "messages-[request]", webpackExclude: /[\\/]en\.json$/ */
      `./messages/${language}.json`
    ).then(({ default: messages }: { default: Messages }) => {
      const made = createTranslator(language, messages);
      loaded.set(language, made);
      return made;
    });
    // A catalogue that could not be fetched (offline, never cached) is asked for again next time.
    translator.catch(() => loading.delete(language));
    loading.set(language, translator);
  }
  return translator;
}
