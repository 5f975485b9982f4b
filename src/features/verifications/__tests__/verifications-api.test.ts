// What the verification mutations refresh: the list, the figures, and the templates whose usage count changed.
import { setupStore } from '@/app/store';
import { baseApi } from '@/lib/api/base-api';
import { templateChoicesApi } from '@/lib/api/template-choices-api';
import { templateTag } from '@/lib/api/template-tags';
import { signedInSession } from '@/testing/fixtures';

import { verificationsApi } from '../api/verifications-api';

import {
  aPage,
  aVerification,
  callsTo,
  fakeVerificationsServer,
  jsonResponse,
  STATS,
} from './fake-verifications-server';

// A template's own entry, as the templates feature caches it (features do not import each other).
const templateProbe = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTemplateProbe: build.query<unknown, string>({
      query: (id) => `templates/${id}/`,
      providesTags: (_result, _error, id) => [templateTag(id)],
    }),
  }),
});

const CREATED = aVerification({ id: 'ver_new', template_id: 'tpl-nursing' });

function serverAndStore() {
  const fetchMock = fakeVerificationsServer({
    'GET /api/verifications/': () => jsonResponse(aPage([aVerification()])),
    'GET /api/verifications/stats/': () => jsonResponse(STATS),
    'GET /api/verifications/ver_1/': () =>
      jsonResponse(aVerification({ template_id: 'tpl-default' })),
    'GET /api/templates/tpl-default/': () => jsonResponse({ id: 'tpl-default' }),
    'GET /api/templates/tpl-nursing/': () => jsonResponse({ id: 'tpl-nursing' }),
    'POST /api/verifications/': () => jsonResponse(CREATED, 201),
    'PATCH /api/verifications/ver_1/': () =>
      jsonResponse(aVerification({ template_id: 'tpl-nursing' })),
    'DELETE /api/verifications/ver_1/': () => new Response(null, { status: 204 }),
  });
  const store = setupStore({ session: signedInSession() });
  const { endpoints } = verificationsApi;
  const watched = [
    store.dispatch(endpoints.getVerifications.initiate({ page: 1, page_size: 10 })),
    store.dispatch(endpoints.getVerificationStats.initiate()),
    store.dispatch(templateChoicesApi.endpoints.getTemplateChoices.initiate()),
    store.dispatch(endpoints.getVerification.initiate('ver_1')),
    store.dispatch(templateProbe.endpoints.getTemplateProbe.initiate('tpl-default')),
    store.dispatch(templateProbe.endpoints.getTemplateProbe.initiate('tpl-nursing')),
  ];
  const count = (method: string, path: string) => callsTo(fetchMock, method, path).length;
  /** How often each watched answer has been fetched. */
  const fetched = () => ({
    list: count('GET', '/api/verifications/'),
    stats: count('GET', '/api/verifications/stats/'),
    templates: count('GET', '/api/templates/'),
    defaultTemplate: count('GET', '/api/templates/tpl-default/'),
    nursingTemplate: count('GET', '/api/templates/tpl-nursing/'),
  });
  const settled = async () => {
    await Promise.all(watched.map((query) => query.unwrap().catch(() => undefined)));
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
  };
  return { fetchMock, store, fetched, settled };
}

describe('verification mutations refresh what they change', () => {
  it('create sends JSON and refreshes the list, the figures and its template', async () => {
    const { fetchMock, store, fetched, settled } = serverAndStore();
    await settled();

    const created = await store
      .dispatch(
        verificationsApi.endpoints.createVerification.initiate({
          upload_id: 'up-1',
          title: 'Diploma',
          holder_name: 'Amara Okafor',
          template_id: 'tpl-nursing',
        }),
      )
      .unwrap();
    await settled();

    expect(created).toEqual(CREATED);
    const [sent] = callsTo(fetchMock, 'POST', '/api/verifications/');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(await sent.json()).toEqual({
      upload_id: 'up-1',
      title: 'Diploma',
      holder_name: 'Amara Okafor',
      template_id: 'tpl-nursing',
    });
    expect(fetched()).toEqual({
      list: 2,
      stats: 2,
      templates: 2,
      defaultTemplate: 1,
      nursingTemplate: 2,
    });
    // The new verification is cached at once, for the drawer.
    expect(
      verificationsApi.endpoints.getVerification.select('ver_new')(store.getState()).data,
    ).toEqual(CREATED);
  });

  it('delete refreshes the list, the figures and the template that counted it', async () => {
    const { store, fetched, settled } = serverAndStore();
    await settled();

    await store
      .dispatch(
        verificationsApi.endpoints.deleteVerification.initiate({
          id: 'ver_1',
          template_id: 'tpl-default',
        }),
      )
      .unwrap();
    await settled();

    expect(fetched()).toEqual({
      list: 2,
      stats: 2,
      templates: 2,
      defaultTemplate: 2,
      nursingTemplate: 1,
    });
  });

  it.each([
    ['moving to another template refreshes both', { template_id: 'tpl-nursing' }, 2],
    ['an edit that keeps the template leaves the templates alone', { title: 'Diploma' }, 1],
  ])('%s', async (_name, changes, templateFetches) => {
    const { store, fetched, settled } = serverAndStore();
    await settled();

    await store
      .dispatch(verificationsApi.endpoints.updateVerification.initiate({ id: 'ver_1', changes }))
      .unwrap();
    await settled();

    expect(fetched()).toMatchObject({
      defaultTemplate: templateFetches,
      nursingTemplate: templateFetches,
      templates: templateFetches,
    });
  });
});
