// Names built to pass for another: Unicode TR39's two checks. A skeleton maps every character to the one it can be
// mistaken for (confusables.txt, through unhomoglyph), so "Нarvard Univеrsity" with two Cyrillic letters and
// "Harvard University" share one; case, spacing and punctuation are folded too, since a reader does not see them
// as a different name. The mixed-script check finds letters of scripts that no language writes together.
import unhomoglyph from 'unhomoglyph';

/** The form two names take when a reader could mistake one for the other (TR39 skeleton, case and spaces folded). */
export function nameSkeleton(name: string): string {
  // Mapped before and after lower-casing: confusables.txt maps capitals and small letters apart ("Н" to "H", "I"
  // to "l"), and a reader takes "HARVARD" for "Harvard". It keeps "i" and "I" apart, which case folding joins, so
  // they meet at "l".
  const once = unhomoglyph(name.normalize('NFKC').normalize('NFD')).toLowerCase();
  return unhomoglyph(once)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/i/g, 'l')
    .replace(/[\p{P}\p{Z}\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim();
}

// UAX #31's scripts in modern use: a letter of any other script in an organisation's name is itself suspect.
const RECOMMENDED_SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number] | 'Other';

const SCRIPT_PATTERNS = RECOMMENDED_SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')] as const,
);

// TR39's "highly restrictive" level: one script, or these sets, which languages write together.
const SCRIPT_SETS_WRITTEN_TOGETHER: ReadonlyArray<ReadonlySet<Script>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(letter: string): Script[] {
  const scripts = SCRIPT_PATTERNS.filter(([, pattern]) => pattern.test(letter)).map(
    ([script]) => script,
  );
  return scripts.length > 0 ? scripts : ['Other'];
}

/**
 * The scripts a name mixes when no language writes them together ("Нarvard" → ['Cyrillic', 'Latin']); null when
 * its letters fit one script or one of TR39's highly restrictive sets. Digits, spaces and punctuation are common
 * to all scripts and do not count; a letter of a script outside modern use always does.
 */
export function mixedScripts(name: string): Script[] | null {
  // Each letter may belong to several scripts (Script_Extensions); the name fits a set that covers one of each.
  const letters = [...new Set(name.normalize('NFKC').match(/\p{L}/gu) ?? [])].filter(
    (letter) => !/[\p{Script=Common}\p{Script=Inherited}]/u.test(letter),
  );
  const letterScripts = letters.map(scriptsOf);
  if (letterScripts.some((scripts) => scripts.includes('Other'))) {
    return [...new Set(letterScripts.flat())].sort();
  }
  const common = RECOMMENDED_SCRIPTS.filter((script) =>
    letterScripts.every((scripts) => scripts.includes(script)),
  );
  if (common.length > 0) return null;
  const fitsOneSet = SCRIPT_SETS_WRITTEN_TOGETHER.some((set) =>
    letterScripts.every((scripts) => scripts.some((script) => set.has(script))),
  );
  if (fitsOneSet) return null;
  return [...new Set(letterScripts.map((scripts) => scripts[0]!))].sort();
}
