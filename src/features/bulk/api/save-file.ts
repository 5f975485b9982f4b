// Files behind the bearer (the result zip, the report) cannot be plain links: they are fetched as blobs and handed
// to the browser through a short-lived object URL. The same helpers as the verifications feature's save-file.ts;
// features do not import each other, so this copy stays until both move to lib/.

/** A file's body on success; on failure the JSON error envelope, so the usual messages can read it. */
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
export function fileNameFromResponse(response: Response | undefined): string | null {
  const disposition = response?.headers.get('Content-Disposition');
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

// Long enough for the browser to start the download; short enough not to hold a large zip in memory.
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
