import { memoizeByText } from '../memoize-by-text';

test('works a text out once, null answers included', () => {
  const compute = jest.fn((text: string) => (text === 'none' ? null : text.length));
  const memoized = memoizeByText(compute);

  expect([memoized('en-GB'), memoized('en-GB'), memoized('none'), memoized('none')]).toEqual([
    5,
    5,
    null,
    null,
  ]);
  expect(compute.mock.calls).toEqual([['en-GB'], ['none']]);
});

test('keeps at most maxEntries texts, and none longer than 512 characters', () => {
  const compute = jest.fn((text: string) => text.length);
  const memoized = memoizeByText(compute, 2);
  const long = 'x'.repeat(513);

  memoized('a');
  memoized('b');
  memoized('c'); // the memory starts over
  memoized('a');
  memoized(long);
  memoized(long);

  expect(compute.mock.calls.map(([text]) => text.length)).toEqual([1, 1, 1, 1, 513, 513]);
});
