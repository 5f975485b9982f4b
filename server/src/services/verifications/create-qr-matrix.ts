// The modules of a verification's QR code, shared by the stamp on the PDF and the PNG/SVG downloads so all
// of them are the same code: error correction Q (a quarter of the code may be damaged or covered and it
// still reads), drawn later with a quiet zone of 4 light modules.
import QRCode from 'qrcode';

export const QR_QUIET_ZONE_MODULES = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Dark modules as horizontal runs: [row, first column, length]. */
  runs: Array<[row: number, column: number, length: number]>;
  isDark(row: number, column: number): boolean;
}

export function createQrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
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
  return { size: modules.size, runs, isDark };
}
