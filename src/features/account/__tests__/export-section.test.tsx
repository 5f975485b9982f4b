import { screen, waitFor, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import { OWNER_PROFILE, SHARED_USER_PROFILE, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { AccountScreen } from '../components/account-screen';
import { ExportSection } from '../components/export-section';

import type { UserProfile } from '../api/account-api';
import type { AccountExport } from '../api/export-api';

const EMAIL = 'olivia@example.com';
const PENDING: AccountExport = {
  id: '33333333-3333-4333-8333-333333333333',
  status: 'pending',
  created_at: '2026-11-25T09:00:00Z',
  expires_at: null,
};
const READY: AccountExport = { ...PENDING, status: 'ready', expires_at: '2026-11-26T09:05:00Z' };

/** Answers GET with each of `latest` in turn (the last one from then on); counts the POSTs. */
function serve(latest: (AccountExport | null | Response)[], postAnswer?: () => Response) {
  const posts: string[] = [];
  let reads = 0;
  mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/account/export/' && request.method === 'POST') {
      posts.push(path);
      return postAnswer?.() ?? jsonResponse({ id: PENDING.id, status: 'pending' }, 202);
    }
    if (path === '/api/account/export/') {
      const answer = latest[Math.min(reads, latest.length - 1)]!;
      reads += 1;
      return answer instanceof Response ? answer : jsonResponse(answer);
    }
    if (path === '/api/auth/profile/') return jsonResponse(currentProfile);
    if (path === '/api/auth/sessions/') return jsonResponse({ results: [] });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return posts;
}

let currentProfile: UserProfile = OWNER_PROFILE;

function renderSection() {
  return renderWithProviders(<ExportSection email={EMAIL} />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
}

function section() {
  return within(screen.getByRole('region', { name: 'Download my data' }));
}

it('explains the zip, prepares it, says a mail follows, and polls until the link is sent', async () => {
  const posts = serve([null, PENDING, READY]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));
  expect(
    section().getByText(/verifications \(as JSON and as a CSV spreadsheet\)/),
  ).toBeInTheDocument();

  expect(
    await screen.findByText(
      'We are preparing your data. We will email you a link when it is ready.',
    ),
  ).toBeInTheDocument();
  expect(section().getByRole('progressbar', { name: 'Preparing' })).toBeInTheDocument();
  expect(section().queryByRole('button', { name: 'Prepare my data' })).not.toBeInTheDocument();
  expect(posts).toHaveLength(1);

  expect(
    await screen.findByText(/^Link sent to olivia@example\.com, valid until .*2026/, undefined, {
      timeout: 6000,
    }),
  ).toBeInTheDocument();
  expect(section().getByRole('button', { name: 'Prepare my data' })).toBeInTheDocument();
});

it('offers to try again after a failed export', async () => {
  const posts = serve([{ ...PENDING, status: 'failed' }, PENDING]);
  const { user } = renderSection();
  expect(await screen.findByText(/Your data could not be prepared/)).toBeInTheDocument();
  await user.click(section().getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(/We are preparing your data/)).toBeInTheDocument();
  expect(posts).toHaveLength(1);
});

it('says when the last link has expired', async () => {
  serve([{ ...READY, status: 'expired' }]);
  renderSection();
  expect(await screen.findByText(/The link to your last export has expired/)).toBeInTheDocument();
  expect(section().getByRole('button', { name: 'Prepare my data' })).toBeInTheDocument();
});

it('shows the server’s refusal beside the button', async () => {
  serve([null], () =>
    jsonResponse(
      { error: { code: 'permission_denied', message: 'Only the account owner can do this.' } },
      403,
    ),
  );
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));
  expect(await screen.findByText('Only the account owner can do this.')).toBeInTheDocument();
});

it('shows a load failure with a retry', async () => {
  serve([jsonResponse({ error: { code: 'internal_error', message: 'Boom' } }, 500), null]);
  const { user } = renderSection();
  expect(await screen.findByText('Your data exports could not be loaded')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Prepare my data' })).toBeInTheDocument();
});

it('is on the owner’s account screen and not on a shared user’s', async () => {
  currentProfile = OWNER_PROFILE;
  serve([null]);
  const owner = renderWithProviders(<AccountScreen />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
  expect(await screen.findByRole('region', { name: 'Download my data' })).toBeInTheDocument();
  owner.unmount();

  currentProfile = SHARED_USER_PROFILE;
  renderWithProviders(<AccountScreen />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
  expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Download my data' })).not.toBeInTheDocument(),
  );
});
