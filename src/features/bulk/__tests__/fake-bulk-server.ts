// A stand-in for the bulk operations API: answers per "METHOD /path", ready-made operations and sheet previews,
// and the multipart forms the screens sent, read back field by field. The zip's resumable (tus) upload comes
// through the browser's XMLHttpRequest, as tus-js-client sends it: a fake XMLHttpRequest hands it to the same
// routes (and the same fetch mock, so callsTo sees it).
import vm from 'node:vm';

import { act } from '@testing-library/react';

import { registerNotificationOutlet, type Notification } from '@/lib/notify';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { installMultipartCapture, type SentForm } from '@/testing/multipart';
import { BULK_RESUMABLE_UPLOADS_PATH } from '@common/bulk-schemas';

import type { BulkOperation, BulkUpload, BulkUploadKind, SheetPreview } from '../api/bulk-api';

export type Answer = Response | ((request: Request) => Response | Promise<Response>);

type FetchMock = ReturnType<typeof mockFetch>;

export function aBulkOperation(overrides: Partial<BulkOperation> = {}): BulkOperation {
  return {
    id: 'bulk_1',
    name: 'Class of 2026 diplomas',
    mode: 'documents',
    status: 'completed',
    total_rows: 100,
    valid_rows: 98,
    invalid_rows: 2,
    processed: 98,
    succeeded: 97,
    failed: 1,
    errors: [],
    error_count: 2,
    template_id: null,
    sheet_name: 'graduates.csv',
    created_by: { email: 'olivia.owner@example.com', name: 'Olivia Owner' },
    created_at: '2026-06-30T09:00:00Z',
    started_at: '2026-06-30T09:01:00Z',
    finished_at: '2026-06-30T09:05:00Z',
    ...overrides,
  };
}

export function aPage(results: BulkOperation[], count = results.length) {
  return { count, page: 1, page_size: 20, results };
}

export const PREVIEW: SheetPreview = {
  columns: ['File', 'Title', 'Full Name', 'Issue date', 'Grade'],
  row_count: 2,
  rows: [
    ['diploma-ada.pdf', 'BSc Mathematics', 'Ada Lovelace', '2026-06-30', 'First Class'],
    ['diploma-alan.pdf', 'BSc Computer Science', 'Alan Turing', '2026-06-30', 'Distinction'],
  ],
  mapping: { file: 'File', title: 'Title', issue_date: 'Issue date' },
};

export const TEMPLATES = [
  {
    id: 'tpl-default',
    name: 'Default',
    is_default: true,
    allow_download: true,
    seal_enabled: true,
  },
  {
    id: 'tpl-law',
    name: 'School of Law',
    is_default: false,
    allow_download: true,
    seal_enabled: false,
  },
];

export interface FakeBulkServer {
  fetchMock: FetchMock;
  /** The multipart form a request carried (jsdom's FormData never reaches the mocked fetch otherwise). */
  formOf: (request: Request) => SentForm;
}

export const UPLOADS = 'POST /api/bulk-operations/uploads/';
export const RESUMABLE = `POST ${BULK_RESUMABLE_UPLOADS_PATH}`;

export function aBulkUpload(kind: BulkUploadKind, id = `up-${kind}`): BulkUpload {
  return { id, kind, name: kind, size: 1, expires_at: '2026-07-01T09:00:00Z' };
}

/** Stages each file under 'up-{kind}', as POST /api/bulk-operations/uploads/ does. */
export function stagedUploads(formOf: (request: Request) => SentForm): Answer {
  return (request) => {
    const [kind] = Object.keys(formOf(request).files) as BulkUploadKind[];
    return jsonResponse(aBulkUpload(kind), 201);
  };
}

/** The bytes an XMLHttpRequest sent (a Blob from jsdom, which Node's Request cannot carry). */
const sentBytes = new WeakMap<Request, number>();
export const bytesSentBy = (request: Request) => sentBytes.get(request) ?? 0;

export interface FakeResumableUpload {
  routes: Record<string, Answer>;
  /** Lets the upload's one PATCH be answered (until then half its bytes have gone). */
  finish: () => void;
}

/**
 * A tus server for one upload at a time: POST makes upload `ids[n]` (one per POST), PATCH takes every byte, once
 * `finish` is called unless `isGated` is false. The last PATCH answers the staged upload's JSON.
 */
export function fakeResumableUpload({
  ids = ['up-zip'],
  isGated = false,
} = {}): FakeResumableUpload {
  let made = 0;
  let release!: () => void;
  const gate = isGated ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const tus = { 'Tus-Resumable': '1.0.0' };
  const routes: Record<string, Answer> = {
    [RESUMABLE]: () => {
      const id = ids[Math.min(made++, ids.length - 1)];
      return new Response(null, {
        status: 201,
        headers: { ...tus, Location: `${BULK_RESUMABLE_UPLOADS_PATH}/${id}` },
      });
    },
  };
  for (const id of new Set(ids)) {
    routes[`PATCH ${BULK_RESUMABLE_UPLOADS_PATH}/${id}`] = async (request) => {
      await gate;
      const offset = Number(request.headers.get('Upload-Offset')) + bytesSentBy(request);
      return new Response(JSON.stringify(aBulkUpload('documents', id)), {
        status: 200,
        headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/json' },
      });
    };
    routes[`DELETE ${BULK_RESUMABLE_UPLOADS_PATH}/${id}`] = () =>
      new Response(null, { status: 204, headers: tus });
  }
  return { routes, finish: () => release?.() };
}

/**
 * jsdom's XMLHttpRequest as far as tus-js-client uses it, sending each request through the mocked fetch. Half the
 * body is reported sent at once, the rest when the answer comes.
 */
class FakeXhr {
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  withCredentials = false;
  readyState = 0;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers = new Headers();
  private answer: Response | null = null;
  private isAborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.answer?.headers.get(name) ?? null;
  }

  abort() {
    this.isAborted = true;
  }

  send(body: Blob | null) {
    void this.exchange(body?.size ?? 0);
  }

  private progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  private async exchange(size: number) {
    const request = new Request(new URL(this.url, window.location.origin), {
      method: this.method,
      headers: this.headers,
    });
    sentBytes.set(request, size);
    if (size) this.progress(Math.floor(size / 2), size);
    try {
      this.answer = await globalThis.fetch(request);
      this.responseText = await this.answer.text();
    } catch (error) {
      if (!this.isAborted) this.onerror?.(error);
      return;
    }
    if (this.isAborted) return;
    if (size) this.progress(size, size);
    this.status = this.answer.status;
    this.readyState = 4;
    this.onload?.();
  }
}

/**
 * Mocks fetch with `routes` ("GET /api/bulk-operations/": answer). A call nobody listed fails as a network error
 * would. Functions are called per request; plain Responses are cloned.
 */
export function fakeBulkServer(routes: Record<string, Answer>): FakeBulkServer {
  const answers: Record<string, Answer> = {
    'GET /api/settings/': () =>
      jsonResponse({
        upload_max_bytes: 25 * 1024 * 1024,
        bulk_max_rows: 10_000,
        bulk_max_zip_bytes: 1024 * 1024 * 1024,
        bulk_sheet_max_bytes: 10 * 1024 * 1024,
      }),
    'GET /api/templates/': () => jsonResponse({ count: TEMPLATES.length, results: TEMPLATES }),
    ...fakeResumableUpload().routes,
    ...routes,
  };
  const formOf = installMultipartCapture();
  answers[UPLOADS] ??= stagedUploads(formOf);
  Object.defineProperty(globalThis, 'XMLHttpRequest', {
    value: FakeXhr,
    writable: true,
    configurable: true,
  });
  const fetchMock = mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    const answer = answers[`${request.method} ${pathname}`];
    if (!answer) throw new TypeError(`Unexpected call: ${request.method} ${pathname}`);
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
  return { fetchMock, formOf };
}

export function callsTo(fetchMock: FetchMock, method: string, path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => request.method === method && new URL(request.url).pathname === path);
}

/** Answers `bodies` one after another, then keeps answering the last. */
export function inTurn(...bodies: unknown[]): () => Response {
  let next = 0;
  return () => jsonResponse(bodies[Math.min(next++, bodies.length - 1)]);
}

export { jsonResponse };

// jsdom has no streams; Node's Response reads its own realm's.
const NodeReadableStream = vm.runInThisContext('ReadableStream') as typeof ReadableStream;

export interface FakeEventStream {
  /** The answer to the events request: a text/event-stream body the test writes to. */
  response: Response;
  send: (operation: BulkOperation) => void;
  end: () => void;
}

/** An operation's progress stream, as GET /api/bulk-operations/{id}/events/ sends it, written by the test. */
export function fakeEventStream(): FakeEventStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new NodeReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
  });
  const encoder = new TextEncoder();
  const write = (text: string) => controller.enqueue(encoder.encode(text));
  write(': alive\n\n');
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (operation) =>
      write(`event: progress\nid: ${operation.processed}\ndata: ${JSON.stringify(operation)}\n\n`),
    end: () => controller.close(),
  };
}

/** Catches every toast from here on. Call after rendering: the provider registers its own first. */
export function captureNotifications(): jest.Mock<void, [Required<Notification>]> {
  const shown = jest.fn<void, [Required<Notification>]>();
  act(() => {
    registerNotificationOutlet(shown);
  });
  return shown;
}

/** jsdom has no object URLs; downloads need them. Returns the blobs handed to the browser. */
export function installObjectUrls(): Blob[] {
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
