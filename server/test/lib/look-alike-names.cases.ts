// Unicode TR39's checks on issuer names: look-alikes share a skeleton, and letters of scripts no language writes
// together are found.
import { mixedScripts, nameSkeleton } from '../../src/lib/look-alike-names';

test.each([
  ['Нarvard Univеrsity', 'Cyrillic H and e'],
  ['Ηarvard University', 'a Greek capital eta'],
  ['HARVARD  UNIVERSITY.', 'capitals, spacing and a full stop'],
  ['ℌarvard University', 'a mathematical letter'],
  ['Ｈａｒｖａｒｄ University', 'full-width letters'],
  ['Harvard Unıversity', 'a dotless i'],
  ['Harvard Universíty', 'an accent'],
  ['Harvard\u200b University', 'a zero-width space'],
])('%j reads as "Harvard University" (%s)', (name) => {
  expect(nameSkeleton(name)).toBe(nameSkeleton('Harvard University'));
});

test.each([
  ['PayPaI', 'PayPal'],
  ['rnicrosoft', 'Microsoft'],
  ['G00gle', 'Google'],
])('%j reads as %j', (lookAlike, name) => {
  expect(nameSkeleton(lookAlike)).toBe(nameSkeleton(name));
});

test.each([
  ['Harvard University', 'Yale University'],
  ['Alpha University', 'Alpha College'],
  ['University of Bath', 'University of Bath Spa'],
])('%j and %j are different names', (one, other) => {
  expect(nameSkeleton(one)).not.toBe(nameSkeleton(other));
});

test.each([
  ['Нarvard Univеrsity', ['Cyrillic', 'Latin']],
  ['Ηarvard University', ['Greek', 'Latin']],
  ['Αlpha Университет', ['Cyrillic', 'Greek', 'Latin']],
  // A letter of a script outside modern use is suspect whatever it joins.
  ['Harvard \u{10300}', ['Latin', 'Other']],
])('%j mixes %j', (name, scripts) => {
  expect(mixedScripts(name)).toEqual(scripts);
});

test.each([
  'Harvard University',
  'Université de Genève',
  'Московский государственный университет',
  'Πανεπιστήμιο Αθηνών',
  '東京大学',
  // Japanese writes Han, Hiragana, Katakana and Latin together; Korean Hangul and Han; Chinese Han and Bopomofo.
  'Tokyo 大学 カレッジ の',
  '서울대학교 (Seoul 大學校)',
  'St. Mary’s College — 2nd campus, №3',
])('%j is written in one script, or in scripts a language writes together', (name) => {
  expect(mixedScripts(name)).toBeNull();
});
