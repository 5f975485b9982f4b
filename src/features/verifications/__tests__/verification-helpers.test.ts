import { fileNameFromDisposition, readBlobAsDataUrl } from '../api/save-file';
import { documentFileProblem, documentKind } from '../document-file';
import { formatCalendarDate, formatFileSize, todayIsoDate } from '../format';
import { clampQrPosition, previewPageNumber, qrBox } from '../qr-placement';

const A4 = { widthMm: 210, heightMm: 297 };

describe('QR placement', () => {
  it('puts a corner code 10 mm from both edges', () => {
    const box = qrBox({ pages: 'first', position: 'bottom-right', size_mm: 30 }, A4);
    expect(box.width).toBeCloseTo(30 / 210);
    expect(box.height).toBeCloseTo(30 / 297);
    expect(box.x * 210).toBeCloseTo(210 - 30 - 10);
    expect(box.y * 297).toBeCloseTo(297 - 30 - 10);

    const topLeft = qrBox({ pages: 'first', position: 'top-left', size_mm: 20 }, A4);
    expect(topLeft.x * 210).toBeCloseTo(10);
    expect(topLeft.y * 297).toBeCloseTo(10);
  });

  it('keeps a custom code on the page', () => {
    expect(clampQrPosition(0.95, -0.2, { width: 0.1, height: 0.1 })).toEqual({ x: 0.9, y: 0 });
    const box = qrBox({ pages: 'first', position: 'custom', x: 0.5, y: 0.25, size_mm: 30 }, A4);
    expect(box).toMatchObject({ x: 0.5, y: 0.25 });
  });

  it('previews the page the code goes on', () => {
    expect(previewPageNumber('first', 4)).toBe(1);
    expect(previewPageNumber('every', 4)).toBe(1);
    expect(previewPageNumber('last', 4)).toBe(4);
  });
});

describe('document checks', () => {
  const file = (name: string, type: string, size = 10) => {
    const chosen = new File(['x'], name, { type });
    Object.defineProperty(chosen, 'size', { value: size });
    return chosen;
  };

  it('accepts PDF, PNG and JPEG, by type or, when the browser gives none, by extension', () => {
    expect(documentKind(file('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(documentKind(file('a.jpeg', 'image/jpeg'))).toBe('image');
    expect(documentKind(file('a.PNG', ''))).toBe('image');
    expect(documentKind(file('a.docx', ''))).toBeNull();
    expect(documentKind(file('a.pdf', 'text/plain'))).toBeNull();
  });

  it('names the first problem', () => {
    expect(documentFileProblem(null)).toBe('Choose a document to secure');
    expect(documentFileProblem(file('a.gif', 'image/gif'))).toBe(
      'Only PDF, PNG and JPEG files can be secured',
    );
    expect(documentFileProblem(file('a.pdf', 'application/pdf', 25 * 1024 * 1024 + 1))).toBe(
      'The file is larger than the 25 MB limit',
    );
    expect(documentFileProblem(file('a.pdf', 'application/pdf', 0))).toBe('The file is empty');
    expect(documentFileProblem(file('a.pdf', 'application/pdf', 25 * 1024 * 1024))).toBeNull();
  });
});

describe('formats', () => {
  it('writes calendar dates without a time and sizes in binary units', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('5 March 2026');
    expect(formatCalendarDate(null)).toBe('');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(todayIsoDate(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});

describe('downloads', () => {
  it('reads the file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="diploma.pdf"')).toBe('diploma.pdf');
    expect(fileNameFromDisposition('attachment; filename=qr.png')).toBe('qr.png');
    expect(
      fileNameFromDisposition(
        `attachment; filename="x.pdf"; filename*=UTF-8''Zeugnis%20%C3%BC.pdf`,
      ),
    ).toBe('Zeugnis ü.pdf');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('turns a small blob into a data URL', async () => {
    const blob = { type: 'image/png', arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer };
    expect(await readBlobAsDataUrl(blob as unknown as Blob)).toBe('data:image/png;base64,AQID');
  });
});
