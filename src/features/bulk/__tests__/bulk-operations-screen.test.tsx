import { screen, waitFor, within } from '@testing-library/react';

import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { requestedPaths } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { BulkOperationsScreen } from '../components/bulk-operations-screen';

import {
  aBulkOperation,
  aPage,
  callsTo,
  captureNotifications,
  fakeBulkServer,
  fakeEventStream,
  inTurn,
  installObjectUrls,
  jsonResponse,
  type Answer,
} from './fake-bulk-server';

import type { BulkOperation } from '../api/bulk-api';

const LIST = 'GET /api/bulk-operations/';

function render(routes: Record<string, Answer>, { canEdit = true } = {}) {
  const server = fakeBulkServer(routes);
  const session = canEdit
    ? signedInSession()
    : sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, bulk: 'view' } });
  const view = renderWithProviders(<BulkOperationsScreen />, {
    route: '/bulk-operations',
    preloadedState: { session },
  });
  return { ...view, ...server };
}

const running = aBulkOperation({
  id: 'bulk_run',
  name: 'HR letters',
  status: 'running',
  total_rows: 100,
  valid_rows: 100,
  invalid_rows: 0,
  processed: 10,
  succeeded: 10,
  failed: 0,
  finished_at: null,
});
const ready = aBulkOperation({
  id: 'bulk_ready',
  name: 'Lab reports',
  status: 'ready',
  processed: 0,
  succeeded: 0,
  failed: 0,
  started_at: null,
  finished_at: null,
});
const completed = aBulkOperation();

function rowOf(name: string) {
  const table = screen.getByRole('table', { name: 'Bulk operations' });
  const cell = within(table).getByText(name);
  return within(cell.closest('tr') as HTMLElement);
}

function countsOf(row: ReturnType<typeof rowOf>) {
  return row.getAllByRole('listitem').map((item) => item.textContent);
}

function progressOf(name: string) {
  return screen.getByRole('progressbar', { name: `Progress of ${name}` });
}

describe('bulk operations list', () => {
  it('shows each operation with its status, progress, counts and author', async () => {
    render({ [LIST]: jsonResponse(aPage([completed, ready])) });

    await screen.findByRole('table', { name: 'Bulk operations' });
    const done = rowOf('Class of 2026 diplomas');
    expect(done.getByText('Completed')).toBeInTheDocument();
    expect(countsOf(done)).toEqual(['97 secured', '1 failed', '2 invalid']);
    expect(done.getByText('Documents + sheet · graduates.csv')).toBeInTheDocument();
    expect(done.getByText('by Olivia Owner')).toBeInTheDocument();
    expect(progressOf('Class of 2026 diplomas')).toHaveAttribute('aria-valuenow', '100');
    expect(
      done.getByRole('link', { name: 'View the verifications of Class of 2026 diplomas' }),
    ).toHaveAttribute('href', '/?bulk_operation=bulk_1');

    const waiting = rowOf('Lab reports');
    expect(waiting.getByText('Ready')).toBeInTheDocument();
    expect(countsOf(waiting)).toEqual(['98 valid', '2 invalid']);
    expect(waiting.getByText('Not started')).toBeInTheDocument();
    // Nothing secured yet: no result to download and no verifications to look at.
    expect(waiting.queryByRole('button', { name: /Download the result/ })).toBeNull();
    expect(waiting.queryByRole('link', { name: /View the verifications/ })).toBeNull();
    expect(waiting.getByRole('button', { name: 'Start Lab reports' })).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Cancel Lab reports' })).toBeInTheDocument();
  });

  it('moves the progress bar as the progress stream reports more rows, without asking again', async () => {
    const stream = fakeEventStream();
    const { fetchMock } = render({
      [LIST]: jsonResponse(aPage([running, ready])),
      'GET /api/bulk-operations/bulk_run/events/': () => stream.response,
    });

    await waitFor(() => expect(progressOf('HR letters')).toHaveAttribute('aria-valuenow', '10'));
    expect(screen.getByText('10 of 100 rows')).toBeInTheDocument();
    stream.send({ ...running, processed: 60, succeeded: 59, failed: 1 });
    await waitFor(() => expect(progressOf('HR letters')).toHaveAttribute('aria-valuenow', '60'));
    expect(countsOf(rowOf('HR letters'))).toEqual(['59 secured', '1 failed']);
    stream.send({ ...running, status: 'completed', processed: 100, succeeded: 99, failed: 1 });
    stream.end();
    await waitFor(() => expect(progressOf('HR letters')).toHaveAttribute('aria-valuenow', '100'));
    expect(rowOf('HR letters').getByText('Completed')).toBeInTheDocument();

    // One stream for the one working operation; neither the list nor the operation was asked again.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(requestedPaths(fetchMock).filter((path) => path.startsWith('/api/bulk'))).toEqual([
      '/api/bulk-operations/',
      '/api/bulk-operations/bulk_run/events/',
    ]);
    const [streamRequest] = callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_run/events/');
    // EventSource could not send the bearer; the stream goes through the API's own fetch.
    expect(streamRequest.headers.get('Authorization')).toBe('Bearer access-token-1');
    expect(streamRequest.headers.get('Accept')).toBe('text/event-stream');
  });

  it('asks for the operation every moment when its progress stream fails, until it ends', async () => {
    const { fetchMock } = render({
      [LIST]: jsonResponse(aPage([running])),
      'GET /api/bulk-operations/bulk_run/events/': () =>
        new Response('Bad gateway', { status: 502 }),
      'GET /api/bulk-operations/bulk_run/': inTurn(
        { ...running, processed: 60, succeeded: 59, failed: 1 },
        { ...running, status: 'completed', processed: 100, succeeded: 99, failed: 1 },
      ),
    });

    await waitFor(() => expect(progressOf('HR letters')).toHaveAttribute('aria-valuenow', '60'));
    await waitFor(() => expect(progressOf('HR letters')).toHaveAttribute('aria-valuenow', '100'));
    expect(rowOf('HR letters').getByText('Completed')).toBeInTheDocument();

    // Finished: nothing is asked again.
    const asked = callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_run/').length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_run/')).toHaveLength(asked);
    expect(callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_run/events/')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/bulk-operations/')).toHaveLength(1);
  });

  it('cancels an operation that is running', async () => {
    let operations: BulkOperation[] = [running];
    const { user, fetchMock } = render({
      [LIST]: () => jsonResponse(aPage(operations)),
      'POST /api/bulk-operations/bulk_run/cancel/': () => {
        operations = [{ ...running, status: 'cancelled' }];
        return jsonResponse(operations[0], 202);
      },
    });
    await screen.findByRole('table', { name: 'Bulk operations' });
    const shown = captureNotifications();

    await user.click(rowOf('HR letters').getByRole('button', { name: 'Cancel HR letters' }));

    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bulk-operations/bulk_run/cancel/')).toHaveLength(1);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'success', summary: 'Cancelled' }),
    );
  });

  it("says why a cancel was refused in the server's words", async () => {
    const { user } = render({
      [LIST]: jsonResponse(aPage([running])),
      'POST /api/bulk-operations/bulk_run/cancel/': jsonResponse(
        { error: { code: 'conflict', message: 'The operation has already finished.' } },
        409,
      ),
    });
    await screen.findByRole('table', { name: 'Bulk operations' });
    const shown = captureNotifications();

    await user.click(screen.getByRole('button', { name: 'Cancel HR letters' }));

    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({
          severity: 'error',
          summary: 'Not cancelled',
          detail: 'The operation has already finished.',
        }),
      ),
    );
  });

  it('deletes an operation after asking, and the list no longer shows it', async () => {
    let operations: BulkOperation[] = [completed, ready];
    const { user, fetchMock } = render({
      [LIST]: () => jsonResponse(aPage(operations)),
      'DELETE /api/bulk-operations/bulk_1/': () => {
        operations = [ready];
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('table', { name: 'Bulk operations' });

    await user.click(screen.getByRole('button', { name: 'Delete Class of 2026 diplomas' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete this bulk operation?' }),
    );
    expect(dialog.getByText(/The 97 verifications it made stay valid/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/bulk-operations/bulk_1/')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Class of 2026 diplomas')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', '/api/bulk-operations/bulk_1/')).toHaveLength(1);
    expect(screen.getByText('Lab reports')).toBeInTheDocument();
  });

  it('downloads the report with the bearer', async () => {
    const saved = installObjectUrls();
    // jsdom cannot follow the download link.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, fetchMock } = render({
      [LIST]: jsonResponse(aPage([completed])),
      'GET /api/bulk-operations/bulk_1/report/': () =>
        new Response('row,status\n1,secured\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="report.csv"',
          },
        }),
    });
    await screen.findByRole('table', { name: 'Bulk operations' });

    await user.click(
      screen.getByRole('button', { name: 'Download the report of Class of 2026 diplomas' }),
    );

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0].text()).toBe('row,status\n1,secured\n');
    expect(clicked).toHaveBeenCalledTimes(1);
    const [request] = callsTo(fetchMock, 'GET', '/api/bulk-operations/bulk_1/report/');
    expect(request.headers.get('Authorization')).toBe('Bearer access-token-1');
  });

  it('shows a view-only user the list and downloads, without create, start, cancel or delete', async () => {
    render({ [LIST]: jsonResponse(aPage([completed, ready, running])) }, { canEdit: false });

    await screen.findByRole('table', { name: 'Bulk operations' });
    expect(
      screen.getByRole('button', { name: 'Download the result of Class of 2026 diplomas' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create bulk verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Start / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('explains both modes when there is nothing yet, with a way to start for editors only', async () => {
    render({ [LIST]: jsonResponse(aPage([])) });
    expect(await screen.findByText('No bulk operations yet')).toBeInTheDocument();
    expect(screen.getByText('Documents + sheet')).toBeInTheDocument();
    expect(screen.getByText('Generate from one design')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create bulk verification' })).toHaveAttribute(
      'href',
      '/bulk-operation/create',
    );
  });

  it('offers no create button to a view-only user on the empty list', async () => {
    render({ [LIST]: jsonResponse(aPage([])) }, { canEdit: false });
    expect(await screen.findByText('No bulk operations yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create bulk verification' })).toBeNull();
  });

  it('pages through the list when there are more than fit on one page', async () => {
    const { user, fetchMock } = render({ [LIST]: jsonResponse(aPage([completed], 45)) });
    await screen.findByRole('table', { name: 'Bulk operations' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/bulk-operations/').map(
          (request) => new URL(request.url).search,
        ),
      ).toContain('?page=2&page_size=20'),
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    render({
      [LIST]: jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500),
    });
    expect(await screen.findByText('Bulk operations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
