// Files behind the bearer (a secured PDF, an original, a QR code, a bulk result or report) cannot be plain
// links: they are fetched as blobs and handed to the browser through a short-lived object URL.

/** A file's body on success; on failure the JSON error envelope, so the usual toasts can read it. */
export async function blobOrErrorBody(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The name in Content-Disposition (RFC 6266: filename* wins over filename), if any. */
export function fileNameFromDisposition(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition);
  if (!plain) return null;
  const name = (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim();
  return name || null;
}

export function fileNameFromResponse(response: Response | undefined): string | null {
  return fileNameFromDisposition(response?.headers.get('Content-Disposition'));
}

// Long enough for the browser to start the download; short enough not to hold a large blob (a bulk result zip).
const OBJECT_URL_LIFETIME_MS = 30_000;

/** Offers `blob` as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** A small blob (a QR image) as a data: URL, which the cache can hold as plain text. */
export async function readBlobAsDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
