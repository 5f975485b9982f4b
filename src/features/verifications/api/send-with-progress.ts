// fetch cannot report upload progress; XMLHttpRequest can. This sends one request over XHR and
// answers in plain values, leaving headers and error handling to the caller.

export interface ProgressRequest {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  body: XMLHttpRequestBodyInit;
  headers: Headers;
  /** Fraction (0..1) of the request body sent so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type ProgressAnswer =
  | { kind: 'answered'; status: number; body: unknown }
  | { kind: 'network-error' }
  | { kind: 'aborted' };

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, say: keep the text for the report.
    return text;
  }
}

export function sendWithProgress({
  url,
  method,
  body,
  headers,
  onProgress,
  signal,
}: ProgressRequest): Promise<ProgressAnswer> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ kind: 'aborted' });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    // Same as the base query's credentials: 'include'.
    xhr.withCredentials = true;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (answer: ProgressAnswer) => {
      signal?.removeEventListener('abort', abort);
      resolve(answer);
    };
    xhr.onload = () =>
      settle({ kind: 'answered', status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => settle({ kind: 'network-error' });
    xhr.ontimeout = () => settle({ kind: 'network-error' });
    xhr.onabort = () => settle({ kind: 'aborted' });
    xhr.send(body);
  });
}
