import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { browserLocation } from '@/lib/browser-location';
import type { PdfDocument } from '@/lib/pdf/pdf-document';
import { signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EXPIRY_BEFORE_ISSUE } from '@common/verifications';

import { CreateVerificationScreen } from '../components/create-verification-screen';
import { VerificationStatsCards } from '../components/verification-stats';
import { todayIsoDate } from '../format';

import {
  aVerification,
  callsTo,
  captureNotifications,
  fakeVerificationsServer as fakeServer,
  installObjectUrls,
  installXhrOverFetch,
  jsonResponse,
  type Answer,
  type UploadControl,
} from './fake-verifications-server';

// pdf.js needs a real browser; the preview only needs the page count and size.
const A4_POINTS = { widthPt: 595.28, heightPt: 841.89 };
const fakePdf: PdfDocument = {
  pageCount: 3,
  pageSize: jest.fn(async () => A4_POINTS),
  renderPage: jest.fn(() => ({ promise: Promise.resolve(), cancel: jest.fn() })),
  destroy: jest.fn(),
};
const mockOpenPdf = jest.fn(async (_file: Blob) => fakePdf);
jest.mock('@/lib/pdf/pdf-document', () => ({
  openPdf: (file: Blob) => mockOpenPdf(file),
  PdfOpenError: class extends Error {},
}));

const CREATE = 'POST /api/verifications/';
const STAGED = {
  id: 'up-1',
  name: 'diploma.pdf',
  size: 18,
  type: 'application/pdf',
  expires_at: '2030-01-01T00:00:00Z',
};

/** The verifications API plus the picker's staging endpoint, which keeps every file as STAGED. */
function fakeVerificationsServer(routes: Record<string, Answer>) {
  return fakeServer({
    'GET /api/uploads/sources/': jsonResponse({ cloud: [] }),
    'POST /api/uploads/': () => jsonResponse(STAGED, 201),
    'DELETE /api/uploads/up-1/': () => new Response(null, { status: 204 }),
    ...routes,
  });
}

function fileInputOf(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type=file]:not([webkitdirectory])') as HTMLInputElement;
}

function pdfFile(name = 'diploma.pdf') {
  return new File(['%PDF-1.7 a diploma'], name, { type: 'application/pdf' });
}

function renderCreate() {
  const view = renderWithProviders(<CreateVerificationScreen />, {
    preloadedState: { session: signedInSession() },
    route: '/create',
  });
  const fileInput = fileInputOf(view.container);
  const title = screen.getByRole('textbox', { name: 'Title' });
  const holder = screen.getByRole('textbox', { name: 'Holder name' });
  const issueDate = screen.getByLabelText(/Issue date/);
  const expiryDate = screen.getByLabelText(/Expiry date/);
  const create = screen.getByRole('button', { name: 'Create' });
  const fillIn = async () => {
    await view.user.upload(fileInput, pdfFile());
    // The picker uploads at once; Create waits for the server to have the file.
    await waitFor(() =>
      expect(view.container.querySelector('.uppy-Dashboard-Item')).not.toBeNull(),
    );
    await view.user.click(title);
    await view.user.paste('Bachelor of Science in Nursing');
    await view.user.click(holder);
    await view.user.paste('Amara Okafor');
  };
  return { ...view, fileInput, title, holder, issueDate, expiryDate, create, fillIn };
}

function deferred<Value>() {
  let resolve!: (value: Value) => void;
  const promise = new Promise<Value>((settle) => (resolve = settle));
  return { promise, resolve };
}

let restoreXhr: () => void;
let uploadControl: UploadControl;

beforeEach(() => {
  uploadControl = { steps: [0.5, 1] };
  restoreXhr = installXhrOverFetch(uploadControl);
  installObjectUrls();
  fakeVerificationsServer({});
  mockOpenPdf.mockClear();
});

afterEach(() => restoreXhr());

describe('create verification: the form', () => {
  it('starts with today as the issue date and explains each missing field', async () => {
    const { user, title, holder, issueDate, expiryDate, create } = renderCreate();

    expect(issueDate).toHaveValue(todayIsoDate());
    expect(expiryDate).toHaveValue('');
    expect(create).toBeDisabled();

    await user.click(title);
    await user.click(holder);
    await user.tab();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Holder name is required')).toBeInTheDocument();

    fireEvent.change(issueDate, { target: { value: '' } });
    fireEvent.blur(issueDate);
    expect(await screen.findByText('Issue date is required')).toBeInTheDocument();
  });

  it('wants an expiry date on or after the issue date, as the server does', async () => {
    const { issueDate, expiryDate } = renderCreate();

    fireEvent.change(issueDate, { target: { value: '2026-03-05' } });
    fireEvent.change(expiryDate, { target: { value: '2026-03-01' } });
    fireEvent.blur(expiryDate);
    expect(await screen.findByText(EXPIRY_BEFORE_ISSUE)).toBeInTheDocument();

    // A one-day document expires on the day it is issued.
    fireEvent.change(expiryDate, { target: { value: '2026-03-05' } });
    await waitFor(() => expect(screen.queryByText(EXPIRY_BEFORE_ISSUE)).not.toBeInTheDocument());
  });

  it('adds, checks and removes custom field rows', async () => {
    const { user } = renderCreate();

    expect(screen.queryByRole('group', { name: /Custom field/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const [first, second] = screen.getAllByRole('group', { name: /Custom field/ });

    await user.type(within(first).getByRole('textbox', { name: 'Field name' }), 'Grade');
    await user.type(within(first).getByRole('textbox', { name: 'Value' }), 'First class');
    await user.type(within(second).getByRole('textbox', { name: 'Field name' }), 'grade');
    await user.click(within(second).getByRole('textbox', { name: 'Value' }));
    await user.tab();
    expect(within(second).getByText('Field names must be unique')).toBeInTheDocument();
    expect(within(second).getByText('Value is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove custom field 1' }));
    const rows = screen.getAllByRole('group', { name: /Custom field/ });
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByRole('textbox', { name: 'Field name' })).toHaveValue('grade');
    expect(screen.queryByText('Field names must be unique')).not.toBeInTheDocument();
  });

  it('refuses files the server would refuse, before uploading', async () => {
    const { fileInput, fetchMock } = { ...renderCreate(), fetchMock: fakeVerificationsServer({}) };

    fireEvent.change(fileInput, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await screen.findByText('Only PDF, PNG and JPEG files can be secured'),
    ).toBeInTheDocument();

    // The limit is the server's (GET /api/settings/); the hint names it once it is known.
    expect(await screen.findByText('PDF, PNG or JPEG, up to 25 MB')).toBeInTheDocument();
    const huge = pdfFile('scan.pdf');
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(fileInput, { target: { files: [huge] } });
    expect(await screen.findByText('The file is larger than the 25 MB limit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(mockOpenPdf).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST', '/api/uploads/')).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the uploaded file", async () => {
    fakeVerificationsServer({
      'POST /api/uploads/': () =>
        jsonResponse(
          {
            error: {
              message: 'The PDF is password-protected; upload an unprotected copy',
              details: { file: ['The PDF is password-protected; upload an unprotected copy'] },
            },
          },
          400,
        ),
    });
    const { user, fileInput, create } = renderCreate();

    await user.upload(fileInput, pdfFile('locked.pdf'));
    expect(
      await screen.findByText('The PDF is password-protected; upload an unprotected copy'),
    ).toBeInTheDocument();
    expect(create).toBeDisabled();
  });

  it('takes the session refresh when the upload meets a 401, as any API call would', async () => {
    const fetchMock = fakeVerificationsServer({
      'POST /api/uploads/': () =>
        jsonResponse({ error: { message: 'Authentication credentials were not provided.' } }, 401),
      'POST /api/auth/token/': () => jsonResponse({ access_token: 'a2', refresh_token: 'r2' }),
    });
    const { user, fileInput } = renderCreate();

    await user.upload(fileInput, pdfFile());

    await waitFor(() => expect(browserLocation.reload).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', '/api/auth/token/')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/verifications/stats/')).toHaveLength(0);
  });

  it('previews the chosen page with the QR code at its size, and moves it when custom', async () => {
    const { user, fileInput } = renderCreate();
    expect(screen.getByText(/preview appears here/)).toBeInTheDocument();

    await user.upload(fileInput, pdfFile());
    const placeholder = await screen.findByTestId('qr-placeholder');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
    // The default template seals: its code's 34 mm on a 210 mm wide page, 10 mm from the right edge.
    expect(placeholder.style.width).toMatch(/^16\.19/);
    expect(parseFloat(placeholder.style.left)).toBeCloseTo(((210 - 34 - 10) / 210) * 100, 0);

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText(/Page 3 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Top left' }));
    expect(parseFloat(screen.getByTestId('qr-placeholder').style.left)).toBeCloseTo(
      (10 / 210) * 100,
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const draggable = screen.getByRole('button', { name: /QR code, 34 mm\. Drag it/ });
    const before = parseFloat(draggable.style.left);
    act(() => draggable.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(parseFloat(draggable.style.left)).toBeCloseTo(before + 2, 1);
  });
});

describe('create verification: sealed codes', () => {
  it('starts a sealed code at 34 mm and no smaller; a template without seals goes back to 25 mm', async () => {
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => jsonResponse(aVerification(), 201),
      'GET /api/verifications/ver_1/qr/': () => new Response('', { status: 404 }),
    });
    const { user, fillIn, create } = renderCreate();
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
    fireEvent.keyDown(size, { key: 'ArrowLeft' });
    expect(size).toHaveValue('34');

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'School of Nursing' }));
    expect(size).toHaveValue('25');
    expect(size).toHaveAttribute('min', '20');
    expect(
      screen.getByText('Codes of 25 mm or more scan reliably from a printed page.'),
    ).toBeInTheDocument();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Default (default)' }));
    expect(size).toHaveValue('34');
    await fillIn();
    await user.click(create);
    await screen.findByText('Verification created');
    const [upload] = callsTo(fetchMock, 'POST', '/api/verifications/');
    expect((await upload.clone().json()).qr.size_mm).toBe(34);
  });

  it('keeps a size chosen above the minimum when the template changes', async () => {
    fakeVerificationsServer({});
    const { user } = renderCreate();
    const picker = screen.getByRole('combobox', { name: 'Landing-page template' });
    await waitFor(() => expect(picker).toHaveTextContent('Default (default)'));
    const size = screen.getByRole('slider', { name: 'Size' });
    fireEvent.keyDown(size, { key: 'ArrowRight' });

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'School of Nursing' }));

    expect(size).toHaveValue('35');
  });
});

describe('create verification: sending it', () => {
  it('uploads the document with every field, shows progress, then the result', async () => {
    uploadControl.steps = [0.5];
    const answer = deferred<Response>();
    const created = aVerification({ custom_fields: [{ key: 'Grade', value: 'First class' }] });
    // Sealed: the link the QR code opens carries the seal, and so does the link the user copies.
    Object.assign(created, { sealed: true, qr_url: `${created.public_url}#00123456789` });
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => answer.promise,
      'GET /api/verifications/ver_1/qr/': () =>
        new Response('png', {
          headers: { 'Content-Type': 'image/png' },
        }),
    });
    const { user, fillIn, create, issueDate } = renderCreate();

    await fillIn();
    fireEvent.change(issueDate, { target: { value: '2026-03-05' } });
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByRole('textbox', { name: 'Field name' }), ' Grade ');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'First class');
    await user.click(screen.getByRole('switch', { name: /Allow download/ }));
    await user.click(screen.getByRole('button', { name: 'Every page' }));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Size' }), { key: 'ArrowRight' });
    const [staged] = callsTo(fetchMock, 'POST', '/api/uploads/');
    expect(staged.headers.get('Authorization')).toBe('Bearer access-token-1');
    const stagedFile = (await staged.clone().formData()).get('file') as File;
    expect(stagedFile.name).toBe('diploma.pdf');
    expect(stagedFile.type).toBe('application/pdf');

    await user.click(create);
    expect(await screen.findByText('Securing the document…')).toBeInTheDocument();

    const [upload] = await waitFor(() => {
      const calls = callsTo(fetchMock, 'POST', '/api/verifications/');
      expect(calls).toHaveLength(1);
      return calls;
    });
    expect(upload.headers.get('Authorization')).toBe('Bearer access-token-1');
    expect(upload.headers.get('Content-Type')).toBe('application/json');
    expect(await upload.clone().json()).toEqual({
      title: 'Bachelor of Science in Nursing',
      holder_name: 'Amara Okafor',
      issue_date: '2026-03-05',
      custom_fields: [{ key: 'Grade', value: 'First class' }],
      qr: { pages: 'every', position: 'bottom-right', size_mm: 35 },
      allow_download: true,
      template_id: 'tpl-default',
      upload_id: 'up-1',
    });

    await act(async () => answer.resolve(jsonResponse(created, 201)));

    expect(await screen.findByText('Verification created')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveValue(created.qr_url);
    expect(screen.getByRole('button', { name: 'Copy public link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open public page' })).toHaveAttribute(
      'href',
      created.qr_url,
    );
    expect(screen.getByRole('button', { name: 'Download secured PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR code as PNG' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR code as SVG' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: `QR code for verification ${created.code}` }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));

    await user.click(screen.getByRole('button', { name: 'Create another' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'browse files' })).toBeInTheDocument();
  });

  it("preselects the account's default template and sends the one chosen", async () => {
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => jsonResponse(aVerification(), 201),
      'GET /api/verifications/ver_1/qr/': () => new Response('', { status: 404 }),
    });
    const { user, fillIn, create } = renderCreate();
    const picker = screen.getByRole('combobox', { name: 'Landing-page template' });
    await waitFor(() => expect(picker).toHaveTextContent('Default (default)'));

    await fillIn();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'School of Nursing' }));
    expect(
      screen.getByText('The public page of this template never offers the download.'),
    ).toBeInTheDocument();
    await user.click(create);

    const [upload] = await waitFor(() => {
      const calls = callsTo(fetchMock, 'POST', '/api/verifications/');
      expect(calls).toHaveLength(1);
      return calls;
    });
    expect((await upload.clone().json()).template_id).toBe('tpl-nursing');
  });

  it('says the document is being secured once the upload is complete', async () => {
    const answer = deferred<Response>();
    fakeVerificationsServer({ [CREATE]: () => answer.promise });
    const { user, fillIn, create } = renderCreate();

    await fillIn();
    await user.click(create);

    expect(await screen.findByText('Securing the document…')).toBeInTheDocument();
    await act(async () => answer.resolve(jsonResponse(aVerification(), 201)));
  });

  it('sends a custom position as fractions of the page', async () => {
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => jsonResponse(aVerification(), 201),
      'GET /api/verifications/ver_1/qr/': () => new Response('', { status: 404 }),
    });
    const { user, fillIn, create } = renderCreate();

    await fillIn();
    await screen.findByTestId('qr-placeholder');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    act(() => screen.getByRole('button', { name: /Drag it/ }).focus());
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    await user.click(create);

    await screen.findByText('Verification created');
    const [upload] = callsTo(fetchMock, 'POST', '/api/verifications/');
    const { qr } = await upload.clone().json();
    expect(qr).toEqual({
      pages: 'first',
      position: 'custom',
      size_mm: 34,
      x: expect.closeTo((210 - 34 - 10) / 210, 3),
      y: expect.closeTo((297 - 34 - 10) / 297 - 0.05, 3),
    });
  });

  it('refreshes the figures once the verification exists', async () => {
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => jsonResponse(aVerification(), 201),
      'GET /api/verifications/stats/': () =>
        jsonResponse({ total: 1, active: 1, revoked: 0, expired: 0, scans_last_30_days: 0 }),
      'GET /api/verifications/ver_1/qr/': () => new Response('', { status: 404 }),
    });
    const { user } = renderWithProviders(
      <>
        <VerificationStatsCards />
        <CreateVerificationScreen />
      </>,
      { preloadedState: { session: signedInSession() } },
    );
    await screen.findByTestId('stat-total');
    expect(callsTo(fetchMock, 'GET', '/api/verifications/stats/')).toHaveLength(1);

    await user.upload(fileInputOf(document.body), pdfFile());
    await screen.findByText('Upload complete');
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.paste('Diploma');
    await user.click(screen.getByRole('textbox', { name: 'Holder name' }));
    await user.paste('Amara Okafor');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await screen.findByText('Verification created');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/verifications/stats/')).toHaveLength(2),
    );
  });

  it('shows the server’s field errors next to the fields and the rest in the alert', async () => {
    fakeVerificationsServer({
      [CREATE]: jsonResponse(
        {
          error: {
            message: 'Some fields need attention',
            code: 'validation_failed',
            details: {
              holder_name: ['Holder name is too long'],
              qr: ['The QR code does not fit on the page'],
            },
          },
        },
        400,
      ),
    });
    const notifications = captureNotifications();
    const { user, fillIn, create } = renderCreate();

    await fillIn();
    await user.click(create);

    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent('Some fields need attention');
    expect(alert).toHaveTextContent('QR code: The QR code does not fit on the page');
    expect(screen.getByText('Holder name is too long')).toBeInTheDocument();
    expect(notifications).not.toHaveBeenCalled();
  });

  it.each([
    [400, { error: { message: 'The file is not a valid PDF' } }, 'The file is not a valid PDF'],
    [
      400,
      { error: { message: 'The PDF is password-protected; upload an unprotected copy' } },
      'The PDF is password-protected; upload an unprotected copy',
    ],
    [
      415,
      { error: { message: 'Only PDF, PNG and JPEG files can be secured' } },
      'Only PDF, PNG and JPEG files can be secured',
    ],
    [
      413,
      { error: { message: 'Request body is too large' } },
      'The file is larger than the 25 MB limit',
    ],
    [
      413,
      {
        error: {
          code: 'pdf_too_complex',
          message: 'The PDF is too complex to secure (more than 5,000 pages)',
          details: { file: ['The PDF is too complex to secure (more than 5,000 pages)'] },
        },
      },
      'The PDF is too complex to secure (more than 5,000 pages)',
    ],
    [
      503,
      { error: { code: 'server_busy', message: 'The server is busy securing other documents.' } },
      'The server is busy securing other documents.',
    ],
  ])('explains a %i answer in an alert', async (status, body, message) => {
    fakeVerificationsServer({ [CREATE]: jsonResponse(body, status) });
    const { user, fillIn, create } = renderCreate();

    await fillIn();
    await user.click(create);

    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(message)),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('downloads the secured PDF with the bearer, named as the server says', async () => {
    const fetchMock = fakeVerificationsServer({
      [CREATE]: () => jsonResponse(aVerification(), 201),
      'GET /api/verifications/ver_1/qr/': () => new Response('', { status: 404 }),
      'GET /api/verifications/ver_1/document/': () =>
        new Response('%PDF secured', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="diploma-secured.pdf"',
          },
        }),
    });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user, fillIn, create } = renderCreate();

    await fillIn();
    await user.click(create);
    await user.click(await screen.findByRole('button', { name: 'Download secured PDF' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('diploma-secured.pdf');
    const [download] = callsTo(fetchMock, 'GET', '/api/verifications/ver_1/document/');
    expect(download.headers.get('Authorization')).toBe('Bearer access-token-1');
    const [[saved]] = (URL.createObjectURL as jest.Mock).mock.calls as [[Blob]];
    expect(await saved.text()).toBe('%PDF secured');
  });
});
