// Says a message of a catalogue in its language: ICU MessageFormat (intl-messageformat) for the words, Intl for
// the dates. A catalogue's messages are parsed on first use and kept with its translator.
import { IntlMessageFormat } from 'intl-messageformat';

import { LANGUAGE_INFO, type Language } from './languages';

import type english from './messages/en.json';

/** A catalogue: every key of the English one (messages/en.json), in one language. */
export type Messages = Record<MessageKey, string>;
export type MessageKey = keyof typeof english;

/** A message parsed ahead of time (parseMessages), which formats without the ICU parser. */
export type ParsedMessage = ReturnType<IntlMessageFormat['getAst']>;
/** Some of a catalogue's messages, parsed: what the public page's seal check is sent (page-assets.ts). */
export type ParsedMessages = Partial<Record<MessageKey, ParsedMessage>>;

/** A placeholder's value, or, for a tag such as <b>, what its words become. */
export type MessageValue = string | number | ((chunks: string[]) => string);

/** The same for a renderer whose values and tags are not strings (the scanner's React elements). */
export type MessagePartValue<Part> =
  string | number | Part | ((chunks: Array<string | Part>) => Part);

export interface Translator {
  language: Language;
  t(key: MessageKey, values?: Record<string, MessageValue>): string;
  /** The message as its pieces, in order, where a value or a tag is not plain text (a React element). */
  parts<Part>(
    key: MessageKey,
    values: Record<string, MessagePartValue<Part>>,
  ): Array<string | Part>;
  /**
   * Someone else's words (a name, a title) kept in their own direction inside a right-to-left sentence, with
   * Unicode isolates, which plain-text places (a title, the scanner) have where markup has <bdi>.
   */
  isolate(text: string): string;
  /** A YYYY-MM-DD date (or the date of an ISO timestamp) in words, in UTC; anything else as it is. */
  date(isoDate: string): string;
}

/**
 * The messages parsed, so that a browser script can format them without bundling the ICU parser (a third of the
 * public page's seal check).
 */
export function parseMessages(language: Language, messages: Partial<Messages>): ParsedMessages {
  const { dateLocale } = LANGUAGE_INFO[language];
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [
      key,
      new IntlMessageFormat(message, dateLocale).getAst(),
    ]),
  );
}

/** A translator of a catalogue, or of parsed messages (which must hold every key it is asked for). */
export function createTranslator(
  language: Language,
  messages: Messages | ParsedMessages,
): Translator {
  const { dateLocale, dir } = LANGUAGE_INFO[language];
  const formats = new Map<MessageKey, IntlMessageFormat>();
  const dates = new Intl.DateTimeFormat(dateLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    calendar: 'gregory',
  });
  const formatOf = (key: MessageKey) => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key]!, dateLocale);
      formats.set(key, format);
    }
    return format;
  };
  return {
    language,
    t(key, values) {
      const result = formatOf(key).format<string>(values);
      return Array.isArray(result) ? result.join('') : String(result);
    },
    parts<Part>(key: MessageKey, values: Record<string, MessagePartValue<Part>>) {
      const result = formatOf(key).format<Part>(values);
      return Array.isArray(result) ? result : [result];
    },
    isolate(text) {
      return dir === 'rtl' ? `\u2068${text}\u2069` : text;
    },
    date(isoDate) {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
      if (!match) return isoDate;
      const [, year, month, day] = match;
      return dates.format(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    },
  };
}
