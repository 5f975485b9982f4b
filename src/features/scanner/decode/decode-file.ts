// The QR code's text in a chosen photo, screenshot or PDF (its pages drawn first), read on this device.
import { pdfPageCanvases } from './pdf-pages';
import { loadQrDetector } from './qr-decoder';

export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
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

/** The first QR code's text, or null when the file shows none. Throws UnreadableFileError for a file it cannot open. */
export async function decodeQrFromFile(file: File): Promise<string | null> {
  const detector = await loadQrDetector();
  let sources: AsyncIterable<ImageBitmapSource>;
  try {
    sources = await imageSources(file);
  } catch {
    throw new UnreadableFileError(
      'This file could not be opened. Choose a photo (JPEG, PNG) or a PDF.',
    );
  }
  try {
    for await (const source of sources) {
      const [first] = await detector.detect(source);
      if (first) return first.rawValue;
    }
  } catch {
    throw new UnreadableFileError(
      'This file could not be read. Choose a photo (JPEG, PNG) or a PDF.',
    );
  }
  return null;
}
