import { formatFileSize } from '../format-file-size';

describe('formatFileSize', () => {
  it('writes sizes in binary units, with one decimal only below 10 of a unit', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('drops a trailing .0: a 1 GiB limit reads "1 GB", not "1.0 GB"', () => {
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 MB');
  });
});
