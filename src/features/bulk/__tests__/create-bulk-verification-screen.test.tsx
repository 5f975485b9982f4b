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
  callsTo,
  fakeBulkServer,
  fakeEventStream,
  inTurn,
  installObjectUrls,
  jsonResponse,
  PREVIEW,
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

const CREATE = 'POST /api/bulk-operations/';
const SHEET_PREVIEW = 'POST /api/bulk-operations/sheet-preview/';

const sheetFile = (name = 'graduates.csv') =>
  new File(['File,Title,Full Name\n'], name, { type: 'text/csv' });
const zipFile = () => new File(['PK…'], 'diplomas.zip', { type: 'application/zip' });
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
  it('uploads, maps the columns, sends the multipart form, waits for the check and starts', async () => {
    const { user, fetchMock, formOf, router } = render({
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

    await user.upload(fileInput('Sheet'), sheetFile());
    await user.upload(fileInput('Documents'), zipFile());
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('Class of 2026');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Landing-page template' })).toHaveTextContent(
        'Default (default)',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Next: map columns' }));

    // The sheet is read on the server first.
    await screen.findByRole('form', { name: 'Map columns' });
    const [previewRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/sheet-preview/');
    expect(formOf(previewRequest).fields).toEqual({ mode: 'documents' });
    expect(formOf(previewRequest).files.sheet.name).toBe('graduates.csv');

    // The server's suggestion fills what matched; 'Full Name' did not, so the holder is still to choose.
    expect(screen.getByRole('combobox', { name: /^Title/ })).toHaveTextContent('Title');
    expect(screen.getByRole('combobox', { name: /^File/ })).toHaveTextContent('File');
    expect(screen.getByRole('combobox', { name: /^Issue date/ })).toHaveTextContent('Issue date');
    expect(screen.getByRole('combobox', { name: /^Holder name/ })).toHaveTextContent(
      'Not in the sheet',
    );
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText("Choose the column with the holder's name")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(0);

    await choose(/^Holder name/, 'Full Name');
    // The columns left over are published unless unticked.
    expect(screen.getByRole('checkbox', { name: 'Publish Grade as a custom field' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Publish Full Name/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Publish Grade as a custom field' }));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    expect(await screen.findByText('All 2 rows can be secured')).toBeInTheDocument();
    const [createRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/');
    const sent = formOf(createRequest);
    expect(sent.fields).toEqual({
      name: 'Class of 2026',
      template_id: 'tpl-default',
      // The default template seals its codes: they are stamped at 34 mm at least.
      qr: JSON.stringify({ ...DEFAULT_QR_PLACEMENT, size_mm: 34 }),
      allow_download: 'false',
      mapping: JSON.stringify({
        title: 'Title',
        holder_name: 'Full Name',
        issue_date: 'Issue date',
        expiry_date: '',
        file: 'File',
      }),
      ignored_columns: '["Grade"]',
    });
    expect(Object.keys(sent.files)).toEqual(['sheet', 'documents']);
    expect(sent.files.documents.name).toBe('diplomas.zip');
    // The options come before the files, so a streaming server meets them first.
    expect(sent.order.slice(-2)).toEqual(['sheet', 'documents']);
    expect(createRequest.headers.get('Authorization')).toBe('Bearer access-token-1');

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk-operations'));
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/bulk_new/start/')).toHaveLength(1);
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
    const { user, fetchMock, formOf } = render({
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
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/')).toHaveLength(1),
    );
    const [createRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/');
    const sent = formOf(createRequest).fields;
    expect(JSON.parse(sent.mapping)).toMatchObject({ issue_date: '', holder_name: 'Full Name' });
    expect(JSON.parse(sent.ignored_columns)).toEqual(['Issue date']);
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
    await view.user.click(screen.getByRole('button', { name: 'Upload and check' }));
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
    const [previewRequest] = callsTo(fetchMock, 'POST', '/api/bulk-operations/sheet-preview/');
    expect(formOf(previewRequest).fields).toEqual({ mode: 'design' });
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
    const sent = formOf(callsTo(fetchMock, 'POST', '/api/bulk-operations/')[0]);
    expect(Object.keys(sent.files)).toEqual(['sheet', 'design']);
    expect(sent.files.design.name).toBe('certificate.pdf');
    expect(JSON.parse(sent.fields.mapping)).toEqual({
      title: 'Title',
      holder_name: 'Holder Name',
      issue_date: 'Issue Date',
      expiry_date: '',
    });
    expect(JSON.parse(sent.fields.ignored_columns)).toEqual([]);
    expect(JSON.parse(sent.fields.layout)).toEqual({
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
