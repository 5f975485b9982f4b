// Looks at PDFs the way a person with a phone would: renders each page (pdfjs-dist, in a child process) and
// decodes the QR code printed on it (jsQR). Pass every PDF of a test in one call: each call starts a process.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const RENDERER = path.join(__dirname, 'render-pdf-pages.mjs');

export interface RenderedPage {
  /** The page as shown (after rotation), in points. */
  width: number;
  height: number;
  /** The decoded QR code, or null when none could be read; bounds are fractions of the page from the top-left. */
  qr: { data: string; left: number; right: number; top: number; bottom: number } | null;
  /** [r, g, b] at each requested sample point. */
  colours: Array<[number, number, number]>;
}

export interface PdfToRender {
  pdf: Uint8Array;
  /** Points to sample colours at, as [x, y] fractions of the shown page from the top-left. */
  samples?: Array<[number, number]>;
}

export async function renderPdfPages(documents: PdfToRender[]): Promise<RenderedPage[][]> {
  // A plain temp folder: the browser suite uses this helper too, without the app's modules.
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-render-'));
  try {
    const files = await Promise.all(
      documents.map(async ({ pdf, samples }, index) => {
        const file = path.join(folder, `${index}.pdf`);
        await writeFile(file, pdf);
        return { path: file, samples };
      }),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [RENDERER, JSON.stringify({ files })],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return (JSON.parse(stdout) as Array<{ pages: RenderedPage[] }>).map((result) => result.pages);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
