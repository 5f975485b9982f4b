// Every change reaches the public pages' memory through PublicPageCache.apply, which alone knows what it touches.
import { PublicPageCache } from '../../../src/services/public-pages/public-page-cache';

import type { CachedPublicVerification } from '../../../src/services/public-pages/public-verification';
import type { PublicTemplate } from '../../../src/services/templates/template-rows';

function fakeDatabase() {
  const verifications = new Map<string, { title: string; template_id: string }>();
  const templates = new Map<string, { heading: string }>();
  const loads: string[] = [];
  const cache = new PublicPageCache({
    loadVerification: async (code) => {
      loads.push(`verification ${code}`);
      const row = verifications.get(code);
      return row ? (row as unknown as CachedPublicVerification) : null;
    },
    loadTemplate: async (id) => {
      loads.push(`template ${id}`);
      const row = templates.get(id);
      return row ? (row as unknown as PublicTemplate) : null;
    },
    loadTrustList: async () => {
      loads.push('trust list');
      return { trustList: { keys: [], service_hosts: [] }, body: '', etag: '""' };
    },
  });
  return { verifications, templates, loads, cache };
}

test('a saved verification is read again at once; a deleted one answers null and refreshes those it replaced', async () => {
  const { verifications, loads, cache } = fakeDatabase();
  verifications.set('one', { title: 'One', template_id: 't1' });
  verifications.set('old', { title: 'Old', template_id: 't1' });
  await cache.verification('one');
  await cache.verification('old');

  verifications.set('one', { title: 'One, edited', template_id: 't1' });
  await cache.apply({ type: 'verification-saved', code: 'one' });
  loads.length = 0;
  expect(await cache.verification('one')).toMatchObject({ title: 'One, edited' });
  expect(loads).toEqual([]);

  verifications.delete('one');
  await cache.apply({ type: 'verification-deleted', code: 'one', replacedCodes: ['old'] });
  expect(loads).toEqual(['verification old']);
  expect(await cache.verification('one')).toBeNull();
  expect(loads).toEqual(['verification old']);
});

test('a saved template is read again; a deleted one is gone and its moved verifications are read on next view', async () => {
  const { verifications, templates, loads, cache } = fakeDatabase();
  templates.set('t1', { heading: 'First' });
  verifications.set('moved', { title: 'Moved', template_id: 't1' });
  await cache.template('T1');
  await cache.verification('moved');

  templates.set('t1', { heading: 'Changed' });
  await cache.apply({ type: 'template-saved', id: 't1' });
  expect(await cache.template('t1')).toEqual({ heading: 'Changed' });

  templates.delete('t1');
  verifications.set('moved', { title: 'Moved', template_id: 't2' });
  loads.length = 0;
  await cache.apply({ type: 'template-deleted', id: 'T1', movedCodes: ['moved'] });
  expect(loads).toEqual([]);
  expect(await cache.template('t1')).toBeNull();
  expect(await cache.verification('moved')).toMatchObject({ template_id: 't2' });
  expect(loads).toEqual(['verification moved']);
});

test("another instance's change is read on the next view, not at once", async () => {
  const { verifications, loads, cache } = fakeDatabase();
  verifications.set('one', { title: 'One', template_id: 't1' });
  await cache.verification('one');

  verifications.set('one', { title: 'One, edited elsewhere', template_id: 't1' });
  loads.length = 0;
  await cache.apply({ type: 'verification-saved', code: 'one' }, 'elsewhere');
  expect(loads).toEqual([]);
  expect(await cache.verification('one')).toMatchObject({ title: 'One, edited elsewhere' });
  expect(loads).toEqual(['verification one']);
});

test('a flush forgets every entry, and caches that depend on the changes hear of changes and flushes', async () => {
  const { verifications, templates, loads, cache } = fakeDatabase();
  verifications.set('one', { title: 'One', template_id: 't1' });
  templates.set('t1', { heading: 'First' });
  await cache.verification('one');
  await cache.template('t1');
  await cache.trustList();
  const heard: string[] = [];
  cache.addDependent({
    apply: (change) => heard.push(change.type),
    flush: () => heard.push('flush'),
  });

  await cache.apply({ type: 'custom-domain-changed', domain: 'verify.example.org' });
  cache.flush();
  loads.length = 0;
  await cache.verification('one');
  await cache.template('t1');
  await cache.trustList();

  expect(heard).toEqual(['custom-domain-changed', 'flush']);
  expect(loads).toEqual(['verification one', 'template t1', 'trust list']);
});
