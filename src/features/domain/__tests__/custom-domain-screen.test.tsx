import { screen, waitFor, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import { sharedUserSession, signedInSession, SHARED_ACCESS } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FREE_SUBSCRIPTION, planAnswer } from '@/testing/subscription-fixtures';

import { CustomDomainScreen } from '../components/custom-domain-screen';

import type { CustomDomain } from '../api/custom-domain-api';

const DOMAIN = 'verify.university.edu';
const TOKEN = 'tok123';

const NONE: CustomDomain = {
  enabled: true,
  target: 'domains.qrverify.test',
  domain: null,
  status: 'none',
  records: [],
  verified_at: null,
  last_checked_at: null,
  error: null,
  cname: { state: 'unchecked', value: null, warning: null },
  checking_until: null,
};

const PENDING: CustomDomain = {
  ...NONE,
  domain: DOMAIN,
  status: 'pending',
  records: [
    { type: 'CNAME', name: DOMAIN, value: 'domains.qrverify.test' },
    { type: 'TXT', name: `_qrverify.${DOMAIN}`, value: `qrverify-verification=${TOKEN}` },
  ],
  checking_until: '2099-03-07T10:00:00Z',
};

const NOT_FOUND: CustomDomain = {
  ...PENDING,
  last_checked_at: '2026-03-05T10:00:00Z',
  error: 'TXT record not found yet — DNS can take a few minutes',
  cname: {
    state: 'elsewhere',
    value: 'other.example.net',
    warning: `${DOMAIN} points at other.example.net, not domains.qrverify.test`,
  },
};

const VERIFIED: CustomDomain = {
  ...PENDING,
  status: 'verified',
  verified_at: '2026-03-05T10:05:00Z',
  last_checked_at: '2026-03-05T10:05:00Z',
  cname: { state: 'ok', value: 'domains.qrverify.test', warning: null },
  checking_until: null,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = (sent: Sent) => Response | undefined;

/** A server holding one domain state: GET (and by default PUT and verify) answer it, DELETE clears it. */
function render(
  initial: CustomDomain,
  {
    answer,
    session = signedInSession(),
  }: { answer?: Answer; session?: Partial<SessionState> } = {},
) {
  const sent: Sent[] = [];
  let state = initial;
  mockFetch(async (request) => {
    const text = await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    const custom = answer?.(entry);
    if (custom) return custom;
    if (entry.method === 'DELETE') {
      state = NONE;
      return new Response(null, { status: 204 });
    }
    return jsonResponse(state);
  });
  const view = renderWithProviders(<CustomDomainScreen />, {
    route: '/settings',
    preloadedState: { session: session as SessionState },
  });
  return { ...view, sent };
}

describe('custom domain screen', () => {
  it('saves the domain with a PUT and shows the two records to add', async () => {
    const { user, sent } = render(NONE, {
      answer: (request) => (request.method === 'PUT' ? jsonResponse(PENDING) : undefined),
    });

    await user.type(
      await screen.findByRole('textbox', { name: /Domain/ }),
      ' Verify.University.edu. ',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const txt = within(await screen.findByRole('listitem', { name: 'TXT record' }));
    expect(txt.getByText(`_qrverify.${DOMAIN}`)).toBeInTheDocument();
    expect(txt.getByText(`qrverify-verification=${TOKEN}`)).toBeInTheDocument();
    const cname = within(screen.getByRole('listitem', { name: 'CNAME record' }));
    expect(cname.getByText('domains.qrverify.test')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/settings/custom-domain/',
      body: { domain: DOMAIN },
    });
    // The name as hosts that add the zone themselves want it.
    expect(screen.getAllByText('_qrverify.verify').length).toBeGreaterThan(0);
  });

  it('checks the domain before sending it: a host name, and a sub-domain', async () => {
    const { user, sent } = render(NONE);
    const field = await screen.findByRole('textbox', { name: /Domain/ });

    await user.type(field, 'https://verify.university.edu/');
    await user.tab();
    expect(await screen.findByText(/without https:\/\/ or a path/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'university.edu');
    expect(
      await screen.findByText(/Use a sub-domain such as verify.university.edu/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal under the domain field", async () => {
    const { user } = render(NONE, {
      answer: (request) =>
        request.method === 'PUT'
          ? jsonResponse(
              {
                error: {
                  code: 'validation_error',
                  message: 'Check the highlighted fields.',
                  details: { domain: ['This domain is already verified by another account.'] },
                },
              },
              400,
            )
          : undefined,
    });

    await user.type(await screen.findByRole('textbox', { name: /Domain/ }), DOMAIN);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const field = screen.getByRole('textbox', { name: /Domain/ });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'This domain is already verified by another account.',
      ),
    );
  });

  it('copies the names and values of the records', async () => {
    const { user } = render(PENDING);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

    await user.click(await screen.findByRole('button', { name: 'Copy TXT value' }));
    expect(writeText).toHaveBeenLastCalledWith(`qrverify-verification=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Copy TXT name' }));
    expect(writeText).toHaveBeenLastCalledWith(`_qrverify.${DOMAIN}`);
    await user.click(screen.getByRole('button', { name: 'Copy CNAME value' }));
    expect(writeText).toHaveBeenLastCalledWith('domains.qrverify.test');
  });

  it('verifies now: first the TXT record is not found yet, then the domain is verified', async () => {
    const answers = [NOT_FOUND, VERIFIED];
    const { user, sent, store } = render(PENDING, {
      answer: (request) => (request.method === 'POST' ? jsonResponse(answers.shift()) : undefined),
    });

    expect(await screen.findByText(/Not checked yet/)).toBeInTheDocument();
    expect(screen.getByText(/keep checking in the background/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(
      await screen.findByText('TXT record not found yet — DNS can take a few minutes'),
    ).toBeInTheDocument();
    expect(screen.getByText(/points at other.example.net/)).toBeInTheDocument();
    expect(screen.getByText(/^Last checked 5 March 2026/)).toBeInTheDocument();
    expect(store.getState().session.hasSetupCustomDomain).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Open ${DOMAIN}` })).toHaveAttribute(
      'href',
      `https://${DOMAIN}/`,
    );
    expect(screen.queryByRole('button', { name: 'Verify now' })).not.toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').map(({ path }) => path)).toEqual([
      '/api/settings/custom-domain/verify/',
      '/api/settings/custom-domain/verify/',
    ]);
    expect(store.getState().session.hasSetupCustomDomain).toBe(true);
  });

  it('asks before removing the domain, explaining printed codes, then DELETEs', async () => {
    const { user, sent, store } = render(VERIFIED, {
      session: signedInSession({ hasSetupCustomDomain: true }),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Remove ${DOMAIN}?`, hidden: true }),
    );
    expect(
      dialog.getByText(
        /already printed with verify.university.edu keep working only while its DNS/,
      ),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'DELETE')?.path).toBe(
        '/api/settings/custom-domain/',
      ),
    );
    expect(await screen.findByRole('textbox', { name: /Domain/ })).toBeInTheDocument();
    expect(store.getState().session.hasSetupCustomDomain).toBe(false);
  });

  it('shows a shared user with view access where things stand, without controls', async () => {
    render(NOT_FOUND, {
      session: sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, custom_domain: 'view' } }),
    });

    expect(
      await screen.findByText('TXT record not found yet — DNS can take a few minutes'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'TXT record' })).toBeInTheDocument();
    for (const name of ['Verify now', 'Remove', 'Change domain'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a view-only user no form when no domain is set', async () => {
    render(NONE, {
      session: sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, custom_domain: 'view' } }),
    });

    expect(await screen.findByText('No custom domain set up')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Domain/ })).not.toBeInTheDocument();
  });

  it('says so when custom domains are off on the server', async () => {
    render({ ...NONE, enabled: false, target: null });

    expect(await screen.findByText('Custom domains are not available here')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Domain/ })).not.toBeInTheDocument();
  });

  it('offers to try again when the domain cannot be loaded', async () => {
    render(NONE, { answer: () => jsonResponse({ error: { message: 'Down' } }, 500) });

    expect(await screen.findByText('The custom domain could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('custom domain on a plan without it', () => {
  it('says so in place of the form: what it is, the plan that has it, and a way to Plans', async () => {
    render(NONE, { answer: planAnswer(FREE_SUBSCRIPTION) });

    const notice = await screen.findByRole('region', {
      name: 'A custom domain is not in your Free plan',
    });
    expect(notice).toHaveTextContent('It comes with the Pro plan.');
    expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    expect(screen.queryByRole('textbox', { name: /Domain/ })).not.toBeInTheDocument();
  });

  it('still shows a domain set up on an earlier plan, under the notice', async () => {
    render(VERIFIED, { answer: planAnswer(FREE_SUBSCRIPTION) });

    await screen.findByRole('region', { name: /not in your Free plan/ });
    expect(screen.getByText(DOMAIN)).toBeInTheDocument();
  });
});
