// A small stateful stand-in for the templates API (/work/notes/templates-contract.md): creating,
// saving, duplicating, making default and deleting change what later calls answer. Requests are
// recorded with their bodies already read (JSON, or the multipart `data` and `logo` parts).
import vm from 'node:vm';

import { act } from '@testing-library/react';

import { registerNotificationOutlet, type Notification } from '@/lib/notify';
import { OWNER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';

import type { Template, TemplateInput } from '../api/templates-api';

export { jsonResponse };

export function aTemplate(overrides: Partial<Template> = {}): Template {
  const { logo_url: _logo, ...design } = DEFAULT_TEMPLATE_DESIGN;
  return {
    ...design,
    id: 'tpl_default',
    name: 'Default',
    is_default: true,
    logo: null,
    verification_count: 0,
    seal_enabled: true,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string;
  /** The JSON body, or the multipart `data` part parsed. */
  body: Partial<TemplateInput> | null;
  /** The multipart `logo` part. */
  logo: File | null;
}

export type Override = (request: SentRequest) => Response | undefined;

const nodeGlobals = vm.runInThisContext('globalThis') as typeof globalThis;

/**
 * jsdom's FormData cannot be read by Node's Request (the fetch the tests use), so multipart bodies
 * are built with Node's FormData and files from `logoFile`. Returns the restore function.
 */
export function installNodeFormData(): () => void {
  const original = globalThis.FormData;
  Object.defineProperty(globalThis, 'FormData', {
    value: nodeGlobals.FormData,
    configurable: true,
    writable: true,
  });
  return () =>
    Object.defineProperty(globalThis, 'FormData', {
      value: original,
      configurable: true,
      writable: true,
    });
}

/** A file Node's FormData accepts, with `size` bytes (PNG signature first). */
export function logoFile(name = 'logo.png', type = 'image/png', size = 68): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, size));
  return new nodeGlobals.File([bytes], name, { type }) as unknown as File;
}

/** jsdom has no object URLs; the logo preview needs them. */
export function installObjectUrls() {
  let count = 0;
  const createObjectURL = jest.fn(() => `blob:http://localhost/logo-${++count}`);
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { createObjectURL, revokeObjectURL };
}

async function readRequest(request: Request): Promise<SentRequest> {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type') ?? '';
  let body: SentRequest['body'] = null;
  let logo: File | null = null;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData();
    body = JSON.parse(String(form.get('data')));
    const part = form.get('logo');
    logo = part && typeof part !== 'string' ? (part as File) : null;
  } else if (contentType.includes('json')) {
    body = await request.json();
  }
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    contentType,
    body,
    logo,
  };
}

function notFound() {
  return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

/** Default first, then by name, as the server lists them. */
function ordered(templates: Template[]): Template[] {
  return [...templates].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name),
  );
}

export function fakeTemplatesServer(initial: Template[], override?: Override) {
  // Copies: the server changes its templates, never the tests' fixtures.
  const state = {
    templates: initial.map((template) => ({ ...template })),
    sent: [] as SentRequest[],
    created: 0,
  };
  const find = (id: string) => state.templates.find((template) => template.id === id);

  const answer = (sent: SentRequest): Response => {
    const [, , , id, action] = sent.path.split('/');
    const route = `${sent.method} /${['templates', id && ':id', action].filter(Boolean).join('/')}/`;
    if (sent.method === 'GET' && sent.path === '/api/auth/profile/')
      return jsonResponse(OWNER_PROFILE);
    switch (route) {
      case 'GET /templates/':
        return jsonResponse({
          count: state.templates.length,
          results: ordered(state.templates),
        });
      case 'GET /templates/:id/': {
        const template = find(id);
        return template ? jsonResponse(template) : notFound();
      }
      case 'POST /templates/': {
        state.created += 1;
        const created = aTemplate({
          ...sent.body,
          id: `tpl_new_${state.created}`,
          is_default: false,
          logo: sent.logo
            ? {
                url: `/v/logos/tpl_new_${state.created}/abc.png`,
                content_type: 'image/png',
                size: sent.logo.size,
              }
            : null,
        } as Partial<Template>);
        state.templates.push(created);
        return jsonResponse(created, 201);
      }
      case 'PATCH /templates/:id/': {
        const template = find(id);
        if (!template) return notFound();
        const { logo: removeLogo, ...changes } = sent.body ?? {};
        Object.assign(template, changes);
        if (removeLogo === null) template.logo = null;
        if (sent.logo)
          template.logo = {
            url: `/v/logos/${id}/def.png`,
            content_type: 'image/png',
            size: sent.logo.size,
          };
        return jsonResponse(template);
      }
      case 'DELETE /templates/:id/': {
        const template = find(id);
        if (!template) return notFound();
        if (template.is_default) {
          return jsonResponse(
            { error: { code: 'template_is_default', message: 'This is the default template.' } },
            400,
          );
        }
        const replacement = find(sent.query.replacement_id ?? '');
        if (template.verification_count > 0 && !replacement) {
          return jsonResponse(
            {
              error: {
                code: 'template_in_use',
                message: `This template is used by ${template.verification_count} verifications. Choose a template to move them to.`,
              },
            },
            409,
          );
        }
        if (replacement) replacement.verification_count += template.verification_count;
        state.templates = state.templates.filter((candidate) => candidate !== template);
        return new Response(null, { status: 204 });
      }
      case 'POST /templates/:id/default/': {
        const template = find(id);
        if (!template) return notFound();
        for (const candidate of state.templates) candidate.is_default = candidate === template;
        return jsonResponse(template);
      }
      case 'POST /templates/:id/duplicate/': {
        const template = find(id);
        if (!template) return notFound();
        state.created += 1;
        const copy = {
          ...template,
          id: `tpl_copy_${state.created}`,
          name: `Copy of ${template.name}`,
          is_default: false,
          verification_count: 0,
        };
        state.templates.push(copy);
        return jsonResponse(copy, 201);
      }
      default:
        throw new TypeError(`Unexpected call: ${sent.method} ${sent.path}`);
    }
  };

  const fetchMock = mockFetch(async (request) => {
    const sent = await readRequest(request);
    state.sent.push(sent);
    // JSON answers are serialised on the spot, so the app never sees the state change under it.
    return override?.(sent) ?? answer(sent);
  });

  return {
    fetchMock,
    state,
    /** Requests sent as "METHOD /path" (query left out). */
    calls: (method: string, path: string) =>
      state.sent.filter((sent) => sent.method === method && sent.path === path),
  };
}

/** Catches every toast from here on. Call after rendering: the provider registers its own first. */
export function captureNotifications(): jest.Mock<void, [Required<Notification>]> {
  const shown = jest.fn<void, [Required<Notification>]>();
  act(() => {
    registerNotificationOutlet(shown);
  });
  return shown;
}
