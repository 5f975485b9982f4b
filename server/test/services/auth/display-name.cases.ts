import { displayName } from '../../../src/services/auth/display-name';

test('a provider’s name is cleaned like a typed one', () => {
  expect(displayName('ada@example.com', 'Ada\u202e\u0000', 'כהן\u200b')).toEqual({
    firstName: 'Ada',
    lastName: 'כהן',
  });
});

test('a name of invisible characters only falls back to the email’s local part', () => {
  expect(displayName('ada@example.com', '\u202e\u200b', undefined, '\ufeff')).toEqual({
    firstName: 'ada',
    lastName: '',
  });
});

test('a cut at the length limit never leaves half an emoji', () => {
  expect(displayName('ada@example.com', `${'a'.repeat(149)}😀`).firstName).toBe('a'.repeat(149));
});
