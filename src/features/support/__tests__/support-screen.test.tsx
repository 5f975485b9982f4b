import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { ROUTES } from '@/config/routes';
import type { SessionState } from '@/lib/session/session-slice';
import { OWNER_EMAIL, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { installMultipartCapture } from '@/testing/multipart';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SUPPORT_LIMITS } from '@common/support-schemas';

import { SupportScreen } from '../components/support-screen';
import { FAQ, searchFaq } from '../faq';

const MESSAGES_PATH = '/api/support/messages/';

interface Sent {
  request: Request;
  body: unknown;
}

const SENDER = jsonResponse({ email: OWNER_EMAIL, plan: 'Pro' });

function render({
  answer,
  sender = () => SENDER.clone(),
}: {
  answer?: (request: Request) => Response | undefined;
  sender?: () => Response;
} = {}) {
  const sent: Sent[] = [];
  mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/support/') return sender();
    const isJson = request.headers.get('content-type')?.includes('json');
    sent.push({ request, body: isJson ? await request.json() : null });
    return answer?.(request) ?? jsonResponse({ id: '6f1c2c62-8d0a-4c1b-9d1e-2a9b0c3d4e5f' }, 201);
  });
  const view = renderWithProviders(<SupportScreen />, {
    route: '/support',
    preloadedState: { session: signedInSession() as SessionState },
  });
  return { ...view, sent };
}

function contactForm() {
  return within(screen.getByRole('form', { name: 'Contact us' }));
}

describe('contact form', () => {
  it('shows where the answer goes and the plan, read-only', async () => {
    render();
    expect(await screen.findByText('Plan: Pro')).toBeInTheDocument();
    expect(contactForm().getByText(/We will answer at/)).toHaveTextContent(
      `We will answer at ${OWNER_EMAIL}`,
    );
  });

  it('still says where the answer goes when the plan cannot be loaded', async () => {
    render({
      sender: () =>
        jsonResponse({ error: { code: 'internal_error', message: 'Something went wrong.' } }, 500),
    });
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading your plan')).not.toBeInTheDocument(),
    );
    expect(contactForm().getByText(/We will answer at/)).toHaveTextContent(
      `We will answer at ${OWNER_EMAIL}`,
    );
    expect(screen.queryByText(/^Plan:/)).not.toBeInTheDocument();
    expect(contactForm().getByRole('textbox', { name: /Subject/ })).toBeEnabled();
  });

  it('checks the fields before sending: required, and within the limits', async () => {
    const { user, sent } = render();
    const send = contactForm().getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    expect(contactForm().getByText('Add a subject and a message to send.')).toBeInTheDocument();

    const subject = contactForm().getByRole('textbox', { name: /Subject/ });
    await user.click(subject);
    await user.type(subject, '   ');
    await user.tab();
    expect(await contactForm().findByText('Enter a subject.')).toBeInTheDocument();
    expect(subject).toHaveAttribute('maxlength', String(SUPPORT_LIMITS.subject));

    const message = contactForm().getByRole('textbox', { name: /Message/ });
    await user.click(message);
    await user.tab();
    expect(await contactForm().findByText('Write your message.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('sends subject and message as JSON, then thanks the user with Send another', async () => {
    const { user, sent } = render();
    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Codes do not scan');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'Printed at 15 mm.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(`Thanks — we will reply to ${OWNER_EMAIL}`)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.request.url).pathname).toBe(MESSAGES_PATH);
    expect(sent[0]!.body).toEqual({ subject: 'Codes do not scan', message: 'Printed at 15 mm.' });

    await user.click(screen.getByRole('button', { name: 'Send another' }));
    expect(contactForm().getByRole('textbox', { name: /Subject/ })).toHaveValue('');
  });

  it('sends an attachment as a multipart form; the picker shows its name and size, and Remove takes it off', async () => {
    const formOf = installMultipartCapture();
    const { user, sent } = render();
    const picker = screen.getByLabelText('Attachment');
    const file = new File(['a'.repeat(1536)], 'screenshot.png', { type: 'image/png' });
    await user.upload(picker, file);
    expect(contactForm().getByText('screenshot.png')).toBeInTheDocument();
    expect(contactForm().getByText('1.5 KB')).toBeInTheDocument();

    await user.click(contactForm().getByRole('button', { name: 'Remove screenshot.png' }));
    expect(contactForm().queryByText('screenshot.png')).not.toBeInTheDocument();
    await user.upload(picker, file);

    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Scan fails');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'See attached.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));
    await screen.findByText(`Thanks — we will reply to ${OWNER_EMAIL}`);
    const form = formOf(sent[0]!.request);
    expect(form.fields).toEqual({ subject: 'Scan fails', message: 'See attached.' });
    expect(form.files.attachment?.name).toBe('screenshot.png');
  });

  it('refuses a file that is too large or of another kind before sending', async () => {
    const { user } = render();
    const picker = screen.getByLabelText('Attachment');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: SUPPORT_LIMITS.attachment_bytes + 1 });
    await user.upload(picker, big);
    expect(await contactForm().findByRole('alert')).toHaveTextContent(
      'The file is larger than the 5 MB limit.',
    );
    // The picker's accept hides such files; dropped on the input (or chosen with 'All files') they still arrive.
    fireEvent.change(picker, {
      target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] },
    });
    expect(contactForm().getByRole('alert')).toHaveTextContent(/This file type cannot be attached/);
    expect(contactForm().queryByText('setup.exe')).not.toBeInTheDocument();
  });

  it("shows the server's field errors beside the fields and other failures in the form's alert", async () => {
    let status = 413;
    const { user } = render({
      answer: () =>
        status === 413
          ? jsonResponse(
              {
                error: {
                  code: 'body_too_large',
                  message: 'The file is larger than the 5 MiB limit',
                  details: { attachment: ['The file is larger than the 5 MiB limit'] },
                },
              },
              413,
            )
          : jsonResponse(
              {
                error: {
                  code: 'rate_limited',
                  message: 'Attempt limit exceeded. Try again after a minute',
                },
              },
              429,
            ),
    });
    await user.upload(
      screen.getByLabelText('Attachment'),
      new File(['%PDF-'], 'report.pdf', { type: 'application/pdf' }),
    );
    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Report');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'Attached.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(
        contactForm().getAllByText('The file is larger than the 5 MiB limit'),
      ).not.toHaveLength(0),
    );

    status = 429;
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), ' Again.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));
    expect(
      await contactForm().findByText('Attempt limit exceeded. Try again after a minute'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Thanks — we will reply/)).not.toBeInTheDocument();
  });
});

describe('the diagnostic state', () => {
  interface Diagnostic {
    takenAt: string;
    state: { session: Record<string, unknown>; api: { queries: Record<string, unknown> } };
    recentActions: Array<{ type: string; at: string }>;
  }

  function expectDiagnostic(text: string): Diagnostic {
    const diagnostic = JSON.parse(text) as Diagnostic;
    expect(diagnostic.state.session).toMatchObject({
      email: OWNER_EMAIL,
      accessToken: '[secret]',
      refreshToken: '[secret]',
    });
    expect(text).not.toContain('access-token-1');
    expect(text).not.toContain('refresh-token-1');
    expect(diagnostic.recentActions.length).toBeGreaterThan(0);
    expect(diagnostic.recentActions.length).toBeLessThanOrEqual(50);
    for (const action of diagnostic.recentActions) {
      expect(action).toEqual({ type: expect.any(String), at: expect.any(String) });
      expect(new Date(action.at).toISOString()).toBe(action.at);
    }
    return diagnostic;
  }

  it('copies the state with its secrets hidden and the last actions with their times', async () => {
    const { user } = render();
    await screen.findByText('Plan: Pro');
    const section = within(screen.getByRole('region', { name: 'Diagnostic state' }));
    await user.click(section.getByRole('button', { name: 'Copy diagnostic state' }));

    expect(await section.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const diagnostic = expectDiagnostic(await navigator.clipboard.readText());
    // What the screen loaded is there, and the load that filled it.
    expect(Object.keys(diagnostic.state.api.queries)).toContain('getSupportSender(undefined)');
    expect(diagnostic.recentActions.map(({ type }) => type)).toContain(
      'api/executeQuery/fulfilled',
    );
  });

  it('goes with the message when the box is ticked, and only then', async () => {
    const { user, sent } = render();
    const consent = contactForm().getByRole('checkbox', { name: 'Attach the diagnostic state' });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/passwords, tokens and keys hidden/);
    await user.click(consent);
    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Stuck');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'It spins.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));

    await screen.findByText(`Thanks — we will reply to ${OWNER_EMAIL}`);
    const body = sent[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['diagnostic', 'message', 'subject']);
    expectDiagnostic(body.diagnostic!);
  });

  it('goes beside an attachment in the multipart form', async () => {
    const formOf = installMultipartCapture();
    const { user, sent } = render();
    await user.upload(
      screen.getByLabelText('Attachment'),
      new File(['a'], 'screenshot.png', { type: 'image/png' }),
    );
    await user.click(contactForm().getByRole('checkbox', { name: 'Attach the diagnostic state' }));
    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Scan fails');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'See attached.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));

    await screen.findByText(`Thanks — we will reply to ${OWNER_EMAIL}`);
    const form = formOf(sent[0]!.request);
    expect(form.files.attachment?.name).toBe('screenshot.png');
    expectDiagnostic(form.fields.diagnostic!);
  });

  it("shows the server's refusal of it in the form's alert, by name", async () => {
    const { user } = render({
      answer: () =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid body',
              details: { diagnostic: ['The diagnostic state must be a JSON object.'] },
            },
          },
          400,
        ),
    });
    await user.click(contactForm().getByRole('checkbox', { name: 'Attach the diagnostic state' }));
    await user.type(contactForm().getByRole('textbox', { name: /Subject/ }), 'Stuck');
    await user.type(contactForm().getByRole('textbox', { name: /Message/ }), 'It spins.');
    await user.click(contactForm().getByRole('button', { name: 'Send message' }));

    expect(
      await contactForm().findByText(
        'Diagnostic state: The diagnostic state must be a JSON object.',
      ),
    ).toBeInTheDocument();
  });
});

describe('help', () => {
  it('lists every question and filters questions and answers as the user types', async () => {
    const { user } = render();
    const answers = within(screen.getByRole('list', { name: 'Answers' }));
    expect(answers.getAllByRole('listitem')).toHaveLength(FAQ.length);

    const search = screen.getByRole('searchbox', { name: 'Search the answers' });
    // 'quiet zone' is only in an answer, not in a question.
    await user.type(search, 'QUIET zone');
    await waitFor(() => expect(answers.getAllByRole('listitem')).toHaveLength(1));
    const printing = answers.getByRole('button', { name: /How do I print codes/ });
    await user.click(printing);
    expect(await screen.findByText(/at least 20 mm wide/)).toBeVisible();

    await user.clear(search);
    await user.type(search, 'webhooks');
    await waitFor(() =>
      expect(
        answers.getByRole('button', { name: /Is there an API and webhooks/ }),
      ).toBeInTheDocument(),
    );
  });

  it('says when no answer matches, and clears the search', async () => {
    const { user } = render();
    await user.type(screen.getByRole('searchbox', { name: 'Search the answers' }), 'blockchain');
    expect(await screen.findByText('No answers match “blockchain”')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Answers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('list', { name: 'Answers' })).toBeInTheDocument();
  });

  it('links to the API reference; no status link while STATUS_PAGE_URL is unset', () => {
    render();
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute(
      'href',
      '/api/docs/',
    );
    expect(screen.queryByRole('link', { name: /Service status/ })).not.toBeInTheDocument();
  });
});

describe('the FAQ content (content/faq/faq.json)', () => {
  const routeNames = new Set<string>(ROUTES.map((route) => route.name));

  it('covers the topics users ask about, with the app’s real QR sizes', () => {
    const ids = FAQ.map((entry) => entry.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'printing',
        'public-page',
        'revoking',
        'custom-domain',
        'api',
        'plans',
        'copy-check',
        'shared-users',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const text = FAQ.flatMap((entry) => entry.answer).join(' ');
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('links only to routes that exist', () => {
    for (const link of FAQ.flatMap((entry) => entry.links ?? [])) {
      if ('route' in link) expect(routeNames).toContain(link.route);
      else expect(link.href).toMatch(/^\/|^https:\/\//);
    }
  });

  it('matches every word, ignoring case and accents', () => {
    expect(searchFaq('').length).toBe(FAQ.length);
    expect(searchFaq('REVOKE reason').map((entry) => entry.id)).toEqual(['revoking']);
    expect(searchFaq('fíngerprint').map((entry) => entry.id)).toEqual(['copy-check']);
  });
});
