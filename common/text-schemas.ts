// The one rule for free text in every resource's schemas: trimmed, within a length, free of control characters
// (Postgres text cannot hold NUL, and one-line values need none at all) and of invisible formatting, which is dropped.
import { z } from 'zod';

export const CONTROL_CHARACTERS = /\p{Cc}/u;
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/u;

// Half of a UTF-16 pair without its other half: not Unicode, so neither UTF-8 nor Postgres can hold it.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, 'g');

export const UNSTORABLE_TEXT_MESSAGES = {
  nul: 'Must not contain a NUL character (U+0000).',
  surrogate: 'Must be valid Unicode text: it has an unpaired surrogate.',
} as const;

/** Why a request's string can never be stored (the server refuses these in every part of every request). */
export function unstorableTextProblem(value: string): string | undefined {
  if (value.includes('\0')) return UNSTORABLE_TEXT_MESSAGES.nul;
  if (UNPAIRED_SURROGATE.test(value)) return UNSTORABLE_TEXT_MESSAGES.surrogate;
  return undefined;
}

/** For values cleaned rather than refused (attribution decoded from a cookie): drops what cannot be stored. */
export function withoutUnpairedSurrogates(value: string): string {
  return value.replace(UNPAIRED_SURROGATES, '');
}

// Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F) reorder what is shown ('x\u202egnp.exe'
// reads as 'xexe.png'); zero-width characters (U+200B–U+200D, U+2060, U+FEFF) make two names look the same.
const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
// Persian needs the zero-width non-joiner inside words, and emoji sequences the joiner: those two stay between
// two letters or emoji of a script other than Latin, where they cannot disguise one ASCII name as another.
const JOINERS = new Set(['\u200C', '\u200D']);
const JOINABLE_BEFORE = /[\p{L}\p{M}\p{Extended_Pictographic}\uFE0F]$/u;
const JOINABLE_AFTER = /^[\p{L}\p{M}\p{Extended_Pictographic}]/u;
const LATIN_BEFORE = /\p{Script=Latin}$/u;
const LATIN_AFTER = /^\p{Script=Latin}/u;

function isJoining(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 2), offset);
  const after = text.slice(offset + 1, offset + 3);
  return (
    JOINABLE_BEFORE.test(before) &&
    JOINABLE_AFTER.test(after) &&
    !LATIN_BEFORE.test(before) &&
    !LATIN_AFTER.test(after)
  );
}

/** Text without the characters that change how it is shown while staying invisible; right-to-left letters stay. */
export function withoutInvisibleFormatting(value: string): string {
  return value.replace(INVISIBLE_FORMATTING, (character, offset: number, text: string) =>
    JOINERS.has(character) && isJoining(text, offset) ? character : '',
  );
}

export interface TextFieldOptions {
  /** Line breaks and tabs allowed. */
  multiline?: boolean;
  /** The message for an empty value, or false when empty is fine. */
  blankMessage?: string | false;
  /** Whether null reads as a missing value ('This field is required.') rather than as a wrong type. */
  isNullMissing?: boolean;
}

export function textField(
  maxLength: number,
  {
    multiline = false,
    blankMessage = 'This field may not be blank.',
    isNullMissing = true,
  }: TextFieldOptions = {},
) {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS;
  const trimmed = z
    .string({
      error: (issue) =>
        issue.input === undefined || (isNullMissing && issue.input === null)
          ? 'This field is required.'
          : 'Must be text.',
    })
    .overwrite(withoutInvisibleFormatting)
    .trim();
  return (blankMessage === false ? trimmed : trimmed.min(1, blankMessage))
    .max(maxLength, `Must be at most ${maxLength} characters.`)
    .refine((value) => !forbidden.test(value), 'Must not contain control characters.');
}
