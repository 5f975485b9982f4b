// A fake Stripe on loopback (there is no stripe-mock here), for server tests and e2e specs: point the app's SDK at
// it with fakeStripe.env (STRIPE_API_BASE). It answers the API calls the app makes — Checkout and billing portal
// sessions, recording what was sent, and a Checkout session read back (paid once its hosted page was) — and plays Stripe's hosted pages: GET /checkout/:id "pays", sends the signed
// webhook events a real payment would (when it knows the app's webhook URL) and redirects to the success URL.
// Imports nothing from server/src: e2e specs load it too.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import StripeSdk, { type Stripe } from 'stripe';

import type { AddressInfo } from 'node:net';

/** A form-encoded Stripe request's parameters, nested as the SDK wrote them (`line_items[0][price]`). */
export interface StripeParams {
  [key: string]: string | StripeParams | StripeParams[] | string[];
}

export interface FakeCheckoutSession {
  id: string;
  url: string;
  /** What the app sent to POST /v1/checkout/sessions. */
  params: StripeParams;
  /** Set once the hosted checkout has been paid (or, for a returning customer, from the start). */
  customer: string | null;
  subscription: string | null;
  /** Set by pay(): Stripe then reports the session paid. */
  isPaid: boolean;
}

export interface FakePortalSession {
  id: string;
  url: string;
  params: StripeParams;
}

export interface SignedEvent {
  /** The event as JSON text: send exactly these bytes. */
  payload: string;
  headers: { 'content-type': 'application/json'; 'stripe-signature': string };
}

export interface EventOptions {
  id?: string;
  /** Unix seconds; now by default. Older than an applied event's: the app must not apply it. */
  created?: number;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port> */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE for the app. */
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE', string>;
  checkoutSessions: FakeCheckoutSession[];
  portalSessions: FakePortalSession[];
  /**
   * Where the hosted checkout sends its events: the app's /api/subscription/stripe-webhook/ URL. Without one (null)
   * it only redirects, and a test delivers pay()'s events itself.
   */
  setWebhookUrl(url: string | null): void;
  /** Until called with null, every API call fails with this HTTP status (as Stripe does when it is down). */
  failApiCalls(status: number | null): void;
  /** A Stripe event around `object`, as Stripe would send it. */
  event(type: string, object: object, options?: EventOptions): Stripe.Event;
  /** The event's body and headers signed with the webhook secret (or another, to test a bad signature). */
  sign(event: object, secret?: string): SignedEvent;
  /**
   * Pays a Checkout session as the hosted page does (a customer, an active subscription on its price) and answers
   * the events Stripe would send: checkout.session.completed, customer.subscription.created.
   */
  pay(session: FakeCheckoutSession): Stripe.Event[];
  /** Signs the event and posts it to the webhook URL; the app's answer. */
  sendEvent(event: object): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  /** The app's webhook URL, when it is already known (e2e); see setWebhookUrl. */
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
}

function randomId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `a[b][0][c]=v` pairs into nested objects; objects whose keys are all indexes become arrays. */
export function parseStripeForm(body: string): StripeParams {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const);
    const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
    return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
  };
  return arrays(root) as StripeParams;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function answerJson(response: ServerResponse, status: number, body: object): void {
  // stripe-should-retry: false keeps the SDK from retrying the failures a test asks for.
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': randomId('req'),
    ...(status >= 400 && { 'stripe-should-retry': 'false' }),
  });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string): void {
  const type = status >= 500 ? 'api_error' : 'invalid_request_error';
  answerJson(response, status, { error: { type, message } });
}

function answerPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html><head><title>Fake Stripe</title></head><body>${html}</body></html>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface FakeSubscriptionOptions {
  price: string;
  id?: string;
  customer?: string;
  status?: Stripe.Subscription.Status;
  interval?: 'month' | 'year';
  /** Unix seconds; a month or a year from now by default. */
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  /** As Checkout copies it from subscription_data.metadata: account_id, plan_id, interval. */
  metadata?: Record<string, string>;
}

/** A subscription object as Stripe's events carry it (the period on its item, as newer API versions put it). */
export function fakeSubscription(options: FakeSubscriptionOptions) {
  const interval = options.interval ?? 'month';
  return {
    id: options.id ?? randomId('sub'),
    object: 'subscription' as const,
    status: options.status ?? 'active',
    customer: options.customer ?? randomId('cus'),
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: options.metadata ?? {},
    items: {
      object: 'list' as const,
      data: [
        {
          id: randomId('si'),
          object: 'subscription_item' as const,
          price: { id: options.price, object: 'price' as const, recurring: { interval } },
          current_period_end:
            options.periodEnd ?? nowSeconds() + (interval === 'year' ? 365 : 30) * 86_400,
        },
      ],
    },
  };
}

/** A Checkout session as Stripe's API answers it. */
function checkoutSessionObject(session: FakeCheckoutSession) {
  const { params } = session;
  return {
    id: session.id,
    object: 'checkout.session',
    mode: params.mode,
    url: session.isPaid ? null : session.url,
    status: session.isPaid ? 'complete' : 'open',
    payment_status: session.isPaid ? 'paid' : 'unpaid',
    client_reference_id: params.client_reference_id ?? null,
    customer: session.customer,
    subscription: session.subscription,
    metadata: params.metadata ?? {},
  };
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  let webhookUrl = options.webhookUrl;
  let failingStatus: number | null = null;
  const checkoutSessions: FakeCheckoutSession[] = [];
  const portalSessions: FakePortalSession[] = [];
  const subscriptions = new Map<string, object>();
  let base = '';

  function event(type: string, object: object, eventOptions: EventOptions = {}): Stripe.Event {
    return {
      id: eventOptions.id ?? randomId('evt'),
      object: 'event',
      api_version: StripeSdk.API_VERSION,
      created: eventOptions.created ?? nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
  }

  function sign(signed: object, secret = webhookSecret): SignedEvent {
    const payload = JSON.stringify(signed);
    const header = StripeSdk.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  }

  async function sendEvent(signed: object): Promise<{ status: number; body: string }> {
    if (!webhookUrl) throw new Error('Fake Stripe: no webhook URL (setWebhookUrl)');
    const { payload, headers } = sign(signed);
    const response = await fetch(webhookUrl, { method: 'POST', headers, body: payload });
    return { status: response.status, body: await response.text() };
  }

  function pay(session: FakeCheckoutSession): Stripe.Event[] {
    const { params } = session;
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    const subscriptionMetadata = ((params.subscription_data as StripeParams | undefined)
      ?.metadata ?? metadata) as Record<string, string>;
    const interval = metadata.interval === 'year' ? 'year' : 'month';
    const price = ((params.line_items as StripeParams[] | undefined)?.[0]?.price ?? '') as string;
    session.customer = (params.customer as string | undefined) ?? randomId('cus');
    session.subscription = randomId('sub');
    session.isPaid = true;
    const subscription = fakeSubscription({
      id: session.subscription,
      customer: session.customer,
      price,
      interval,
      metadata: subscriptionMetadata,
    });
    subscriptions.set(subscription.id, subscription);
    const completed = {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: params.client_reference_id ?? null,
      customer: session.customer,
      customer_email: params.customer_email ?? null,
      subscription: session.subscription,
      metadata,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
    };
    return [
      event('checkout.session.completed', completed),
      event('customer.subscription.created', subscription),
    ];
  }

  async function hostedCheckout(response: ServerResponse, id: string, query: URLSearchParams) {
    const session = checkoutSessions.find((candidate) => candidate.id === id);
    if (!session) return answerPage(response, 404, '<h1>No such checkout session</h1>');
    if (query.get('cancel') !== null) {
      response.writeHead(303, { location: String(session.params.cancel_url) });
      return response.end();
    }
    for (const paid of webhookUrl ? pay(session) : []) {
      const answer = await sendEvent(paid);
      if (answer.status !== 200) {
        const problem = `The app answered ${paid.type} with ${answer.status}: ${answer.body}`;
        return answerPage(
          response,
          502,
          `<h1>Payment not confirmed</h1><p>${escapeHtml(problem)}</p>`,
        );
      }
    }
    const successUrl = String(session.params.success_url).replace('{CHECKOUT_SESSION_ID}', id);
    response.writeHead(303, { location: successUrl });
    response.end();
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, 'Invalid API Key provided.');
    }
    if (failingStatus !== null) return stripeError(response, failingStatus, 'Fake Stripe is down.');
    const params = parseStripeForm(await readBody(request));
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = randomId('cs');
      const session = {
        id,
        url: `${base}/checkout/${id}`,
        params,
        customer: (params.customer as string | undefined) ?? null,
        subscription: null,
        isPaid: false,
      };
      checkoutSessions.push(session);
      return answerJson(response, 200, checkoutSessionObject(session));
    }
    const checkoutSession = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && checkoutSession) {
      const id = decodeURIComponent(checkoutSession[1]);
      const found = checkoutSessions.find((candidate) => candidate.id === id);
      if (found) return answerJson(response, 200, checkoutSessionObject(found));
      return stripeError(response, 404, `No such checkout.session: '${id}'`);
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = randomId('bps');
      const session = { id, url: `${base}/portal/${id}`, params };
      portalSessions.push(session);
      return answerJson(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: session.url,
      });
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]));
      if (found) return answerJson(response, 200, found);
      return stripeError(response, 404, `No such subscription: '${subscription[1]}'`);
    }
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname.startsWith('/v1/')) return api(request, response, url.pathname);
    const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && checkout) {
      return hostedCheckout(response, checkout[1], url.searchParams);
    }
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    const portalSession = portalSessions.find((candidate) => candidate.id === portal?.[1]);
    if (request.method === 'GET' && portalSession) {
      const back = escapeHtml(String(portalSession.params.return_url ?? '/'));
      return answerPage(
        response,
        200,
        `<h1>Billing portal</h1><p>Fake Stripe's portal for ${escapeHtml(String(portalSession.params.customer))}.</p><a href="${back}">Return</a>`,
      );
    }
    return answerPage(response, 404, '<h1>Not found</h1>');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) stripeError(response, 500, String(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    },
    checkoutSessions,
    portalSessions,
    setWebhookUrl: (url) => {
      webhookUrl = url ?? undefined;
    },
    failApiCalls: (status) => {
      failingStatus = status;
    },
    event,
    sign,
    pay,
    sendEvent,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
