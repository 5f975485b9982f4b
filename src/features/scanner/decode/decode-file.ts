// The QR code's text in a chosen photo, screenshot or PDF (its pages drawn first), read on this device.
import { pdfPageCanvases } from './pdf-pages';
import { loadQrDetector } from './qr-decoder';

/** Why a file gave no image to look at: it could not be opened at all, or it broke while being read. */
export type UnreadableReason = 'unopenable' | 'unreadable';

export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';

  constructor(readonly reason: UnreadableReason) {
    super(`The file is ${reason}`);
  }
}

export interface DecodedFile {
  /** The first QR code's text, or null when the file shows none. */
  text: string | null;
  /** The pages of a PDF that were looked at (the screen says how many); null for an image. */
  pdfPages: number | null;
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

async function imageSources(file: File): Promise<AsyncIterable<ImageBitmapSource>> {
  if (isPdf(file)) return pdfPageCanvases(file);
  const bitmap = await createImageBitmap(file);
  return (async function* () {
    yield bitmap;
  })();
}

/** The file's QR code, looked for page by page. Throws UnreadableFileError for a file it cannot open or read. */
export async function decodeQrFromFile(file: File): Promise<DecodedFile> {
  const detector = await loadQrDetector();
  let sources: AsyncIterable<ImageBitmapSource>;
  try {
    sources = await imageSources(file);
  } catch {
    throw new UnreadableFileError('unopenable');
  }
  let looked = 0;
  try {
    for await (const source of sources) {
      looked += 1;
      const [first] = await detector.detect(source);
      if (first) return { text: first.rawValue, pdfPages: null };
    }
  } catch {
    throw new UnreadableFileError('unreadable');
  }
  return { text: null, pdfPages: isPdf(file) ? looked : null };
}
