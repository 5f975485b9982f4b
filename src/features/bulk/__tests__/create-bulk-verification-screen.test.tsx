import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { PdfDocument } from '@/lib/pdf/pdf-document';
import { signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  PLANS_RESPONSE,
  STARTER_SUBSCRIPTION,
} from '@/testing/subscription-fixtures';
import { DEFAULT_QR_PLACEMENT } from '@common/verifications';

import { CreateBulkVerificationScreen } from '../components/create-bulk-verification-screen';

import {
  aBulkOperation,
  bytesSentBy,
  callsTo,
  fakeBulkServer,
  fakeEventStream,
  fakeResumableUpload,
  inTurn,
  installObjectUrls,
  jsonResponse,
  PREVIEW,
  RESUMABLE,
  type Answer,
} from './fake-bulk-server';

import type { SheetPreview } from '../api/bulk-api';

// pdf.js needs a real browser; the design step only needs the page's size and a drawing that ends.
const A4_LANDSCAPE: PdfDocument = {
  pageCount: 1,
  pageSize: async () => ({ widthPt: 841.89, heightPt: 595.28 }),
  renderPage: jest.fn(() => ({ promise: Promise.resolve(), cancel: jest.fn() })),
  destroy: jest.fn(),
};
jest.mock('@/lib/pdf/pdf-document', () => ({
  openPdf: jest.fn(async () => A4_LANDSCAPE),
  PdfOpenError: class extends Error {},
}));
// The tus client as the SPA's bundle has it (its browser build, on XMLHttpRequest); jest would take the Node one.
jest.mock('tus-js-client', () => jest.requireActual('tus-js-client/lib.es5/browser/index.js'));

// tus-js-client keeps unfinished uploads' URLs here to resume them; each test starts with none.
beforeEach(() => localStorage.clear());

const CREATE = 'POST /api/bulk-operations/';
const SHEET_PREVIEW = 'POST /api/bulk-operations/sheet-preview/';
const UPLOADS_PATH = '/api/bulk-operations/uploads/';
const RESUMABLE_PATH = '/api/bulk-operations/uploads/resumable';

const bodyOf = (request: Request) => request.clone().json() as Promise<Record<string, unknown>>;

const sheetFile = (name = 'graduates.csv') =>
  new File(['File,Title,Full Name\n'], name, { type: 'text/csv' });
const zipFile = () =>
  new File([`PK${'x'.repeat(1998)}`], 'diplomas.zip', { type: 'application/zip' });
const pdfFile = () => new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' });

function render(routes: Record<string, Answer>) {
  const server = fakeBulkServer(routes);
  const view = renderWithProviders(<CreateBulkVerificationScreen />, {
    route: '/bulk-operation/create',
    preloadedState: { session: signedInSession() },
  });
  return { ...view, ...server };
}

async function choose(label: RegExp | string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

function fileInput(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input[type=file]' });
}

/** The create waits for the zip's upload: clicked once it may be. */
async function clickWhenReady(name: string) {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

const validating = aBulkOperation({
  id: 'bulk_new',
  name: 'Class of 2026',
  status: 'validating',
  total_rows: 2,
  valid_rows: 0,
  invalid_rows: 0,
  processed: 0,
  succeeded: 0,
  failed: 0,
  error_count: 0,
  started_at: null,
  finished_at: null,
});
const ready = { ...validating, status: 'ready' as const, valid_rows: 2 };

describe('create bulk verification: documents + sheet', () => {
  it('stages the sheet once, sends the zip by tus with its progress, and creates naming both by id', async () => {
    const zip = fakeResumableUpload({ isGated: true });
    const { user, fetchMock, formOf, router } = render({
      ...zip.routes,
      [SHEET_PREVIEW]: jsonResponse(PREVIEW),
      [CREATE]: jsonResponse(validating, 201),
      // No progress stream to be had (a proxy refusing it): the check is followed by asking again.
      'GET /api/bulk-operations/bulk_new/events/': jsonResponse({}, 503),
      'GET /api/bulk-operations/bulk_new/': inTurn(validating, ready),
      'POST /api/bulk-operations/bulk_new/start/': jsonResponse(
        { ...ready, status: 'running' },
        202,
      ),
    });

    // The sheet goes up as soon as it is chosen, on its own.
    await user.upload(fileInput('Sheet'), sheetFile());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(1));
    const staged = formOf(callsTo(fetchMock, 'POST', UPLOADS_PATH)[0]);
    expect(Object.keys(staged.files)).toEqual(['sheet']);
    expect(staged.files.sheet.name).toBe('graduates.csv');

    // The zip goes by tus: its length and kind first, then its bytes, with the progress shown meanwhile.
    await user.upload(fileInput('Documents'), zipFile());
    const progress = await screen.findByRole('progressbar', { name: 'Uploading the documents' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(progress).toHaveAttribute('aria-valuetext', '50%, 1000 bytes of 2 KB');
    expect(screen.getByText('Uploading… 50% · 1000 bytes of 2 KB')).toBeInTheDocument();
    const [made] = callsTo(fetchMock, 'POST', RESUMABLE_PATH);
    expect(made.headers.get('Upload-Length')).toBe('2000');
    expect(made.headers.get('Authorization')).toBe('Bearer access-token-1');
    const metadata = Object.fromEntries(
      made.headers
        .get('Upload-Metadata')!
        .split(',')
        .map((pair) => pair.split(' '))
        .map(([key, value]) => [key, atob(value)]),
    );
    expect(metadata).toMatchObject({ kind: 'documents', filename: 'diplomas.zip' });
    expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(1);

    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('Class of 2026');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Landing-page template' })).toHaveTextContent(
        'Default (default)',
      ),
    );
    // The zip goes on uploading while the columns are mapped.
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));

    // The staged sheet is read by its id.
    await screen.findByRole('form', { name: 'Map columns' });
    const [previewRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/sheet-preview/');
    expect(await bodyOf(previewRequest)).toEqual({
      sheet_upload_id: 'up-sheet',
      mode: 'documents',
    });

    // The server's suggestion fills what matched; 'Full Name' did not, so the holder is still to choose.
    expect(screen.getByRole('combobox', { name: /^Title/ })).toHaveTextContent('Title');
    expect(screen.getByRole('combobox', { name: /^File/ })).toHaveTextContent('File');
    expect(screen.getByRole('combobox', { name: /^Issue date/ })).toHaveTextContent('Issue date');
    expect(screen.getByRole('combobox', { name: /^Holder name/ })).toHaveTextContent(
      'Not in the sheet',
    );
    await choose(/^Holder name/, 'Full Name');
    // The columns left over are published unless unticked.
    expect(screen.getByRole('checkbox', { name: 'Publish Grade as a custom field' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Publish Full Name/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Publish Grade as a custom field' }));

    // The create waits for the zip.
    const create = screen.getByRole('button', { name: 'Upload and check' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'The zip is still uploading (50% of 2 KB); you can go on when it is done.',
    );
    zip.finish();
    await waitFor(() => expect(create).toBeEnabled());
    const [patch] = callsTo(fetchMock, 'PATCH', `${RESUMABLE_PATH}/up-zip`);
    expect(patch.headers.get('Upload-Offset')).toBe('0');
    expect(bytesSentBy(patch)).toBe(2000);
    await user.click(create);

    expect(await screen.findByText('All 2 rows can be secured')).toBeInTheDocument();
    const [createRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/');
    expect(await bodyOf(createRequest)).toEqual({
      sheet_upload_id: 'up-sheet',
      documents_upload_id: 'up-zip',
      name: 'Class of 2026',
      template_id: 'tpl-default',
      // The default template seals its codes: they are stamped at 34 mm at least.
      qr: { ...DEFAULT_QR_PLACEMENT, size_mm: 34 },
      allow_download: false,
      mapping: {
        title: 'Title',
        holder_name: 'Full Name',
        issue_date: 'Issue date',
        expiry_date: '',
        file: 'File',
      },
      ignored_columns: ['Grade'],
    });
    expect(createRequest.headers.get('Authorization')).toBe('Bearer access-token-1');
    // The sheet went up once for the preview and the create.
    expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk-operations'));
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/bulk_new/start/')).toHaveLength(1);
  });

  it('checks the columns before the create, which waits for nothing once the zip is up', async () => {
    const { user, fetchMock } = render({ [SHEET_PREVIEW]: jsonResponse(PREVIEW) });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    expect(await screen.findByText('Uploaded · 2 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });

    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText("Choose the column with the holder's name")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(0);
  });

  it("says why the zip did not go up, in the server's words, and sends it again", async () => {
    // Uppy logs the refusal to the console as well.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const { user, fetchMock } = render({
      [RESUMABLE]: () =>
        attempts++ === 0
          ? jsonResponse(
              { error: { code: 'invalid_upload', message: 'The documents file is too large.' } },
              413,
            )
          : new Response(null, {
              status: 201,
              headers: { 'Tus-Resumable': '1.0.0', Location: `${RESUMABLE_PATH}/up-zip` },
            }),
    });
    await user.upload(fileInput('Documents'), zipFile());

    expect(await screen.findByRole('alert')).toHaveTextContent('The documents file is too large.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Uploaded · 2 KB')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, 'POST', RESUMABLE_PATH)).toHaveLength(2);
    quiet.mockRestore();
  });

  it('cancels the zip and takes another', async () => {
    const first = fakeResumableUpload({ ids: ['up-first', 'up-second'], isGated: true });
    const { user, fetchMock } = render(first.routes);
    await user.upload(fileInput('Documents'), zipFile());
    await screen.findByRole('progressbar', { name: 'Uploading the documents' });

    await user.click(screen.getByRole('button', { name: 'Cancel the upload of the documents' }));
    // What the server held of it is removed (tus termination).
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', `${RESUMABLE_PATH}/up-first`)).toHaveLength(1),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/diplomas\.zip ·/)).toBeNull();

    await user.upload(fileInput('Documents'), zipFile());
    await screen.findByRole('progressbar', { name: 'Uploading the documents' });
    first.finish();
    expect(await screen.findByText('Uploaded · 2 KB')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', `${RESUMABLE_PATH}/up-second`).length).toBeGreaterThan(0);
  });

  it('checks the files before anything is sent', async () => {
    const { user, fetchMock } = render({});

    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    expect(
      await screen.findByText(
        'Choose the sheet: a CSV or Excel (.xlsx) file with one row per document',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Choose the zip of documents (PDF, PNG or JPEG files)'),
    ).toBeInTheDocument();

    fireEvent.change(fileInput('Sheet'), {
      target: { files: [new File(['x'], 'graduates.numbers')] },
    });
    expect(
      await screen.findByText('The sheet must be a CSV or Excel (.xlsx) file'),
    ).toBeInTheDocument();
    fireEvent.change(fileInput('Documents'), {
      target: { files: [new File(['x'], 'diplomas.rar')] },
    });
    expect(await screen.findByText('The documents must be in one .zip file')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/sheet-preview/')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', RESUMABLE_PATH)).toHaveLength(0);
  });

  it("shows the server's reason under the sheet when it cannot be read", async () => {
    const { user } = render({
      [SHEET_PREVIEW]: jsonResponse(
        {
          error: {
            code: 'validation_error',
            message: 'The sheet has 12,000 rows; at most 10,000 are allowed.',
          },
        },
        400,
      ),
    });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));

    expect(
      await screen.findByText('The sheet has 12,000 rows; at most 10,000 are allowed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Map columns' })).toBeNull();
  });

  it('wants the file column and one field per column', async () => {
    const preview: SheetPreview = { ...PREVIEW, mapping: { title: 'Title' } };
    const { user, fetchMock } = render({ [SHEET_PREVIEW]: jsonResponse(preview) });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });

    await choose(/^Holder name/, 'Title');
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('"Title" already fills Title')).toBeInTheDocument();
    expect(
      screen.getByText('Choose the column that names each document in the zip'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(0);
  });

  it("sends 'Not in the sheet' for a column the server suggested, so the user's choice wins", async () => {
    const { user, fetchMock } = render({
      [SHEET_PREVIEW]: jsonResponse(PREVIEW),
      [CREATE]: jsonResponse(validating, 201),
      'GET /api/bulk-operations/bulk_new/': jsonResponse(validating),
    });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    await choose(/^Holder name/, 'Full Name');
    await choose(/^Issue date/, 'Not in the sheet');
    await user.click(
      screen.getByRole('checkbox', { name: 'Publish Issue date as a custom field' }),
    );
    await clickWhenReady('Upload and check');

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(1),
    );
    const [createRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/');
    const sent = await bodyOf(createRequest);
    expect(sent.mapping).toMatchObject({ issue_date: '', holder_name: 'Full Name' });
    expect(sent.ignored_columns).toEqual(['Issue date']);
  });

  it('keeps what was chosen when going back a step', async () => {
    const { user } = render({ [SHEET_PREVIEW]: jsonResponse(PREVIEW) });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    await choose(/^Holder name/, 'Full Name');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/graduates\.csv ·/)).toBeInTheDocument();
    expect(screen.getByText(/diplomas\.zip ·/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    expect(screen.getByRole('combobox', { name: /^Holder name/ })).toHaveTextContent('Full Name');
  });
});

describe('create bulk verification: sealed codes', () => {
  it("sizes a sealed template's codes from 34 mm, as they are printed; a template without seals from 20", async () => {
    render({});
    const picker = screen.getByRole('combobox', { name: 'Landing-page template' });
    await waitFor(() => expect(picker).toHaveTextContent('Default (default)'));
    const size = screen.getByRole('slider', { name: 'Size' });

    expect(size).toHaveValue('34');
    expect(size).toHaveAttribute('min', '34');
    expect(
      screen.getByText(
        'Sealed codes carry a signature our scanner checks offline, so they are at least 34 mm.',
      ),
    ).toBeInTheDocument();

    await choose('Landing-page template', 'School of Law');
    expect(size).toHaveValue('25');
    expect(size).toHaveAttribute('min', '20');
    expect(
      screen.getByText('Codes of 25 mm or more scan reliably from a printed page.'),
    ).toBeInTheDocument();
  });
});

describe('create bulk verification: the review', () => {
  async function reachReview(routes: Record<string, Answer>) {
    const view = render({ [SHEET_PREVIEW]: jsonResponse(PREVIEW), ...routes });
    await view.user.upload(fileInput('Sheet'), sheetFile());
    await view.user.upload(fileInput('Documents'), zipFile());
    await view.user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    await choose(/^Holder name/, 'Full Name');
    await clickWhenReady('Upload and check');
    return view;
  }

  it('lists the problems, offers them all as CSV and cannot start when no row is valid', async () => {
    const saved = installObjectUrls();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const invalid = {
      ...validating,
      status: 'invalid' as const,
      valid_rows: 0,
      invalid_rows: 2,
      error_count: 140,
      errors: [
        { row: 1, column: 'File', message: 'No file named diploma-ada.pdf in the zip' },
        { row: 2, column: 'Issue date', message: 'Enter a date as YYYY-MM-DD.' },
        { row: null, column: null, message: 'The zip holds 3 documents no row names.' },
      ],
    };
    const stream = fakeEventStream();
    const { user, fetchMock } = await reachReview({
      [CREATE]: jsonResponse(validating, 201),
      'GET /api/bulk-operations/bulk_new/events/': () => stream.response,
      'GET /api/bulk-operations/bulk_new/report/': () =>
        new Response('row,status,code,public_url,error\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
    });

    // The check's progress comes through the stream; the operation is not asked for again.
    expect(await screen.findByText('Checking 2 rows…')).toBeInTheDocument();
    stream.send(validating);
    stream.send(invalid);
    stream.end();
    expect(await screen.findByText('No row can be secured')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_new/')).toHaveLength(0);
    const problems = within(screen.getByRole('table', { name: 'Problems found' }));
    const rows = problems.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1FileNo file named diploma-ada.pdf in the zip',
      '2Issue dateEnter a date as YYYY-MM-DD.',
      'Sheet—The zip holds 3 documents no row names.',
    ]);
    expect(screen.getByText(/The first 3 of 140 problems/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Download all errors (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_new/report/')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('form', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByText(/graduates\.csv ·/)).toBeNull();
  });

  it('shows a checking state while the server reads every row', async () => {
    await reachReview({
      [CREATE]: jsonResponse(validating, 201),
      'GET /api/bulk-operations/bulk_new/': jsonResponse(validating),
    });
    expect(await screen.findByText('Checking 2 rows…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking the rows' })).toBeInTheDocument();
  });

  it('says why the upload was refused and goes back to fix it', async () => {
    const { user } = await reachReview({
      [CREATE]: jsonResponse(
        {
          error: {
            code: 'validation_error',
            message: 'Check the highlighted fields.',
            details: { documents: ['The zip is larger than the 1 GB limit.'] },
          },
        },
        400,
      ),
    });
    expect(await screen.findByText('The files were not accepted')).toBeInTheDocument();
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(
      screen.getByText('Documents: The zip is larger than the 1 GB limit.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('form', { name: 'Map columns' })).toBeInTheDocument();
  });
});

describe('create bulk verification: a file past its day', () => {
  it('says so in the review and takes the file again, sending it anew', async () => {
    const gone = 'This file is no longer uploaded; choose it again.';
    const expired = {
      code: 'validation_failed',
      message: gone,
      details: { documents_upload_id: [gone] },
    };
    let creates = 0;
    const { user, fetchMock } = render({
      ...fakeResumableUpload({ ids: ['up-zip', 'up-zip-2'] }).routes,
      [SHEET_PREVIEW]: jsonResponse(PREVIEW),
      [CREATE]: () =>
        creates++ === 0 ? jsonResponse({ error: expired }, 400) : jsonResponse(validating, 201),
      'GET /api/bulk-operations/bulk_new/': jsonResponse(validating),
    });
    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    await choose(/^Holder name/, 'Full Name');
    await clickWhenReady('Upload and check');

    expect(await screen.findByText('The files were not accepted')).toBeInTheDocument();
    expect(screen.getByText(`Documents: ${gone}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose the file again' }));

    // The upload step says which file to choose again; the sheet is still chosen (and staged).
    await screen.findByRole('form', { name: 'Upload' });
    expect(screen.getByText(gone)).toBeInTheDocument();
    expect(screen.getByText(/graduates\.csv ·/)).toBeInTheDocument();
    expect(screen.queryByText(/diplomas\.zip ·/)).toBeNull();
    await user.upload(fileInput('Documents'), zipFile());
    expect(await screen.findByText('Uploaded · 2 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));
    await screen.findByRole('form', { name: 'Map columns' });
    expect(screen.getByRole('combobox', { name: /^Holder name/ })).toHaveTextContent('Full Name');
    await clickWhenReady('Upload and check');

    expect(await screen.findByText('Checking 2 rows…')).toBeInTheDocument();
    const [, again] = callsTo(fetchMock, 'POST', '/api/bulk-operations/');
    expect(await bodyOf(again)).toMatchObject({
      sheet_upload_id: 'up-sheet',
      documents_upload_id: 'up-zip-2',
    });
    expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(1);
  });
});

describe('create bulk verification: from one design', () => {
  const designPreview: SheetPreview = {
    columns: ['Holder Name', 'Title', 'Issue Date', 'Grade'],
    row_count: 3,
    rows: [['Ada Lovelace', 'Certificate of Excellence', '2026-06-30', 'First Class']],
    mapping: { holder_name: 'Holder Name', title: 'Title', issue_date: 'Issue Date' },
  };

  it('places fields on the design with row 1 as a preview and sends the layout', async () => {
    const { user, fetchMock, formOf } = render({
      [SHEET_PREVIEW]: jsonResponse(designPreview),
      [CREATE]: jsonResponse({ ...validating, mode: 'design' }, 201),
      'GET /api/bulk-operations/bulk_new/': jsonResponse({ ...ready, mode: 'design' }),
    });

    expect(screen.queryByText('Place fields')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Generate from one design/ }));
    // The stepper shows the design's extra step at once.
    expect(
      within(screen.getByRole('list', { name: 'Steps' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Upload', '2Map columns', '3Place fields', '4Review']);
    expect(screen.queryByLabelText('Documents', { selector: 'input' })).toBeNull();
    await user.upload(fileInput('Sheet'), sheetFile('certificates.xlsx'));
    await user.upload(fileInput('Design'), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));

    await screen.findByRole('form', { name: 'Map columns' });
    // The sheet and the design are staged once each; the preview names the sheet.
    const staged = callsTo(fetchMock, 'POST', UPLOADS_PATH).map((request) => formOf(request).files);
    expect(staged.map((files) => Object.keys(files))).toEqual([['sheet'], ['design']]);
    expect(staged[1].design.name).toBe('certificate.pdf');
    const [previewRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/sheet-preview/');
    expect(await bodyOf(previewRequest)).toEqual({ sheet_upload_id: 'up-sheet', mode: 'design' });
    // A design has no file column.
    expect(screen.queryByRole('combobox', { name: /^File/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next: place fields' }));

    // Name, title and date are placed to start with, showing row 1's values.
    await screen.findByRole('form', { name: 'Place fields' });
    const holder = await screen.findByRole('button', { name: /^Holder name: Ada Lovelace\./ });
    expect(
      screen.getByRole('button', { name: /^Title: Certificate of Excellence\./ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Issue date: 30 June 2026\./ })).toBeInTheDocument();

    // Moved with the keyboard; the title taken off; the grade added at 20 pt.
    fireEvent.keyDown(holder, { key: 'ArrowRight' });
    fireEvent.keyDown(holder, { key: 'ArrowUp', shiftKey: true });
    await user.click(screen.getByRole('button', { name: 'Remove Title' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Column: Grade' }));
    expect(
      await screen.findByRole('button', { name: /^Grade: First Class\./ }),
    ).toBeInTheDocument();
    const gradeSize = screen.getByRole('spinbutton', { name: 'Size of Grade in points' });
    await user.clear(gradeSize);
    await user.type(gradeSize, '2');
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('Size must be at least 4 pt')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(0);
    await user.type(gradeSize, '0');
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    expect(await screen.findByText('All 2 rows can be secured')).toBeInTheDocument();
    const sent = await bodyOf(callsTo(fetchMock, 'POST', '/api/bulk-operations/')[0]);
    expect(sent).toMatchObject({ sheet_upload_id: 'up-sheet', design_upload_id: 'up-design' });
    expect(sent).not.toHaveProperty('documents_upload_id');
    expect(callsTo(fetchMock, 'POST', UPLOADS_PATH)).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST', RESUMABLE_PATH)).toHaveLength(0);
    expect(sent.mapping).toEqual({
      title: 'Title',
      holder_name: 'Holder Name',
      issue_date: 'Issue Date',
      expiry_date: '',
    });
    expect(sent.ignored_columns).toEqual([]);
    expect(sent.layout).toEqual({
      fields: [
        {
          field: 'holder_name',
          x: 0.505,
          y: 0.4,
          font: 'Helvetica-Bold',
          size: 32,
          color: '#1f2937',
          align: 'center',
        },
        {
          field: 'issue_date',
          x: 0.5,
          y: 0.65,
          font: 'Helvetica',
          size: 12,
          color: '#1f2937',
          align: 'center',
          date_format: 'D MMMM YYYY',
        },
        {
          field: 'Grade',
          x: 0.5,
          y: 0.73,
          font: 'Helvetica',
          size: 20,
          color: '#1f2937',
          align: 'center',
        },
      ],
    });
  });
});

describe("create bulk verification: the plan's row limit", () => {
  it('says before any upload how many rows the plan takes, and which plan takes more', async () => {
    render({
      'GET /api/subscription/': jsonResponse(FREE_SUBSCRIPTION),
      'GET /api/subscription/plans/': jsonResponse(PLANS_RESPONSE),
    });

    expect(
      await screen.findByText(
        /Up to 10 rows in one operation on your Free plan; a longer sheet is refused\. The Starter plan takes 200 rows\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
  });

  it("shows the server's own ceiling when it is below the plan's", async () => {
    render({
      'GET /api/subscription/': jsonResponse(STARTER_SUBSCRIPTION),
      'GET /api/subscription/plans/': jsonResponse(PLANS_RESPONSE),
      'GET /api/settings/': jsonResponse({
        upload_max_bytes: 25 * 1024 * 1024,
        bulk_max_rows: 50,
        bulk_max_zip_bytes: 1024 * 1024 * 1024,
        bulk_sheet_max_bytes: 10 * 1024 * 1024,
      }),
    });

    expect(await screen.findByText('Up to 50 rows in one operation.')).toBeInTheDocument();
  });

  it("never lists a refused sheet's plan-limit details, only the server's sentence", async () => {
    const { user } = render({
      'GET /api/subscription/': jsonResponse(FREE_SUBSCRIPTION),
      'GET /api/subscription/plans/': jsonResponse(PLANS_RESPONSE),
      [SHEET_PREVIEW]: jsonResponse(
        {
          error: {
            code: 'plan_limit',
            message:
              'Your plan allows 10 rows in one bulk operation; this sheet has 25. Upgrade or split the sheet.',
            details: { limit_key: 'bulk_rows', limit: 10, used: 25 },
          },
        },
        403,
      ),
    });

    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));

    const alert = await screen.findByText(
      'Your plan allows 10 rows in one bulk operation; this sheet has 25. Upgrade or split the sheet.',
      { selector: '[role=alert], [role=alert] *' },
    );
    expect(alert).toBeInTheDocument();
    expect(screen.queryByText(/limit_key|bulk_rows/)).not.toBeInTheDocument();
  });
});
