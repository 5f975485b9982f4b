// The file picker's link import: the product's rules for what counts as a link, and its messages.
import { screen, waitFor } from '@testing-library/react';

import { signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

import { CreateVerificationScreen } from '../components/create-verification-screen';

import {
  callsTo,
  captureNotifications,
  fakeVerificationsServer,
  installObjectUrls,
  installXhrOverFetch,
  jsonResponse,
  type Answer,
} from './fake-verifications-server';

jest.mock('@/lib/pdf/pdf-document', () => ({
  openPdf: async () => ({
    pageCount: 1,
    pageSize: async () => ({ widthPt: 595, heightPt: 842 }),
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
    destroy: () => undefined,
  }),
  PdfOpenError: class extends Error {},
}));

const META = 'POST /companion/url/meta';
const INCORRECT_URL = 'Incorrect URL: Please make sure you are entering a direct link to a file';
const FAILED_TO_FETCH = "Companion failed to fetch this URL, please make sure it's correct";

let restoreXhr: () => void;

beforeEach(() => {
  restoreXhr = installXhrOverFetch();
  installObjectUrls();
});

afterEach(() => restoreXhr());

async function openLinkImport(routes: Record<string, Answer>) {
  const fetchMock = fakeVerificationsServer({
    'GET /api/uploads/sources/': jsonResponse({ cloud: [] }),
    ...routes,
  });
  const view = renderWithProviders(<CreateVerificationScreen />, {
    preloadedState: { session: signedInSession() },
    route: '/create',
  });
  const shown = captureNotifications();
  await view.user.click(await screen.findByRole('tab', { name: 'Link' }));
  const input = await screen.findByRole('textbox', { name: 'Enter URL to import a file' });
  const importLink = async (value: string) => {
    await view.user.clear(input);
    await view.user.type(input, value);
    await view.user.click(screen.getByRole('button', { name: 'Import' }));
  };
  return { ...view, fetchMock, shown, importLink };
}

it('asks Companion about a link, with http:// added when the scheme is missing', async () => {
  const { fetchMock, importLink } = await openLinkImport({
    [META]: jsonResponse({ name: 'diploma.pdf', type: 'application/pdf', size: 18 }),
    'POST /companion/url/get': jsonResponse({ token: 'upload-token' }),
  });

  await importLink('files.example.com/diploma.pdf');

  const [meta] = await waitFor(() => {
    const calls = callsTo(fetchMock, 'POST', '/companion/url/meta');
    expect(calls).toHaveLength(1);
    return calls;
  });
  expect(await meta.clone().json()).toEqual({ url: 'http://files.example.com/diploma.pdf' });
  expect(meta.headers.get('Authorization')).toBe('Bearer access-token-1');
  // The file is in the picker, and Companion is asked to fetch it into our staging endpoint.
  expect(await screen.findByText('diploma.pdf')).toBeInTheDocument();
  const [get] = await waitFor(() => {
    const calls = callsTo(fetchMock, 'POST', '/companion/url/get');
    expect(calls).toHaveLength(1);
    return calls;
  });
  expect(await get.clone().json()).toMatchObject({
    url: 'http://files.example.com/diploma.pdf',
    endpoint: 'http://localhost/api/uploads/',
    fieldname: 'file',
    headers: { authorization: 'Bearer access-token-1' },
  });
});

it('ignores a blob: value, and refuses anything but http(s) for 4 seconds', async () => {
  const { fetchMock, shown, importLink } = await openLinkImport({});

  await importLink('blob:http://localhost/1234');
  await importLink('ftp://files.example.com/diploma.pdf');

  await waitFor(() =>
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'error', detail: INCORRECT_URL, lifetime: 4000 }),
    ),
  );
  expect(shown).toHaveBeenCalledTimes(1);
  expect(callsTo(fetchMock, 'POST', '/companion/url/meta')).toHaveLength(0);
});

it('says Companion failed to fetch a link it could not read, for 4 seconds', async () => {
  const { shown, importLink } = await openLinkImport({
    [META]: jsonResponse({ message: 'failed to fetch URL metadata' }, 422),
  });

  await importLink('https://files.example.com/missing.pdf');

  await waitFor(() =>
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        severity: 'error',
        detail: expect.stringContaining(FAILED_TO_FETCH),
        lifetime: 4000,
      }),
    ),
  );
  expect(screen.queryByText('missing.pdf')).not.toBeInTheDocument();
});

it('turns away a link to a web page before anything is fetched', async () => {
  const { fetchMock, shown, importLink } = await openLinkImport({
    [META]: jsonResponse({ name: 'diploma.pdf', type: 'text/html; charset=utf-8', size: 5120 }),
  });

  await importLink('https://files.example.com/diploma.pdf');

  await waitFor(() =>
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        detail:
          'This link opens a web page, not a file. Use a direct link to the PDF, PNG or JPEG.',
      }),
    ),
  );
  expect(callsTo(fetchMock, 'POST', '/companion/url/get')).toHaveLength(0);
});
