import { textField, withoutInvisibleFormatting } from '../text-schemas';

describe('withoutInvisibleFormatting', () => {
  test.each([
    ['a right-to-left override in a file name', 'x\u202egnp.exe', 'xgnp.exe'],
    [
      'embeddings, isolates and marks',
      '\u202aa\u202bb\u202cc\u202dd\u2066e\u2067f\u2068g\u2069h\u200ei\u200f',
      'abcdefghi',
    ],
    ['zero-width space, word joiner and byte-order mark', '\ufeffad\u200bm\u2060in', 'admin'],
    ['joiners between Latin letters', 'a\u200cd\u200dmin', 'admin'],
    ['a joiner at either end', '\u200dشهادة\u200c', 'شهادة'],
  ])('drops %s', (_, input, expected) => {
    expect(withoutInvisibleFormatting(input)).toBe(expected);
  });

  test.each([
    ['Arabic', 'شهادة تخرج'],
    ['Hebrew', 'תעודת הוקרה'],
    ['Persian with its zero-width non-joiner', 'می\u200cخواهم'],
    ['an emoji sequence', '👩\u200d💻'],
    ['mixed directions', 'Diploma — شهادة 2025'],
  ])('keeps %s', (_, text) => {
    expect(withoutInvisibleFormatting(text)).toBe(text);
  });
});

test('textField drops invisible formatting before its blank and length checks', () => {
  const field = textField(5);

  expect(field.parse(' ab\u202ecd\u200b ')).toBe('abcd');
  expect(field.safeParse('\u200b\u202e').error?.issues[0].message).toBe(
    'This field may not be blank.',
  );
  expect(field.parse('abcde\u200b')).toBe('abcde');
});
