import { createHash } from 'node:crypto';

import { PDFDocument } from 'pdf-lib';

import type { QrPlacement } from '@common/verifications';

import { secureDocument } from '../../src/documents/secure-document';
import { AppError } from '../../src/lib/app-error';
import { verificationUrl } from '../../src/services/verifications/public-code';
import { renderPdfPages, type RenderedPage } from '../helpers/pdf-pages';
import {
  BLUE,
  isNear,
  makeEncryptedPdf,
  makeJpeg,
  makeJpegDeclaring,
  makeObjectStreamBomb,
  makePdf,
  makePng,
  makePngHidingItsHeader,
  RED,
} from '../helpers/test-documents';

import type { DocumentLimits } from '../../src/documents/check-document';

const CODE = 'abcdefghijkmnpqr';
const URL = verificationUrl('https://verify.example.com', CODE);
const MEBIBYTE = 1024 * 1024;
// The settings' defaults.
const LIMITS: DocumentLimits = {
  maxBytes: 25 * MEBIBYTE,
  maxPages: 5_000,
  maxObjects: 200_000,
  maxInflatedBytes: 64 * MEBIBYTE,
};
const MM = 72 / 25.4;

function secure(
  bytes: Buffer,
  placement: Partial<QrPlacement> = {},
  limits: Partial<DocumentLimits> = {},
) {
  return secureDocument({
    bytes,
    code: CODE,
    url: URL,
    placement: { pages: 'first', position: 'bottom-right', size_mm: 25, ...placement },
    limits: { ...LIMITS, ...limits },
    seal: null,
    signer: null,
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The decoded QR codes of a document's pages, null for a page without one. */
function codesOn(pages: RenderedPage[]): Array<string | null> {
  return pages.map((page) => page.qr?.data ?? null);
}

describe('the stamped QR code', () => {
  test('decodes to exactly PUBLIC_URL/v/{code}, in the bottom-right corner by default', async () => {
    const original = await makePdf();
    const secured = await secure(original);

    const [[page]] = await renderPdfPages([{ pdf: secured.pdf }]);
    expect(page.qr?.data).toBe('https://verify.example.com/v/abcdefghijkmnpqr');
    expect(page.qr!.left).toBeGreaterThan(0.5);
    expect(page.qr!.top).toBeGreaterThan(0.5);

    expect(secured.contentType).toBe('application/pdf');
    expect(secured.pageCount).toBe(1);
    expect(secured.originalSha256).toBe(sha256(original));
    expect(secured.securedSha256).toBe(sha256(secured.pdf));
    expect(secured.securedSha256).not.toBe(secured.originalSha256);
  });

  test('goes on the first, the last or every page as chosen, and the pages stay as they were', async () => {
    const original = await makePdf([{}, {}, {}]);
    const [first, last, every] = await Promise.all([
      secure(original, { pages: 'first' }),
      secure(original, { pages: 'last' }),
      secure(original, { pages: 'every' }),
    ]);

    const rendered = await renderPdfPages([first, last, every].map(({ pdf }) => ({ pdf })));
    expect(codesOn(rendered[0])).toEqual([URL, null, null]);
    expect(codesOn(rendered[1])).toEqual([null, null, URL]);
    expect(codesOn(rendered[2])).toEqual([URL, URL, URL]);
    expect([first, last, every].map((secured) => secured.stampedPages)).toEqual([
      [0],
      [2],
      [0, 1, 2],
    ]);
    expect((await PDFDocument.load(every.pdf)).getPageCount()).toBe(3);
  });

  test('puts the code itself 10 mm from the edges of the chosen corner, at the chosen size', async () => {
    const original = await makePdf();
    const corners = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
    const secured = await Promise.all(
      corners.map((position) => secure(original, { position, size_mm: 30 })),
    );

    const pages = (await renderPdfPages(secured.map(({ pdf }) => ({ pdf })))).map(([page]) => page);
    pages.forEach((page, index) => {
      const qr = page.qr!;
      expect(qr.data).toBe(URL);
      const mm = {
        width: ((qr.right - qr.left) * page.width) / MM,
        left: (qr.left * page.width) / MM,
        right: ((1 - qr.right) * page.width) / MM,
        top: (qr.top * page.height) / MM,
        bottom: ((1 - qr.bottom) * page.height) / MM,
      };
      expect(mm.width).toBeCloseTo(30, 0);
      const [vertical, horizontal] = corners[index].split('-') as [
        'top' | 'bottom',
        'left' | 'right',
      ];
      expect(mm[horizontal]).toBeCloseTo(10, 0);
      if (vertical === 'top') expect(mm.top).toBeCloseTo(10, 0);
      // Below the code come its quiet zone and caption; the stamp keeps 5 mm clear of the edge for
      // printers, which lifts a bottom-corner code a few millimetres.
      if (vertical === 'bottom') expect(mm.bottom).toBeGreaterThanOrEqual(10);
      if (vertical === 'bottom') expect(mm.bottom).toBeLessThan(18);
    });
  });

  test("a custom position is the code's top-left corner, pulled in to keep the stamp on the page", async () => {
    const original = await makePdf();
    const [middle, offEdge] = await Promise.all([
      secure(original, { position: 'custom', x: 0.5, y: 0.25 }),
      secure(original, { position: 'custom', x: 1, y: 1 }),
    ]);

    const [[middlePage], [edgePage]] = await renderPdfPages([
      { pdf: middle.pdf },
      { pdf: offEdge.pdf },
    ]);
    expect(middlePage.qr!.left).toBeCloseTo(0.5, 2);
    expect(middlePage.qr!.top).toBeCloseTo(0.25, 2);
    expect(edgePage.qr?.data).toBe(URL);
    expect(edgePage.qr!.right).toBeLessThan(1);
    expect(edgePage.qr!.bottom).toBeLessThan(1);
  });

  test('is upright in the chosen corner of rotated pages and pages with a shifted crop box', async () => {
    const original = await makePdf([
      { rotate: 90 },
      { rotate: 180 },
      { rotate: 270 },
      { cropBox: [100, 150, 300, 400] },
    ]);
    const secured = await secure(original, { pages: 'every', position: 'top-left' });

    const [pages] = await renderPdfPages([{ pdf: secured.pdf }]);
    expect(codesOn(pages)).toEqual([URL, URL, URL, URL]);
    expect(pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([
      [842, 595],
      [595, 842],
      [842, 595],
      [300, 400],
    ]);
    for (const page of pages) {
      expect((page.qr!.left * page.width) / MM).toBeCloseTo(10, 0);
      expect((page.qr!.top * page.height) / MM).toBeCloseTo(10, 0);
    }
  });

  test('a page too small for the code is refused rather than printed smaller', async () => {
    const original = await makePdf([{ size: [60, 60] }]);

    const error = await rejection(secure(original, { size_mm: 25 }));
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual({
      qr: ['The page is too small for a 25 mm QR code; choose a smaller size'],
    });
  });
});

describe('images', () => {
  test('a wide PNG becomes a one-page landscape A4 PDF with the image and the code on it', async () => {
    const secured = await secure(makePng(800, 600));

    expect(secured.contentType).toBe('image/png');
    expect(secured.pageCount).toBe(1);
    const [[page]] = await renderPdfPages([
      {
        pdf: secured.pdf,
        samples: [
          [0.5, 0.2],
          [0.5, 0.8],
        ],
      },
    ]);
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([842, 595]);
    expect(page.qr?.data).toBe(URL);
    expect(isNear(page.colours[0], RED)).toBe(true);
    expect(isNear(page.colours[1], BLUE)).toBe(true);
  });

  test('a tall JPEG becomes a portrait page, and a phone photo is turned upright by its EXIF orientation', async () => {
    // Stored sideways (top half red is on the left once turned), tagged "turn a quarter clockwise" (6), and
    // stored upside down (3).
    const [plain, sideways, upsideDown] = await Promise.all([
      secure(makeJpeg(600, 800)),
      secure(makeJpeg(800, 600, { orientation: 6 })),
      secure(makeJpeg(600, 800, { orientation: 3 })),
    ]);

    const samples: Array<[number, number]> = [
      [0.5, 0.15],
      [0.5, 0.85],
      [0.15, 0.5],
      [0.85, 0.5],
    ];
    const [[plainPage], [sidewaysPage], [upsideDownPage]] = await renderPdfPages(
      [plain, sideways, upsideDown].map(({ pdf }) => ({ pdf, samples })),
    );
    expect(plain.contentType).toBe('image/jpeg');
    expect([Math.round(plainPage.width), Math.round(plainPage.height)]).toEqual([595, 842]);
    expect(isNear(plainPage.colours[0], RED)).toBe(true);
    expect(isNear(plainPage.colours[1], BLUE)).toBe(true);

    // 800x600 stored, turned a quarter clockwise: 600x800 shown, the stored top (red) now on the right.
    expect([Math.round(sidewaysPage.width), Math.round(sidewaysPage.height)]).toEqual([595, 842]);
    expect(isNear(sidewaysPage.colours[2], BLUE)).toBe(true);
    expect(isNear(sidewaysPage.colours[3], RED)).toBe(true);

    expect(isNear(upsideDownPage.colours[0], BLUE)).toBe(true);
    expect(isNear(upsideDownPage.colours[1], RED)).toBe(true);
    for (const page of [plainPage, sidewaysPage, upsideDownPage]) expect(page.qr?.data).toBe(URL);
  });

  test('a damaged image is refused with a clear message', async () => {
    const png = makePng(200, 200);
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);

    const error = await rejection(secure(damaged));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The file is not a valid PNG image');
  });

  test('a PNG declaring an enormous image is refused before it is decoded', async () => {
    const png = Buffer.from(makePng(10, 10));
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);

    const error = await rejection(secure(png));
    expect(error.statusCode).toBe(413);
    expect(error.code).toBe('image_too_large');
  });

  test('a PNG hiding an enormous header behind another chunk is refused before it is decoded', async () => {
    const error = await rejection(secure(makePngHidingItsHeader(20_000, 20_000)));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('invalid_image');
  });

  test('a tiny JPEG declaring 65500 × 65500 pixels is refused, not stamped', async () => {
    const error = await rejection(secure(makeJpegDeclaring(65_500, 65_500)));
    expect(error.statusCode).toBe(413);
    expect(error.code).toBe('image_too_large');
  });
});

describe('uploads that cannot be secured', () => {
  test.each([
    ['not a PDF after its header', () => Buffer.from('%PDF-1.7\nthis is not a pdf at all')],
    ['cut short', async () => (await makePdf([{}, {}])).subarray(0, 400)],
    ['just a header', () => Buffer.from('%PDF-')],
  ])('a PDF %s: 400 The file is not a valid PDF', async (_case, make) => {
    // pdf-lib reports what it skips on the console while it tries to recover a damaged file.
    const log = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const error = await rejection(secure(await make()));
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('invalid_pdf');
      expect(error.message).toBe('The file is not a valid PDF');
      expect(error.details).toEqual({ file: ['The file is not a valid PDF'] });
    } finally {
      log.mockRestore();
    }
  });

  test('a password-protected PDF: 400 asking for an unprotected copy', async () => {
    const error = await rejection(secure(await makeEncryptedPdf()));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('encrypted_pdf');
    expect(error.message).toBe('The PDF is password-protected; upload an unprotected copy');
  });

  test.each([
    ['plain text', Buffer.from('Just some text, named certificate.pdf')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a Word document (a ZIP)', Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('%s: 415, whatever its name says', async (_case, bytes) => {
    const error = await rejection(secure(bytes));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe('Only PDF, PNG and JPEG files can be secured');
  });

  test('a file over the size limit: 413 naming the limit, before it is parsed', async () => {
    const pdf = await makePdf();

    const error = await rejection(secure(pdf, {}, { maxBytes: pdf.length - 1 }));
    expect(error.statusCode).toBe(413);
    expect(error.code).toBe('file_too_large');
    expect(
      (await rejection(secure(Buffer.alloc(2 * MEBIBYTE), {}, { maxBytes: MEBIBYTE }))).message,
    ).toBe('The file is larger than the 1 MiB limit');
    await expect(secure(pdf, {}, { maxBytes: pdf.length })).resolves.toBeDefined();
  });

  test('an empty file: 400', async () => {
    const error = await rejection(secure(Buffer.alloc(0)));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('empty_file');
  });
});

describe('PDFs that would cost too much to read', () => {
  function expectTooComplex(error: AppError, reason: string) {
    const message = `The PDF is too complex to secure (${reason}); upload a smaller or simpler document`;
    expect(error.statusCode).toBe(413);
    expect(error.code).toBe('pdf_too_complex');
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ file: [message] });
  }

  test('an object stream that inflates past the limit is refused before it is parsed, however far it goes', async () => {
    const justUnder = makeObjectStreamBomb(2 * MEBIBYTE);
    const bomb = makeObjectStreamBomb(1_800 * MEBIBYTE);
    expect(bomb.length).toBeLessThan(2 * MEBIBYTE);

    expectTooComplex(
      await rejection(secure(justUnder, {}, { maxInflatedBytes: 2 * MEBIBYTE - 1 })),
      'more than 2097151 bytes once decompressed',
    );
    expectTooComplex(await rejection(secure(bomb)), 'more than 64 MiB once decompressed');
    // At the limit the same file is read on and secured (pdf-lib passes over the zeros).
    expect((await secure(justUnder, {}, { maxInflatedBytes: 2 * MEBIBYTE })).pageCount).toBe(1);
  });

  test('an object stream compressed other than with Flate is refused rather than decoded unchecked', async () => {
    const error = await rejection(secure(makeObjectStreamBomb(MEBIBYTE, '/LZWDecode')));
    expectTooComplex(error, 'unusual compression');
  });

  test('objects are counted in the file and inside its object streams', async () => {
    const pdf = await makePdf([{}, {}, {}]);
    const headers = pdf.toString('latin1').match(/\d+ \d+ obj\b/g)!.length;
    const inStreams = [...pdf.toString('latin1').matchAll(/\/N (\d+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(inStreams).toBeGreaterThan(0);
    const objects = headers + inStreams;

    expectTooComplex(
      await rejection(secure(pdf, {}, { maxObjects: objects - 1 })),
      `more than ${objects - 1} objects`,
    );
    await expect(secure(pdf, {}, { maxObjects: objects })).resolves.toBeDefined();
  });

  test('a PDF with more pages than allowed is refused, one with exactly as many is secured', async () => {
    const pdf = await makePdf([{}, {}, {}]);

    expectTooComplex(await rejection(secure(pdf, {}, { maxPages: 2 })), 'more than 2 pages');
    expect((await secure(pdf, {}, { maxPages: 3 })).pageCount).toBe(3);
  });
});
