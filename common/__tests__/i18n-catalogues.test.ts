// Every language's catalogue against English's: the same keys, each message valid ICU MessageFormat with the same
// placeholders and tags, nothing that would turn into markup or quote a placeholder, and nothing left untranslated.
import { IntlMessageFormat } from 'intl-messageformat';

import { CATALOGUES } from '../i18n/catalogues';
import { LANGUAGE_INFO, LANGUAGES } from '../i18n/languages';

import type { MessageKey } from '../i18n/translator';

const english = CATALOGUES.en;
const translated = LANGUAGES.filter((language) => language !== 'en');

// The parser's element types (@formatjs/icu-messageformat-parser's TYPE).
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

interface Element {
  type: number;
  value: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

function parse(message: string, locale: string): Element[] {
  return new IntlMessageFormat(message, locale).getAst() as unknown as Element[];
}

/** Each placeholder and tag with its kind (`name:type`), and each literal, through selects and tags. */
function walk(elements: Element[], found = { names: new Set<string>(), literals: [] as string[] }) {
  for (const element of elements) {
    if (element.type === LITERAL) found.literals.push(element.value);
    else found.names.add(`${element.value}:${element.type}`);
    if (element.type === SELECT || element.type === PLURAL) {
      for (const option of Object.values(element.options ?? {})) walk(option.value, found);
    }
    if (element.type === TAG) walk(element.children ?? [], found);
  }
  return found;
}

const namesOf = (message: string, locale: string) => [...walk(parse(message, locale)).names].sort();

// The same in every language: punctuation around values, and the brand.
const LANGUAGE_NEUTRAL = new Set<MessageKey>([
  'pageTitle.document',
  'pageTitle.plain',
  'issuer.withNote',
  'facts.separator',
  'status.reason',
]);

describe.each(translated)('the %s catalogue', (language) => {
  const catalogue = CATALOGUES[language];
  const { dateLocale } = LANGUAGE_INFO[language];

  test('has exactly the English keys', () => {
    const keys = Object.keys(catalogue).sort();
    const englishKeys = Object.keys(english).sort();
    expect({
      missing: englishKeys.filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !englishKeys.includes(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  test.each(Object.keys(english) as MessageKey[])(
    '%s parses, with the English placeholders and tags',
    (key) => {
      const message = catalogue[key];
      expect(typeof message).toBe('string');
      expect(namesOf(message, dateLocale)).toEqual(namesOf(english[key], 'en'));
      const { literals } = walk(parse(message, dateLocale));
      // Values are escaped and tags mapped by htmlMessage; the words themselves must never be markup.
      expect(literals.join('')).not.toMatch(/[<>&]/);
      // An ASCII apostrophe before a brace quotes it: the placeholder would print as text.
      expect(message).not.toMatch(/'[{}]/);
      // A few words are the same in some languages: a file's types, "code", the scanner's name (le scanner).
      if (
        !LANGUAGE_NEUTRAL.has(key) &&
        !/^facts\.code$|^check\.fileTypes$|^scanner\.title$/.test(key)
      ) {
        expect(message).not.toBe(english[key]);
      }
    },
  );

  test('every plural has each category the language needs (Arabic six, Polish four)', () => {
    const needed = new Intl.PluralRules(dateLocale).resolvedOptions().pluralCategories;
    const plurals = (elements: Element[]): Element[] =>
      elements.flatMap((element) => [
        ...(element.type === PLURAL ? [element] : []),
        ...Object.values(element.options ?? {}).flatMap((option) => plurals(option.value)),
        ...plurals(element.children ?? []),
      ]);
    for (const message of Object.values(catalogue)) {
      for (const plural of plurals(parse(message, dateLocale))) {
        expect(Object.keys(plural.options ?? {})).toEqual(expect.arrayContaining(needed));
      }
    }
  });

  test('every select has the `other` case ICU requires', () => {
    for (const message of Object.values(catalogue)) {
      const selects = parse(message, dateLocale).filter((element) => element.type === SELECT);
      for (const select of selects) expect(Object.keys(select.options ?? {})).toContain('other');
    }
  });
});

test('English messages are valid ICU too', () => {
  for (const message of Object.values(english)) expect(() => parse(message, 'en')).not.toThrow();
});
