// A stand-in for the bulk operations API: answers per "METHOD /path", ready-made operations and sheet previews,
// and the multipart forms the screens sent, read back field by field.
import vm from 'node:vm';

import { act } from '@testing-library/react';

import { registerNotificationOutlet, type Notification } from '@/lib/notify';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { installMultipartCapture, type SentForm } from '@/testing/multipart';

import type { BulkOperation, SheetPreview } from '../api/bulk-api';

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
    ...routes,
  };
  const formOf = installMultipartCapture();
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
