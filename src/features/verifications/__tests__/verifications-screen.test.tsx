import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { formatDateTime } from '@/lib/dates';
import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { emulatePhoneWidth } from '@/testing/phone-width';
import { renderWithProviders } from '@/testing/render-with-providers';

import { VerificationsScreen } from '../components/verifications-screen';

import {
  aPage,
  aVerification,
  callsTo,
  captureNotifications,
  fakeVerificationsServer,
  installObjectUrls,
  jsonResponse,
  queryOf,
  STATS,
  type Answer,
} from './fake-verifications-server';

import type { Verification } from '../api/verifications-api';

const LIST = '/api/verifications/';
const STATS_PATH = '/api/verifications/stats/';

const nursing = aVerification();
const welding = aVerification({
  id: 'ver_2',
  code: 'QRV-4M8T1',
  title: 'Welding Certificate Level 2',
  holder_name: 'Jonas Berg',
  issue_date: '2025-11-20',
  status: 'revoked',
  revoked_at: '2026-01-10T08:00:00Z',
  revocation_reason: 'Issued with a wrong level',
  replaced_by: { id: 'ver_3', code: 'QRV-9Z9Z9' },
  scan_count: 0,
  last_scanned_at: null,
});

/** A small stateful server: revoking and deleting change what later calls answer. */
function serve(rows: Verification[], extra: Record<string, Answer> = {}) {
  const state = { rows: [...rows], stats: { ...STATS } };
  const byId = (request: Request) => {
    const id = new URL(request.url).pathname.split('/')[3];
    return state.rows.find((row) => row.id === id);
  };
  const routes: Record<string, Answer> = {
    [`GET ${LIST}`]: () => jsonResponse(aPage(state.rows, { count: state.rows.length })),
    [`GET ${STATS_PATH}`]: () => jsonResponse(state.stats),
    ...extra,
  };
  for (const row of rows) {
    const base = `/api/verifications/${row.id}/`;
    routes[`GET ${base}`] ??= (request) => {
      const found = byId(request);
      return found ? jsonResponse(found) : jsonResponse({ error: { message: 'Not found' } }, 404);
    };
    routes[`GET ${base}scans/`] ??= () =>
      jsonResponse({
        results: [
          { scanned_at: '2026-03-07T09:15:00Z', device: 'iPhone · Safari' },
          { scanned_at: '2026-03-06T18:40:00Z', device: 'Android · Chrome' },
        ],
      });
    routes[`GET ${base}qr/`] ??= () =>
      new Response('png-bytes', { headers: { 'Content-Type': 'image/png' } });
    routes[`POST ${base}revoke/`] ??= async (request) => {
      const body = (await request.clone().json()) as { reason: string };
      const index = state.rows.findIndex((candidate) => candidate.id === row.id);
      state.rows[index] = {
        ...state.rows[index],
        status: 'revoked',
        revoked_at: '2026-03-08T10:00:00Z',
        revocation_reason: body.reason,
      };
      state.stats = {
        ...state.stats,
        active: state.stats.active - 1,
        revoked: state.stats.revoked + 1,
      };
      return jsonResponse(state.rows[index]);
    };
    routes[`DELETE ${base}`] ??= () => {
      state.rows = state.rows.filter((candidate) => candidate.id !== row.id);
      state.stats = { ...state.stats, total: state.stats.total - 1 };
      return new Response(null, { status: 204 });
    };
  }
  return { fetchMock: fakeVerificationsServer(routes), state };
}

function renderDashboard(session = signedInSession()) {
  return renderWithProviders(<VerificationsScreen />, { preloadedState: { session } });
}

/** A shared user who may look at verifications but not change them. */
const viewerSession = () =>
  sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, verifications: 'view' } });

function listCalls(fetchMock: ReturnType<typeof serve>['fetchMock']) {
  return callsTo(fetchMock, 'GET', LIST).map(queryOf);
}

async function openDrawer(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: title });
}

beforeEach(() => {
  installObjectUrls();
});

describe('dashboard: figures and list', () => {
  it('shows the figures, with skeletons while they load', async () => {
    serve([nursing]);
    renderDashboard();

    expect(screen.getByLabelText('Loading Total')).toBeInTheDocument();
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-active')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-revoked')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-expired')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-scans_last_30_days')).toHaveTextContent('57');
    expect(screen.getByText('Scans in 30 days')).toBeInTheDocument();
  });

  it('lists verifications with their status, dates and scans', async () => {
    serve([nursing, welding]);
    renderDashboard();

    const table = await screen.findByRole('table', { name: 'Verifications' });
    await within(table).findByText('Bachelor of Science in Nursing');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]);
    expect(first.getByText('Bachelor of Science in Nursing')).toBeInTheDocument();
    expect(first.getByText(/Amara Okafor/)).toBeInTheDocument();
    expect(first.getByText('QRV-7K2P9')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('5 March 2026')).toBeInTheDocument();
    expect(first.getByText('3')).toBeInTheDocument();
    expect(first.getByText(formatDateTime(nursing.created_at))).toBeInTheDocument();
    expect(first.getByText('by Olivia Owner')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Revoked')).toBeInTheDocument();
  });

  it('asks the server for the first page, newest first', async () => {
    const { fetchMock } = serve([nursing]);
    renderDashboard();

    await screen.findByRole('table');
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    expect(listCalls(fetchMock)[0]).toEqual({
      page: '1',
      page_size: '10',
      ordering: '-created_at',
    });
    const [list] = callsTo(fetchMock, 'GET', LIST);
    expect(list.headers.get('Authorization')).toBe('Bearer access-token-1');
  });

  it('searches once typing pauses, and filters by status and issue dates', async () => {
    const { fetchMock } = serve([nursing]);
    const { user } = renderDashboard();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nurs');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toMatchObject({ search: 'nurs' }));
    // One request for the whole word, none per keystroke.
    expect(listCalls(fetchMock).filter((query) => 'search' in query)).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Revoked' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toEqual({
        page: '1',
        page_size: '10',
        ordering: '-created_at',
        search: 'nurs',
        status: 'revoked',
      }),
    );

    fireEvent.change(screen.getByLabelText('Issued from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Issued to'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatchObject({
        issued_from: '2026-01-01',
        issued_to: '2026-03-31',
      }),
    );
  });

  it('sorts by a column, then the other way round', async () => {
    const { fetchMock } = serve([nursing]);
    const { user } = renderDashboard();
    const table = await screen.findByRole('table');

    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toMatchObject({ ordering: 'title' }));
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toMatchObject({ ordering: '-title' }));
    await user.click(within(table).getByRole('button', { name: 'Scans' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatchObject({ ordering: '-scan_count' }),
    );
    await user.click(within(table).getByRole('button', { name: 'Issue date' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatchObject({ ordering: '-issue_date' }),
    );
    expect(within(table).getByRole('columnheader', { name: /Issue date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages through the server’s count', async () => {
    const rows = Array.from({ length: 10 }, (_, index) =>
      aVerification({ id: `ver_${index + 10}`, title: `Certificate ${index + 1}` }),
    );
    const fetchMock = fakeVerificationsServer({
      [`GET ${LIST}`]: (request) => {
        const page = Number(queryOf(request).page);
        return jsonResponse(aPage(page === 1 ? rows : rows.slice(0, 3), { count: 23, page }));
      },
      [`GET ${STATS_PATH}`]: () => jsonResponse(STATS),
    });
    const { user } = renderDashboard();

    expect(await screen.findByText('1–10 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toMatchObject({ page: '2' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Per page/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatchObject({ page: '1', page_size: '25' }),
    );
  });

  it('invites the first verification when there are none', async () => {
    serve([]);
    renderDashboard();

    expect(
      await screen.findByRole('heading', { name: 'No verifications yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create verification' })).toHaveAttribute(
      'href',
      '/create',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { fetchMock } = serve([nursing], {
      [`GET ${LIST}`]: (request) =>
        jsonResponse(queryOf(request).search ? aPage([], { count: 0 }) : aPage([nursing])),
    });
    const { user } = renderDashboard();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No verifications match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(await screen.findByText('Bachelor of Science in Nursing')).toBeInTheDocument();
    expect(listCalls(fetchMock).filter((query) => 'search' in query)).toHaveLength(1);
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let isDown = true;
    serve([nursing], {
      [`GET ${LIST}`]: () =>
        isDown
          ? jsonResponse({ error: { message: 'Something went wrong' } }, 500)
          : jsonResponse(aPage([nursing])),
    });
    const { user } = renderDashboard();

    expect(
      await screen.findByRole('heading', { name: 'Verifications could not be loaded' }),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('collapses to cards on a phone', async () => {
    const restoreWidth = emulatePhoneWidth();
    try {
      serve([nursing, welding]);
      renderDashboard();

      const cards = await screen.findByRole('list', { name: 'Verifications' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards).getByText('Welding Certificate Level 2')).toBeInTheDocument();
      expect(within(cards).getAllByText('Created by Olivia Owner')).toHaveLength(2);
    } finally {
      restoreWidth();
    }
  });
});

describe('dashboard: the detail drawer', () => {
  it('shows every field, both hashes, the QR code and the scans', async () => {
    serve([nursing]);
    renderDashboard();

    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    expect(await drawer.findByText('Amara Okafor')).toBeInTheDocument();
    expect(drawer.getByText('Student number')).toBeInTheDocument();
    expect(drawer.getByText('S-20431')).toBeInTheDocument();
    expect(drawer.getByText('Does not expire')).toBeInTheDocument();
    expect(drawer.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(drawer.getByText('b'.repeat(64))).toBeInTheDocument();
    expect(
      drawer.getByRole('button', { name: 'Copy SHA-256 of the original' }),
    ).toBeInTheDocument();
    expect(
      drawer.getByRole('button', { name: 'Copy SHA-256 of the secured document' }),
    ).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'Public link' })).toHaveValue(nursing.public_url);
    expect(drawer.getByRole('link', { name: 'Open public page' })).toHaveAttribute(
      'href',
      nursing.public_url,
    );
    expect(
      await drawer.findByRole('img', { name: 'QR code for verification QRV-7K2P9' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    const scans = await drawer.findByRole('list', { name: 'Scan history' });
    expect(within(scans).getAllByRole('listitem')).toHaveLength(2);
    expect(within(scans).getByText('iPhone · Safari')).toBeInTheDocument();
    expect(drawer.getByText('Bottom right on the first page, 30 mm.')).toBeInTheDocument();
    expect(drawer.getByText('Olivia Owner')).toBeInTheDocument();
  });

  it("shows the PDF's signature, its timestamp or why it waits, and the file as first signed", async () => {
    const signature = {
      level: 'B-LT' as const,
      signer: 'alpha-university.edu',
      certificate_sha256: 'c'.repeat(64),
      signed_at: '2026-03-05T14:07:00Z',
      timestamped_at: '2026-03-05T15:30:00Z',
      timestamp_pending: false,
    };
    serve([
      aVerification({
        signature,
        secured: { size: 501_877, sha256: 'b'.repeat(64), earlier_sha256: 'e'.repeat(64) },
      }),
      {
        ...welding,
        signature: { ...signature, level: 'B-B', timestamped_at: null, timestamp_pending: true },
      },
    ]);
    renderDashboard();

    const upgraded = within(await openDrawer('Bachelor of Science in Nursing'));
    expect(await upgraded.findByText(/PAdES B-LT by alpha-university.edu/)).toBeInTheDocument();
    expect(upgraded.getByText('e'.repeat(64))).toBeInTheDocument();
    expect(
      upgraded.getByRole('button', {
        name: 'Copy SHA-256 of the secured document as first signed',
      }),
    ).toBeInTheDocument();
    expect(upgraded.getByText(/^Copies of it still match/)).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const pending = within(await openDrawer(welding.title));
    expect(await pending.findByText(/PAdES B-B by alpha-university.edu/)).toBeInTheDocument();
    expect(
      pending.getByText(/^Pending: the time-stamping authority did not answer/),
    ).toBeInTheDocument();
    expect(pending.queryByText('As first signed')).not.toBeInTheDocument();
  });

  it('says when the QR code is sealed, and nothing when it is not', async () => {
    serve([aVerification({ sealed: true }), { ...welding, sealed: false }]);
    renderDashboard();

    const sealed = within(await openDrawer('Bachelor of Science in Nursing'));
    expect(
      await sealed.findByText(/The code carries a signature our scanner checks offline/),
    ).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const unsealed = within(await openDrawer('Welding Certificate Level 2'));
    expect(await unsealed.findByText('Jonas Berg')).toBeInTheDocument();
    expect(unsealed.queryByText(/Sealed\./)).not.toBeInTheDocument();
  });

  it('copies a hash to the clipboard', async () => {
    serve([nursing]);
    const { user } = renderDashboard();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    await user.click(await drawer.findByRole('button', { name: 'Copy SHA-256 of the original' }));

    expect(writeText).toHaveBeenCalledWith('a'.repeat(64));
    await waitFor(() =>
      expect(drawer.getAllByRole('status').map((status) => status.textContent)).toContain('Copied'),
    );
  });

  it('shows why a revoked verification was revoked and what replaced it', async () => {
    serve([welding]);
    renderDashboard();

    const drawer = within(await openDrawer('Welding Certificate Level 2'));
    expect(await drawer.findByText('Reason: Issued with a wrong level')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'QRV-9Z9Z9' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('downloads the original with the bearer', async () => {
    const { fetchMock } = serve([nursing], {
      'GET /api/verifications/ver_1/original/': () =>
        new Response('%PDF original', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = renderDashboard();

    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    await user.click(await drawer.findByRole('button', { name: 'Download original' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('diploma.pdf');
    const [call] = callsTo(fetchMock, 'GET', '/api/verifications/ver_1/original/');
    expect(call.headers.get('Authorization')).toBe('Bearer access-token-1');
  });
});

describe('dashboard: verifications made in bulk', () => {
  const fromBulk = aVerification({
    id: 'ver_5',
    code: 'QRV-B5B5B',
    title: 'Diploma in Midwifery',
    bulk_operation: { id: 'bulk_1', name: 'Class of 2026' },
  });

  it('narrows the list to the operation the address names, shown as a chip that clears it', async () => {
    const { fetchMock } = serve([fromBulk]);
    const { user, router } = renderWithProviders(<VerificationsScreen />, {
      preloadedState: { session: signedInSession() },
      route: '/?bulk_operation=bulk_1',
    });

    const chip = await screen.findByRole('button', { name: /Bulk: Class of 2026/ });
    expect(listCalls(fetchMock)[0]).toMatchObject({ bulk_operation: 'bulk_1', page: '1' });
    // A filtered list that is empty is not the invitation to create the first verification.
    expect(screen.queryByText('No verifications yet')).toBeNull();

    await user.click(
      within(chip).getByLabelText('Show verifications of every operation', { selector: 'svg' }),
    );
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).not.toHaveProperty('bulk_operation'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: /Bulk:/ })).toBeNull();
  });

  it('names the operation in the drawer and links to the list of its verifications', async () => {
    const { fetchMock } = serve([fromBulk]);
    const { user, router } = renderDashboard();

    const drawer = within(await openDrawer('Diploma in Midwifery'));
    const link = await drawer.findByRole('link', {
      name: 'Bulk operation: Class of 2026. Show its verifications',
    });
    expect(link).toHaveTextContent('Class of 2026');
    expect(link).toHaveAttribute('href', '/?bulk_operation=bulk_1');

    await user.click(link);
    expect(router.state.location.search).toBe('?bulk_operation=bulk_1');
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatchObject({ bulk_operation: 'bulk_1' }),
    );
    expect(await screen.findByRole('button', { name: /Bulk: Class of 2026/ })).toBeInTheDocument();
  });

  it('shows no bulk operation line for a verification made on its own', async () => {
    serve([nursing]);
    renderDashboard();
    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    await drawer.findByText('Olivia Owner');
    expect(drawer.queryByText('Bulk operation')).toBeNull();
  });
});

describe('dashboard: revoking and deleting', () => {
  it('revokes with a reason, then list, figures and drawer all show it', async () => {
    const { fetchMock } = serve([nursing]);
    const { user } = renderDashboard();
    expect(await screen.findByTestId('stat-active')).toHaveTextContent('9');
    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    const notifications = captureNotifications();

    await user.click(await drawer.findByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this verification?' }));
    const revoke = dialog.getByRole('button', { name: 'Revoke' });
    expect(revoke).toBeDisabled();
    await user.click(dialog.getByRole('textbox', { name: 'Reason' }));
    await user.tab();
    expect(dialog.getByText('Reason is required')).toBeInTheDocument();

    const before = {
      list: callsTo(fetchMock, 'GET', LIST).length,
      stats: callsTo(fetchMock, 'GET', STATS_PATH).length,
      detail: callsTo(fetchMock, 'GET', '/api/verifications/ver_1/').length,
    };
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Issued in error');
    await user.type(dialog.getByRole('textbox', { name: 'Replacement code' }), 'QRV-NEW01');
    await user.click(revoke);

    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Revoke this verification?' }),
      ).not.toBeInTheDocument(),
    );
    const [sent] = callsTo(fetchMock, 'POST', '/api/verifications/ver_1/revoke/');
    expect(await sent.clone().json()).toEqual({
      reason: 'Issued in error',
      replaced_by_code: 'QRV-NEW01',
    });
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET', LIST).length).toBe(before.list + 1);
      expect(callsTo(fetchMock, 'GET', STATS_PATH).length).toBe(before.stats + 1);
      expect(callsTo(fetchMock, 'GET', '/api/verifications/ver_1/').length).toBe(before.detail + 1);
    });
    expect(await drawer.findByText('Reason: Issued in error')).toBeInTheDocument();
    expect(await screen.findByTestId('stat-active')).toHaveTextContent('8');
    const table = screen.getByRole('table', { hidden: true });
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
    expect(notifications).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'success', summary: 'Verification revoked' }),
    );
  });

  it('shows the server’s word on a replacement code it does not know', async () => {
    serve([nursing], {
      'POST /api/verifications/ver_1/revoke/': () =>
        jsonResponse(
          {
            error: {
              message: 'Some fields need attention',
              details: { replaced_by_code: ['No verification has this code'] },
            },
          },
          400,
        ),
    });
    const { user } = renderDashboard();
    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    const notifications = captureNotifications();

    await user.click(await drawer.findByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this verification?' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Replaced');
    await user.type(dialog.getByRole('textbox', { name: 'Replacement code' }), 'NOPE');
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));

    expect(await dialog.findByText('No verification has this code')).toBeInTheDocument();
    expect(notifications).not.toHaveBeenCalled();
  });

  it('deletes only after confirmation, then closes the drawer and refreshes', async () => {
    const { fetchMock } = serve([nursing, welding]);
    const { user } = renderDashboard();
    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));

    await user.click(await drawer.findByRole('button', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete this verification?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Delete this verification?' }),
      ).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/verifications/ver_1/')).toHaveLength(0);

    const statsBefore = callsTo(fetchMock, 'GET', STATS_PATH).length;
    await user.click(drawer.getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this verification?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Delete this verification?' })).toBeNull();
      expect(screen.queryByRole('dialog', { name: 'Bachelor of Science in Nursing' })).toBeNull();
    });
    expect(callsTo(fetchMock, 'DELETE', '/api/verifications/ver_1/')).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', STATS_PATH).length).toBe(statsBefore + 1));
    const table = screen.getByRole('table');
    await waitFor(() =>
      expect(within(table).queryByText('Bachelor of Science in Nursing')).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('Welding Certificate Level 2')).toBeInTheDocument();
    // The deleted verification is not asked for again.
    await act(async () => undefined);
    expect(callsTo(fetchMock, 'GET', '/api/verifications/ver_1/').length).toBe(1);
  });
});

describe('dashboard: what a shared user may do', () => {
  it('shows a user who may only view no create, revoke or delete, but keeps the downloads', async () => {
    serve([nursing]);
    renderDashboard(viewerSession());

    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    expect(await drawer.findByRole('button', { name: 'Download secured' })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Download original' })).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'Public link' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create verification' })).not.toBeInTheDocument();
  });

  it('does not invite a user who may only view to create the first verification', async () => {
    serve([]);
    renderDashboard(viewerSession());

    expect(
      await screen.findByRole('heading', { name: 'No verifications yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing has been created yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create verification' })).not.toBeInTheDocument();
  });

  it('gives a user who may edit the same controls as the owner', async () => {
    serve([nursing]);
    renderDashboard(sharedUserSession());

    expect(await screen.findByRole('link', { name: 'Create verification' })).toHaveAttribute(
      'href',
      '/create',
    );
    const drawer = within(await openDrawer('Bachelor of Science in Nursing'));
    expect(await drawer.findByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
