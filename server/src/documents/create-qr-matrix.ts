// The modules of a verification's QR code, shared by the stamp on the PDF and the PNG/SVG downloads so all
// of them are the same code: error correction Q (a quarter of the code may be damaged or covered and it
// still reads), drawn later with a quiet zone of 4 light modules. A sealed code is two segments: the URL and '#'
// in byte mode, then the seal's digits in numeric mode (3⅓ bits a digit instead of 8), which keeps it printable.
import QRCode from 'qrcode';

export const QR_QUIET_ZONE_MODULES = 4;

/** What a QR code encodes: a verification's URL, and its seal when it has one. */
export interface QrContent {
  url: string;
  /** The fragment's digits (docs/seals.md); null for an unsealed code. */
  seal: string | null;
}

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** The QR version (1–40). */
  version: number;
  /** Dark modules as horizontal runs: [row, first column, length]. */
  runs: Array<[row: number, column: number, length: number]>;
  isDark(row: number, column: number): boolean;
}

/** The text a scanner reads from the code: the URL, with '#' and the seal when sealed. */
export function qrText({ url, seal }: QrContent): string {
  return seal ? `${url}#${seal}` : url;
}

export function createQrMatrix(content: QrContent): QrMatrix {
  // An unsealed code is the URL as text, segmented by the package as it always was (its printed codes stay the same).
  const data: string | QRCode.QRCodeSegment[] = content.seal
    ? [
        { data: Buffer.from(`${content.url}#`, 'utf8'), mode: 'byte' },
        { data: content.seal, mode: 'numeric' },
      ]
    : content.url;
  const { modules, version } = QRCode.create(data, { errorCorrectionLevel: 'Q' });
  const isDark = (row: number, column: number) => modules.get(row, column) === 1;
  const runs: QrMatrix['runs'] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && isDark(row, column)) column += 1;
      runs.push([row, start, column - start]);
    }
  }
  return { size: modules.size, version, runs, isDark };
}
