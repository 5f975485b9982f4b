// Finds QR codes in an image, a canvas or a video frame: the browser's own BarcodeDetector where it has one that
// reads QR codes (Android, macOS), otherwise the barcode-detector ponyfill, ZXing compiled to WebAssembly. The
// WebAssembly comes from this app (webpack emits it beside the scripts), never from zxing-wasm's default CDN: it
// must load offline and under the app's CSP.

export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

let loading: Promise<QrDetector> | null = null;

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const formats = await Native.getSupportedFormats().catch((): string[] => []);
  return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
}

async function wasmDetector(): Promise<QrDetector> {
  const { BarcodeDetector, prepareZXingModule } = await import(
    /* webpackChunkName: "qr-decoder" */ 'barcode-detector/ponyfill'
  );
  const wasmUrl = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;
  // Loaded now rather than on the first frame, so the camera's first frames are not spent waiting for it.
  await prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith('.wasm') ? wasmUrl : prefix + file,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** The detector, loaded once. */
export function loadQrDetector(): Promise<QrDetector> {
  loading ??= nativeDetector().then((native) => native ?? wasmDetector());
  // A failed load (offline before anything was cached) is tried again next time.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
