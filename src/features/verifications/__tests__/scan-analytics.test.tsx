// The dashboard's scan analytics and the drawer's chart: the chart draws the period's days (at a fixed size, as
// jsdom lays nothing out), the 30/90 toggle asks the server again, and unusual activity shows with its evidence.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

import { ChartWidthContext } from '../components/scan-analytics/chart-size';
import { VerificationsScreen } from '../components/verifications-screen';

import {
  aPage,
  aVerification,
  callsTo,
  fakeVerificationsServer,
  installObjectUrls,
  jsonResponse,
  queryOf,
  scanAnalytics,
  STATS,
  type Answer,
} from './fake-verifications-server';

const ANALYTICS = '/api/analytics/scans/';

const copied = aVerification({
  id: 'ver_9',
  code: 'QRV-COPY1',
  title: 'Welding Certificate Level 2',
  unusual_activity: {
    flagged: true,
    reason: '34 different devices scanned this code between 14:02 and 14:50 UTC on 2026-11-25.',
    since: '2026-11-25T14:55:00Z',
  },
});

function serve(analytics: Answer) {
  return fakeVerificationsServer({
    'GET /api/verifications/': jsonResponse(aPage([copied])),
    'GET /api/verifications/stats/': jsonResponse(STATS),
    [`GET ${ANALYTICS}`]: analytics,
    [`GET /api/verifications/${copied.id}/`]: jsonResponse(copied),
    [`GET /api/verifications/${copied.id}/scans/`]: jsonResponse({ results: [] }),
    [`GET /api/verifications/${copied.id}/qr/`]: new Response('png', {
      headers: { 'Content-Type': 'image/png' },
    }),
  });
}

function renderDashboard() {
  return renderWithProviders(
    <ChartWidthContext value={600}>
      <VerificationsScreen />
    </ChartWidthContext>,
    { preloadedState: { session: signedInSession() } },
  );
}

const bars = (figure: HTMLElement) => figure.querySelectorAll('.MuiBarChart-element');

beforeEach(() => {
  installObjectUrls();
});

it('draws a bar a day with the total, and the breakdowns and top documents', async () => {
  serve((request) =>
    jsonResponse(
      scanAnalytics(Number(queryOf(request).days), 12, {
        by_device: { mobile: 9, desktop: 3 },
        by_browser: { Safari: 8, Chrome: 4 },
        by_country: { GB: 12 },
        top: [
          {
            verification_id: copied.id,
            title: copied.title,
            holder_name: copied.holder_name,
            code: copied.code,
            scans: 12,
          },
        ],
      }),
    ),
  );
  renderDashboard();

  const figure = await screen.findByRole('figure', {
    name: 'Scans per day: 12 scans in the last 30 days',
  });
  expect(bars(figure)).toHaveLength(30);
  expect(screen.getByText('12 scans in the last 30 days')).toBeInTheDocument();
  const devices = screen.getByRole('region', { name: 'Devices' });
  expect(within(devices).getByText('Mobile')).toBeInTheDocument();
  expect(within(devices).getByText('9 scans · 75 %')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Browsers' })).getByText('Safari'),
  ).toBeVisible();
  expect(screen.getByText('United Kingdom')).toBeInTheDocument();
  const top = screen.getByRole('region', { name: 'Top scanned documents' });
  expect(within(top).getByText(copied.title)).toBeInTheDocument();
});

it('asks for 90 days when the toggle says so, and back for 30', async () => {
  const fetchMock = serve((request) =>
    jsonResponse(scanAnalytics(Number(queryOf(request).days), 5)),
  );
  renderDashboard();
  await screen.findByText('5 scans in the last 30 days');

  fireEvent.click(screen.getByRole('button', { name: '90 days' }));
  const figure = await screen.findByRole('figure', {
    name: 'Scans per day: 5 scans in the last 90 days',
  });
  expect(bars(figure)).toHaveLength(90);
  expect(callsTo(fetchMock, 'GET', ANALYTICS).map(queryOf)).toEqual([
    { days: '30' },
    { days: '90' },
  ]);
  expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByRole('button', { name: '30 days' }));
  expect(await screen.findByText('5 scans in the last 30 days')).toBeInTheDocument();
});

it('says when nobody scanned, and offers a retry when the figures fail', async () => {
  let fails = true;
  serve(() =>
    fails
      ? jsonResponse({ error: { code: 'server_error', message: 'Down' } }, 500)
      : jsonResponse(scanAnalytics(30)),
  );
  renderDashboard();
  expect(await screen.findByText('The scan figures could not be loaded.')).toBeInTheDocument();

  fails = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/Nobody has scanned a code in this period/)).toBeInTheDocument();
  expect(screen.getByText('No code shows signs of being copied.')).toBeInTheDocument();
});

it('lists unusual activity with its evidence; the drawer shows the warning and the code’s own chart', async () => {
  const fetchMock = serve((request) => {
    const query = queryOf(request);
    return jsonResponse(
      query.verification_id
        ? scanAnalytics(30, 34)
        : scanAnalytics(30, 40, {
            unusual: [
              {
                verification_id: copied.id,
                title: copied.title,
                reason: copied.unusual_activity.reason!,
                since: copied.unusual_activity.since!,
              },
            ],
          }),
    );
  });
  renderDashboard();

  const unusual = await screen.findByRole('region', { name: 'Unusual activity' });
  expect(within(unusual).getByText(copied.unusual_activity.reason!)).toBeInTheDocument();

  fireEvent.click(within(unusual).getByRole('button', { name: copied.title }));
  const drawer = await screen.findByRole('dialog', { name: copied.title });
  expect(await within(drawer).findByText(/Unusual activity since/)).toBeInTheDocument();
  expect(within(drawer).getByText(copied.unusual_activity.reason!)).toBeInTheDocument();
  const chart = await within(drawer).findByRole('figure', {
    name: 'Scans per day of this code: 34 scans in the last 30 days',
  });
  expect(bars(chart)).toHaveLength(30);
  await waitFor(() =>
    expect(callsTo(fetchMock, 'GET', ANALYTICS).map(queryOf)).toContainEqual({
      days: '30',
      verification_id: copied.id,
    }),
  );
});
