// The one place pdf.js is loaded: on demand (it is large), once, with its worker emitted by webpack from the URL
// below and served by this app.
type PdfJs = typeof import('pdfjs-dist');

let pdfJs: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist').then((module) => {
    module.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return module;
  });
  return pdfJs;
}
