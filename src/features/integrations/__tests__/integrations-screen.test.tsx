import { screen, waitFor, within } from '@testing-library/react';

import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  planAnswer,
  STARTER_SUBSCRIPTION,
} from '@/testing/subscription-fixtures';

import { IntegrationsScreen } from '../components/integrations-screen';

import type { ApiKey, Webhook, WebhookDelivery } from '../api/integrations-api';

const KEYS = '/api/integrations/api-keys/';
const WEBHOOKS = '/api/integrations/webhooks/';

const apiKey: ApiKey = {
  id: 'key_1',
  name: 'Student records sync',
  prefix: 'qrv_AbC1',
  created_at: '2026-03-01T10:00:00Z',
  last_used_at: '2026-03-05T10:00:00Z',
  created_by: { name: 'Olivia Owner', email: 'olivia.owner@example.com' },
};

const webhook: Webhook = {
  id: 'wh_1',
  url: 'https://hooks.example.com/qr',
  description: 'HR system',
  events: ['verification.created', 'verification.revoked'],
  secret: 'whsec_b2xkLXNlY3JldC1vbGQtc2VjcmV0LW9sZA==',
  enabled: true,
  disabled_reason: null,
  created_at: '2026-03-01T10:00:00Z',
};

function aDelivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 'del_1',
    message_id: 'msg_1',
    event: 'verification.created',
    status: 'succeeded',
    attempt: 1,
    response_status: 200,
    response_excerpt: 'ok',
    duration_ms: 120,
    next_retry_at: null,
    created_at: '2026-03-05T10:00:00Z',
    last_attempt_at: '2026-03-05T10:00:01Z',
    ...overrides,
  };
}

const deliveries = [
  aDelivery({}),
  aDelivery({
    id: 'del_2',
    event: 'verification.revoked',
    status: 'retrying',
    attempt: 2,
    response_status: 503,
    response_excerpt: 'Service Unavailable: upstream down',
    next_retry_at: '2026-03-05T10:05:00Z',
  }),
  aDelivery({
    id: 'del_3',
    event: 'webhook.test',
    status: 'failed',
    attempt: 8,
    response_status: null,
    response_excerpt: 'Connection refused',
    duration_ms: null,
  }),
  aDelivery({
    id: 'del_4',
    status: 'pending',
    attempt: 0,
    response_status: null,
    response_excerpt: '',
    duration_ms: null,
    last_attempt_at: null,
  }),
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = (sent: Sent) => Response | undefined;

function list<T>(results: T[]) {
  return { count: results.length, results };
}

function render({
  keys = [] as ApiKey[],
  webhooks = [] as Webhook[],
  answer,
  canEdit = true,
}: { keys?: ApiKey[]; webhooks?: Webhook[]; answer?: Answer; canEdit?: boolean } = {}) {
  const sent: Sent[] = [];
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
    if (entry.method === 'GET' && entry.path === KEYS) return jsonResponse(list(keys));
    if (entry.method === 'GET' && entry.path === WEBHOOKS) return jsonResponse(list(webhooks));
    if (entry.method === 'GET' && entry.path.endsWith('/deliveries/')) {
      return jsonResponse({
        count: deliveries.length,
        page: 1,
        page_size: 20,
        results: deliveries,
      });
    }
    if (entry.method === 'DELETE') return new Response(null, { status: 204 });
    throw new Error(`Unexpected ${entry.method} ${entry.path}`);
  });
  const session = canEdit
    ? signedInSession()
    : sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, integrations: 'view' } });
  const view = renderWithProviders(<IntegrationsScreen />, {
    route: '/integrations',
    preloadedState: { session },
  });
  const calls = (method: string, path?: string) =>
    sent.filter((entry) => entry.method === method && (!path || entry.path === path));
  return { ...view, sent, calls };
}

async function findDialog(name: RegExp | string) {
  return within(await screen.findByRole('dialog', { name, hidden: true }));
}

async function findWebhookCard() {
  return within(await screen.findByRole('listitem', { name: webhook.url }));
}

function validationError(details: Record<string, string[]>) {
  return jsonResponse(
    { error: { code: 'validation_failed', message: 'Check the highlighted fields.', details } },
    400,
  );
}

describe('integrations screen', () => {
  it('says what keys and webhooks are for when there are none, and links the API reference', async () => {
    render();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute(
      'href',
      '/api/docs/',
    );
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Authorization: Bearer \$QRV_API_KEY/)).toBeInTheDocument();
  });

  it('lists keys with their prefix, creator and last use', async () => {
    render({
      keys: [
        apiKey,
        {
          ...apiKey,
          id: 'key_2',
          name: 'Old key',
          prefix: 'qrv_ZzY9',
          last_used_at: null,
          created_by: null,
        },
      ],
    });
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    expect(table.getByText('Student records sync')).toBeInTheDocument();
    expect(table.getByText('qrv_AbC1…')).toBeInTheDocument();
    expect(table.getByText('Olivia Owner')).toBeInTheDocument();
    expect(table.getByText('Never used')).toBeInTheDocument();
    expect(table.getByText('A removed user')).toBeInTheDocument();
  });

  it('shows a new key once, copies it, and never shows it again after Done', async () => {
    const key = 'qrv_9f8e7d6c5b4a39281706f5e4d3c2b1a0ZyXwVuTsRqP';
    const { user, calls } = render({
      answer: (sent) =>
        sent.method === 'POST' && sent.path === KEYS
          ? jsonResponse(
              {
                id: 'key_9',
                name: 'HR tool',
                prefix: 'qrv_9f8e',
                key,
                created_at: '2026-03-06T10:00:00Z',
              },
              201,
            )
          : undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await findDialog('Create an API key');
    await user.type(form.getByRole('textbox', { name: /Name/ }), '  HR tool ');
    await user.click(form.getByRole('button', { name: 'Create key' }));

    const shown = await findDialog('Your new API key: HR tool');
    expect(shown.getByText(key)).toBeInTheDocument();
    expect(shown.getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(calls('POST', KEYS).map((sent) => sent.body)).toEqual([{ name: 'HR tool' }]);

    await user.click(shown.getByRole('button', { name: 'Copy the API key' }));
    expect(await navigator.clipboard.readText()).toBe(key);

    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(key)).toBeNull());
    // The list is asked again, so the new key shows there (by its prefix only).
    await waitFor(() => expect(calls('GET', KEYS)).toHaveLength(2));
  });

  it('shows the server’s word on a key name under the field', async () => {
    const { user } = render({
      answer: (sent) =>
        sent.method === 'POST'
          ? validationError({ name: ['This field may not be blank.'] })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await findDialog('Create an API key');
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'x');
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await form.findByText('This field may not be blank.')).toBeInTheDocument();
  });

  it('asks before revoking a key, then DELETEs it', async () => {
    const { user, calls } = render({ keys: [apiKey] });

    await user.click(await screen.findByRole('button', { name: 'Revoke Student records sync' }));
    const dialog = await findDialog('Revoke Student records sync?');
    expect(dialog.getByText(/gets 401 Unauthorized from now on/)).toBeInTheDocument();
    expect(calls('DELETE')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));

    await waitFor(() =>
      expect(calls('DELETE').map((sent) => sent.path)).toEqual([`${KEYS}key_1/`]),
    );
    expect(await screen.findByText('Student records sync no longer works.')).toBeInTheDocument();
  });

  it('checks the URL and the events before adding a webhook', async () => {
    const { user, calls } = render();

    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await findDialog('Add a webhook');
    await user.click(form.getByRole('button', { name: 'Add webhook' }));
    expect(await form.findByText('Enter the URL events are sent to.')).toBeInTheDocument();
    expect(form.getByText('Choose at least one event.')).toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: /Endpoint URL/ }), 'ftp://files.example.com');
    await user.click(form.getByRole('button', { name: 'Add webhook' }));
    expect(await form.findByText('Enter a valid URL starting with https://.')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);
  });

  it('adds a webhook with its events in order and shows server field errors under their fields', async () => {
    const { user, calls } = render({
      answer: (sent) =>
        sent.method === 'POST' && sent.path === WEBHOOKS
          ? validationError({ url: ['Addresses on a private network cannot receive webhooks.'] })
          : undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await findDialog('Add a webhook');
    expect(form.getByText(/at most one event a minute per verification/)).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Endpoint URL/ }), 'https://10.0.0.5/hook');
    await user.type(form.getByRole('textbox', { name: /Description/ }), 'Payroll');
    await user.click(form.getByRole('checkbox', { name: /verification\.revoked/ }));
    await user.click(form.getByRole('checkbox', { name: /verification\.created/ }));
    await user.click(form.getByRole('button', { name: 'Add webhook' }));

    expect(
      await form.findByText('Addresses on a private network cannot receive webhooks.'),
    ).toBeInTheDocument();
    expect(calls('POST', WEBHOOKS).map((sent) => sent.body)).toEqual([
      {
        url: 'https://10.0.0.5/hook',
        description: 'Payroll',
        events: ['verification.revoked', 'verification.created'],
      },
    ]);
  });

  it('edits a webhook with a PATCH of its fields', async () => {
    const { user, calls } = render({
      webhooks: [webhook],
      answer: (sent) =>
        sent.method === 'PATCH'
          ? jsonResponse({ ...webhook, ...(sent.body as object) })
          : undefined,
    });
    const card = await findWebhookCard();
    await user.click(card.getByRole('button', { name: `Edit ${webhook.url}` }));
    const form = await findDialog('Edit webhook');
    expect(form.getByRole('checkbox', { name: /verification\.created/ })).toBeChecked();
    await user.click(form.getByRole('checkbox', { name: /verification\.scanned/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls('PATCH').map((sent) => [sent.path, sent.body])).toEqual([
        [
          `${WEBHOOKS}wh_1/`,
          {
            url: webhook.url,
            description: 'HR system',
            events: ['verification.created', 'verification.revoked', 'verification.scanned'],
          },
        ],
      ]),
    );
  });

  it('hides the secret until asked, rotates it after explaining the 24 hours, and shows the new one', async () => {
    const newSecret = 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=';
    const { user, calls } = render({
      webhooks: [webhook],
      answer: (sent) =>
        sent.method === 'PATCH' ? jsonResponse({ ...webhook, secret: newSecret }) : undefined,
    });
    const card = await findWebhookCard();
    expect(card.queryByText(webhook.secret)).toBeNull();
    await user.click(card.getByRole('button', { name: 'Show the signing secret' }));
    expect(card.getByText(webhook.secret)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Hide the signing secret' }));

    await user.click(card.getByRole('button', { name: 'Rotate' }));
    const dialog = await findDialog('Rotate the signing secret?');
    expect(dialog.getByText(/For 24 hours the old secret signs alongside it/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));

    expect(await card.findByText(newSecret)).toBeInTheDocument();
    expect(calls('PATCH').map((sent) => [sent.path, sent.body])).toEqual([
      [`${WEBHOOKS}wh_1/`, { rotate_secret: true }],
    ]);
  });

  it('turns a webhook off with its switch', async () => {
    const { user, calls } = render({
      webhooks: [webhook],
      answer: (sent) =>
        sent.method === 'PATCH' ? jsonResponse({ ...webhook, enabled: false }) : undefined,
    });
    const card = await findWebhookCard();
    const toggle = card.getByRole('switch', { name: `Send events to ${webhook.url}` });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls('PATCH').map((sent) => sent.body)).toEqual([{ enabled: false }]);
  });

  it('says why the server turned a webhook off', async () => {
    render({
      webhooks: [
        { ...webhook, enabled: false, disabled_reason: 'The endpoint answered 410 Gone.' },
      ],
    });
    expect(
      await screen.findByText(/Turned off by QR Verify: The endpoint answered 410 Gone\./),
    ).toBeInTheDocument();
  });

  it('shows deliveries with their status, answer and next retry; redelivers and sends a test', async () => {
    const { user, calls } = render({
      webhooks: [webhook],
      answer: (sent) =>
        sent.method === 'POST'
          ? jsonResponse(aDelivery({ id: 'del_new', status: 'pending' }), 202)
          : undefined,
    });
    const card = await findWebhookCard();
    await user.click(card.getByRole('button', { name: 'Deliveries' }));

    const table = within(await card.findByRole('table', { name: 'Deliveries' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('Succeeded')).toBeInTheDocument();
    expect(within(rows[0]).getByText('120 ms')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Retrying')).toBeInTheDocument();
    expect(within(rows[1]).getByText('503')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Service Unavailable: upstream down')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^Next retry 5 March 2026/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Connection refused')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Pending')).toBeInTheDocument();
    expect(calls('GET', `${WEBHOOKS}wh_1/deliveries/`)).toHaveLength(1);

    await user.click(
      within(rows[1]).getByRole('button', { name: /^Redeliver verification\.revoked/ }),
    );
    await waitFor(() =>
      expect(calls('POST').map((sent) => sent.path)).toEqual([
        `${WEBHOOKS}wh_1/deliveries/del_2/redeliver/`,
      ]),
    );
    // The table is asked again so the new attempt shows.
    await waitFor(() => expect(calls('GET', `${WEBHOOKS}wh_1/deliveries/`)).toHaveLength(2));

    await user.click(card.getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(calls('POST').map((sent) => sent.path)).toContain(`${WEBHOOKS}wh_1/test/`),
    );
    expect(await screen.findByText(/A webhook.test event is on its way/)).toBeInTheDocument();
  });

  it('says so when a redelivery is refused', async () => {
    const { user } = render({
      webhooks: [webhook],
      answer: (sent) =>
        sent.method === 'POST'
          ? jsonResponse(
              { error: { code: 'conflict', message: 'This delivery is already being retried.' } },
              409,
            )
          : undefined,
    });
    const card = await findWebhookCard();
    await user.click(card.getByRole('button', { name: 'Deliveries' }));
    const table = within(await card.findByRole('table', { name: 'Deliveries' }));
    await user.click(table.getAllByRole('button', { name: /^Redeliver / })[0]);
    expect(await screen.findByText('This delivery is already being retried.')).toBeInTheDocument();
  });

  it('shows a view-only user the lists and deliveries without any control that changes them', async () => {
    const { user } = render({ keys: [apiKey], webhooks: [webhook], canEdit: false });

    await screen.findByRole('table', { name: 'API keys' });
    const card = await findWebhookCard();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(card.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(card.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(card.queryByRole('button', { name: 'Rotate' })).toBeNull();
    expect(card.queryByRole('switch')).toBeNull();
    expect(card.getByText('On')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Deliveries' }));
    await card.findByRole('table', { name: 'Deliveries' });
    expect(card.queryByRole('button', { name: 'Send test' })).toBeNull();
    expect(card.queryByRole('button', { name: /^Redeliver / })).toBeNull();
  });

  it('offers a view-only user no create button on the empty lists', async () => {
    render({ canEdit: false });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
  });

  it('offers to try again when a list cannot be loaded', async () => {
    render({
      answer: (sent) =>
        sent.path === WEBHOOKS
          ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)
          : undefined,
    });
    expect(await screen.findByText('Webhooks could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });
});

describe('integrations on a plan without the API', () => {
  it('says so before anything is filled in: what it is, the plan that has it, and a way to Plans', async () => {
    render({ answer: planAnswer(FREE_SUBSCRIPTION) });

    const notice = await screen.findByRole('region', {
      name: 'API keys and webhooks are not in your Free plan',
    });
    expect(notice).toHaveTextContent('Both come with the Starter plan.');
    expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    await screen.findByText('No API keys yet');
    await screen.findByText('No webhooks yet');
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).not.toBeInTheDocument();
  });

  it('keeps the keys made on an earlier plan listed, and revocable', async () => {
    render({ keys: [apiKey], answer: planAnswer(FREE_SUBSCRIPTION) });

    await screen.findByRole('region', { name: /not in your Free plan/ });
    expect(await screen.findByText('Student records sync')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Revoke/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
  });

  it('tells a shared user whom to ask, without a way to Plans they cannot use', async () => {
    render({ canEdit: false, answer: planAnswer(FREE_SUBSCRIPTION) });

    const notice = await screen.findByRole('region', { name: /not in your Free plan/ });
    expect(notice).toHaveTextContent('Ask the account owner (Olivia Owner) to change the plan.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('on a plan with the API: no notice, and keys can be created', async () => {
    const { store } = render({ answer: planAnswer(STARTER_SUBSCRIPTION) });

    // Once the plan is known.
    await waitFor(() =>
      expect(store.getState().api.queries['getSubscription(undefined)']?.status).toBe('fulfilled'),
    );
    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /not in your/ })).not.toBeInTheDocument();
  });
});
