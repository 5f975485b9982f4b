import { fileNameFromDisposition, readBlobAsDataUrl } from '@/lib/api/save-file';
import { DEFAULT_QR_PLACEMENT } from '@common/verifications';

import {
  validateVerificationForm,
  type VerificationFormValues,
} from '../components/verification-form-schema';
import { documentFileProblem, documentKind } from '../document-file';
import { formatCalendarDate, todayIsoDate } from '../format';
import { previewPageNumber, qrBox } from '../qr-preview';

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
    const outside = qrBox(
      { pages: 'first', position: 'custom', x: 0.95, y: -0.2, size_mm: 21 },
      A4,
    );
    expect(outside.x).toBeCloseTo(0.9);
    expect(outside.y).toBe(0);
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

  it('names the first problem, measuring the size against the upload limit', () => {
    const limit = 25 * 1024 * 1024;
    expect(documentFileProblem(null, limit)).toBe('Choose a document to secure');
    expect(documentFileProblem(file('a.gif', 'image/gif'), limit)).toBe(
      'Only PDF, PNG and JPEG files can be secured',
    );
    expect(documentFileProblem(file('a.pdf', 'application/pdf', limit + 1), limit)).toBe(
      'The file is larger than the 25 MB limit',
    );
    expect(documentFileProblem(file('a.pdf', 'application/pdf', 0), limit)).toBe(
      'The file is empty',
    );
    expect(documentFileProblem(file('a.pdf', 'application/pdf', limit), limit)).toBeNull();
    expect(
      documentFileProblem(file('a.pdf', 'application/pdf', 11 * 1024 * 1024), 10 * 1024 * 1024),
    ).toBe('The file is larger than the 10 MB limit');
    // Before the limit is known the server alone checks the size.
    expect(documentFileProblem(file('a.pdf', 'application/pdf', limit + 1), undefined)).toBeNull();
  });
});

describe('formats', () => {
  it('writes calendar dates without a time', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('5 March 2026');
    expect(formatCalendarDate(null)).toBe('');
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

describe('form limits are the server’s', () => {
  const values = (changes: Partial<VerificationFormValues>): VerificationFormValues => ({
    file: null,
    title: 'Diploma',
    holder_name: 'Amara Okafor',
    issue_date: '2026-03-05',
    expiry_date: '',
    custom_fields: [],
    allow_download: false,
    template_id: '',
    qr: { ...DEFAULT_QR_PLACEMENT },
    ...changes,
  });
  const qrError = (size_mm: number, isSealed = false) =>
    (
      validateVerificationForm(values({ qr: { ...DEFAULT_QR_PLACEMENT, size_mm } }), {
        isSealed,
      }) as {
        qr?: { size_mm?: string[] };
      }
    ).qr?.size_mm;
  const valueError = (length: number) =>
    (
      validateVerificationForm(
        values({ custom_fields: [{ key: 'Grade', value: 'x'.repeat(length) }] }),
      ) as { custom_fields?: { value?: string[] }[] }
    ).custom_fields?.[0]?.value;

  it('starts the QR code at 25 mm and allows it up to 100 mm', () => {
    expect(DEFAULT_QR_PLACEMENT.size_mm).toBe(25);
    expect(qrError(100)).toBeUndefined();
    expect(qrError(101)).toEqual(['The QR code must be at most 100 mm']);
    expect(qrError(19)).toEqual(['The QR code must be at least 20 mm']);
  });

  it('wants a sealed QR code of at least 34 mm', () => {
    expect(qrError(34, true)).toBeUndefined();
    expect(qrError(33, true)).toEqual(['A sealed QR code must be at least 34 mm']);
    expect(qrError(101, true)).toEqual(['The QR code must be at most 100 mm']);
  });

  it('takes custom field values up to 1,000 characters', () => {
    expect(valueError(1000)).toBeUndefined();
    expect(valueError(1001)).toEqual(['Value must be at most 1000 characters']);
  });
});
