// A stand-in for the verifications API: answers per "METHOD /path", the requests as sent, ready-made
// verifications, and an XMLHttpRequest that goes through the same mocked fetch (Uppy uploads over XHR).
import vm from 'node:vm';

import { act } from '@testing-library/react';

import { registerNotificationOutlet, type Notification } from '@/lib/notify';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

import type { ScanAnalytics } from '../api/scan-analytics-api';
import type { Verification, VerificationPage } from '../api/verifications-api';

export type Answer = Response | ((request: Request) => Response | Promise<Response>);

type FetchMock = ReturnType<typeof mockFetch>;

export function aVerification(overrides: Partial<Verification> = {}): Verification {
  const id = overrides.id ?? 'ver_1';
  const code = overrides.code ?? 'QRV-7K2P9';
  return {
    id,
    code,
    title: 'Bachelor of Science in Nursing',
    holder_name: 'Amara Okafor',
    issue_date: '2026-03-05',
    expiry_date: null,
    custom_fields: [{ key: 'Student number', value: 'S-20431' }],
    template_id: null,
    qr: { pages: 'first', position: 'bottom-right', size_mm: 30 },
    status: 'active',
    revoked_at: null,
    revocation_reason: null,
    replaced_by: null,
    allow_download: true,
    original: {
      file_name: 'diploma.pdf',
      content_type: 'application/pdf',
      size: 482_133,
      sha256: 'a'.repeat(64),
    },
    secured: { size: 501_877, sha256: 'b'.repeat(64) },
    public_url: `http://localhost/v/${code}`,
    created_by: { email: 'olivia.owner@example.com', name: 'Olivia Owner' },
    bulk_operation: null,
    created_at: '2026-03-05T14:07:00Z',
    updated_at: '2026-03-05T14:07:00Z',
    scan_count: 3,
    last_scanned_at: '2026-03-07T09:15:00Z',
    unusual_activity: { flagged: false, reason: null, since: null },
    ...overrides,
  };
}

export function aPage(results: Verification[], overrides: Partial<VerificationPage> = {}) {
  return { count: results.length, page: 1, page_size: 10, results, ...overrides };
}

export const STATS = { total: 12, active: 9, revoked: 2, expired: 1, scans_last_30_days: 57 };

/** GET /api/analytics/scans/ for `days` days up to 25 November 2026, with `scans` on the last day. */
export function scanAnalytics(days: number, scans = 0, overrides: Partial<ScanAnalytics> = {}) {
  const last = Date.UTC(2026, 10, 25);
  return {
    days: Array.from({ length: days }, (_, index) => ({
      date: new Date(last - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
      scans: index === days - 1 ? scans : 0,
    })),
    total: scans,
    by_device: {},
    by_browser: {},
    by_country: {},
    top: [],
    unusual: [],
    ...overrides,
  } satisfies ScanAnalytics;
}

/** The account's templates, as the create form's template choice reads them. */
export const TEMPLATES = [
  {
    id: 'tpl-default',
    name: 'Default',
    is_default: true,
    allow_download: true,
    seal_enabled: true,
  },
  {
    id: 'tpl-nursing',
    name: 'School of Nursing',
    is_default: false,
    allow_download: false,
    seal_enabled: false,
  },
];

/**
 * Mocks fetch with `routes` ("GET /api/verifications/": answer). A call nobody listed fails as a
 * network error would. Functions are called per request; plain Responses are cloned.
 */
export function fakeVerificationsServer(routes: Record<string, Answer>): FetchMock {
  const answers: Record<string, Answer> = {
    'GET /api/settings/': () => jsonResponse({ upload_max_bytes: 25 * 1024 * 1024 }),
    'GET /api/templates/': () => jsonResponse({ count: TEMPLATES.length, results: TEMPLATES }),
    'GET /api/analytics/scans/': (request) =>
      jsonResponse(scanAnalytics(Number(queryOf(request).days ?? 30))),
    ...routes,
  };
  const fetchMock = mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    const answer = answers[`${request.method} ${pathname}`];
    if (!answer) throw new TypeError(`Unexpected call: ${request.method} ${pathname}`);
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
  // Uppy calls fetch(url, init); the mock records Requests.
  Object.defineProperty(globalThis, 'fetch', {
    value: (input: RequestInfo | URL, init?: RequestInit) =>
      fetchMock(input instanceof Request ? input : new Request(input, init)),
    writable: true,
    configurable: true,
  });
  return fetchMock;
}

export function callsTo(fetchMock: FetchMock, method: string, path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => request.method === method && new URL(request.url).pathname === path);
}

export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

export { jsonResponse };

/** Catches every toast from here on. Call after rendering: the provider registers its own first. */
export function captureNotifications(): jest.Mock<void, [Required<Notification>]> {
  const shown = jest.fn<void, [Required<Notification>]>();
  act(() => {
    registerNotificationOutlet(shown);
  });
  return shown;
}

// --- XMLHttpRequest over the mocked fetch -------------------------------------------------------

const nodeGlobals = vm.runInThisContext('globalThis') as typeof globalThis;

function readAll(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** jsdom's FormData and File cannot be read by Node's Request; copy them into Node's own. */
async function toNodeFormData(form: FormData): Promise<FormData> {
  const copy = new nodeGlobals.FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') copy.append(name, value);
    else {
      const file = new nodeGlobals.File([await readAll(value)], value.name, { type: value.type });
      copy.append(name, file);
    }
  }
  return copy as unknown as FormData;
}

export interface UploadControl {
  /** Upload progress to report before the request reaches the server, as fractions. */
  steps: number[];
}

/**
 * Replaces XMLHttpRequest for this test. Each send reports `control.steps` as upload progress,
 * then hands the request to the mocked fetch and answers with its response.
 */
export function installXhrOverFetch(control: UploadControl = { steps: [0.5, 1] }) {
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private isAborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, window.location.href).href;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    abort() {
      this.isAborted = true;
      this.onabort?.();
    }

    send(body: FormData) {
      void (async () => {
        const nodeBody = await toNodeFormData(body);
        const total = 1000;
        for (const step of control.steps) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (this.isAborted) return;
          this.upload.onprogress?.({
            lengthComputable: true,
            loaded: step * total,
            total,
          } as ProgressEvent);
        }
        if (this.isAborted) return;
        let response: Response;
        try {
          response = await globalThis.fetch(
            new Request(this.url, { method: this.method, headers: this.headers, body: nodeBody }),
          );
        } catch {
          if (!this.isAborted) this.onerror?.();
          return;
        }
        const text = await response.text();
        if (this.isAborted) return;
        this.status = response.status;
        this.responseText = text;
        this.onload?.();
      })();
    }
  }
  const original = globalThis.XMLHttpRequest;
  Object.defineProperty(globalThis, 'XMLHttpRequest', {
    value: FakeXhr,
    configurable: true,
    writable: true,
  });
  return () =>
    Object.defineProperty(globalThis, 'XMLHttpRequest', {
      value: original,
      configurable: true,
      writable: true,
    });
}

/** jsdom has no object URLs; downloads and image previews need them. */
export function installObjectUrls() {
  const created: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      created.push(blob);
      return `blob:http://localhost/${created.length}`;
    }),
    revokeObjectURL: jest.fn(),
  });
  return created;
}
