// A verification's public answer is rendered once per version (its cache entries and its status today) and kept
// within a byte budget.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { DEFAULT_TEMPLATE_DESIGN, type TemplateDesign } from '@common/templates';
import type { VerificationStatus } from '@common/verifications';

import { RenderedVerifications } from '../../../src/services/public-pages/rendered-verifications';

import type { FoundPublicVerification } from '../../../src/services/public-pages/find-public-verification';

function found(
  code: string,
  {
    status = 'active',
    design = DEFAULT_TEMPLATE_DESIGN,
  }: { status?: VerificationStatus; design?: TemplateDesign } = {},
): FoundPublicVerification {
  return {
    cached: { code } as FoundPublicVerification['cached'],
    design,
    defaultLanguage: null,
    verification: { code, status } as FoundPublicVerification['verification'],
  };
}

function counted(text: (call: number) => string) {
  let calls = 0;
  return {
    render: () => text((calls += 1)),
    calls: () => calls,
  };
}

test('the same version is rendered once and answered as the same bytes', () => {
  const rendered = new RenderedVerifications(1024);
  const view = found('abc');
  const renderer = counted((call) => `page ${call}`);

  const first = rendered.get(view, renderer.render);
  const again = rendered.get({ ...view, verification: { ...view.verification } }, renderer.render);

  expect(first.toString()).toBe('page 1');
  expect(again).toBe(first);
  expect(renderer.calls()).toBe(1);
});

test('a new entry for the verification or its design, or another status, renders again', () => {
  const rendered = new RenderedVerifications(1024);
  const renderer = counted((call) => `page ${call}`);
  const view = found('abc');
  rendered.get(view, renderer.render);

  const edited = { ...view, cached: { ...view.cached } };
  expect(rendered.get(edited, renderer.render).toString()).toBe('page 2');
  const restyled = { ...edited, design: { ...DEFAULT_TEMPLATE_DESIGN } };
  expect(rendered.get(restyled, renderer.render).toString()).toBe('page 3');
  // The day it expires: same entries, status computed anew.
  const expired = {
    ...restyled,
    verification: { ...restyled.verification, status: 'expired' as const },
  };
  expect(rendered.get(expired, renderer.render).toString()).toBe('page 4');
  expect(rendered.get(expired, renderer.render).toString()).toBe('page 4');
  expect(renderer.calls()).toBe(4);
  // Replaced, not added: one answer is held for the code.
  expect(rendered.size).toBe('page 4'.length);
});

test('beyond its byte budget the least recently used answers go first', () => {
  const rendered = new RenderedVerifications(30);
  const renderer = counted(() => '0123456789');
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((code) => found(code));
  rendered.get(a, renderer.render);
  rendered.get(b, renderer.render);
  rendered.get(c, renderer.render);
  rendered.get(a, renderer.render); // a is now the most recently used

  rendered.get(d, renderer.render); // b goes
  expect(rendered.size).toBe(30);
  expect(renderer.calls()).toBe(4);

  rendered.get(a, renderer.render);
  rendered.get(c, renderer.render);
  expect(renderer.calls()).toBe(4);
  rendered.get(b, renderer.render);
  expect(renderer.calls()).toBe(5);
});

test('an answer larger than the whole budget is sent but not kept', () => {
  const rendered = new RenderedVerifications(8);
  const renderer = counted(() => 'a page longer than the budget');

  expect(rendered.get(found('abc'), renderer.render).toString()).toBe(
    'a page longer than the budget',
  );
  expect(rendered.size).toBe(0);
});

test('an answer is compressed once after it is rendered, then sent in the best coding the client takes', async () => {
  const rendered = new RenderedVerifications(1024 * 1024);
  const page = `<p>${'A document issued under this code. '.repeat(200)}</p>`;
  const renderer = counted(() => page);
  const view = found('abc');
  const browser = 'gzip, deflate, br, zstd';

  // Until it is compressed, the page goes out as it is.
  expect(rendered.getEncoded(view, renderer.render, 'en', browser).encoding).toBe('identity');
  await rendered.compressed();

  const br = rendered.getEncoded(view, renderer.render, 'en', browser);
  expect(br.encoding).toBe('br');
  expect(brotliDecompressSync(br.body).toString()).toBe(page);
  expect(br.body.length).toBeLessThan(page.length / 10);
  const gzip = rendered.getEncoded(view, renderer.render, 'en', 'br;q=0, gzip');
  expect(gzip.encoding).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(page);
  expect(rendered.getEncoded(view, renderer.render, 'en', undefined)).toEqual({
    body: Buffer.from(page),
    encoding: 'identity',
  });
  expect(renderer.calls()).toBe(1);
  // The compressed forms count against the budget too.
  expect(rendered.size).toBe(page.length + br.body.length + gzip.body.length);
});

test('a version replaced while it was compressed keeps no stale compressed form', async () => {
  const rendered = new RenderedVerifications(1024 * 1024);
  const renderer = counted((call) => `<p>version ${call}: ${'text '.repeat(500)}</p>`);
  const view = found('abc');

  rendered.get(view, renderer.render, 'en');
  const revoked = { ...view, verification: { ...view.verification, status: 'revoked' as const } };
  rendered.get(revoked, renderer.render, 'en');
  await rendered.compressed();

  const answer = rendered.getEncoded(revoked, renderer.render, 'en', 'br');
  expect(brotliDecompressSync(answer.body).toString()).toMatch(/^<p>version 2:/);
});
