import { attachment } from '../../src/lib/content-disposition';
import { cleanFileName } from '../../src/lib/file-name';

describe('cleanFileName', () => {
  test.each([
    ['C:\\fakepath\\x\u202egnp.exe', 'xgnp.exe'],
    ['\ufeffreport\u200b.pdf', 'report.pdf'],
    ['شهادة.pdf', 'شهادة.pdf'],
    ['\u202e\u200b', 'document'],
  ])('%j becomes %j', (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  test('a cut at the length limit never leaves half an emoji', () => {
    expect(cleanFileName(`${'a'.repeat(254)}😀`)).toBe('a'.repeat(254));
  });
});

test('a download named before file names were cleaned is served without the override', () => {
  expect(attachment('x\u202egnp.exe')).toBe(
    `attachment; filename="xgnp.exe"; filename*=UTF-8''xgnp.exe`,
  );
});
