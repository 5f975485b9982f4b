// The public page in the reader's language (common/i18n): chosen by ?lang=, the switcher's cookie, the browser's
// Accept-Language, the template's default, else English; its <html lang dir>, its dates as the language writes them, each language's
// rendering kept apart, and the seal check given its language's catalogue.
import { JSDOM } from 'jsdom';

import { CATALOGUES } from '@common/i18n/catalogues';
import { LANGUAGE_INFO, LANGUAGES, type Language } from '@common/i18n/languages';
import { LANGUAGE_COOKIE } from '@common/i18n/negotiate-language';
import { createTranslator, type ParsedMessages } from '@common/i18n/translator';

import { defaultTemplate, templateRequest } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

async function page(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url, headers });
  const { document } = new JSDOM(response.body).window;
  return {
    response,
    document,
    language: document.documentElement.lang,
    dir: document.documentElement.dir,
    verdict: document.querySelector('#verdict')?.textContent?.trim(),
  };
}

async function appWithVerification() {
  const app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
  const user = await signedInUser(app);
  const verification = await createVerification(app, user, { issue_date: '2026-12-06' });
  return { app, user, verification };
}

// The issue date as each language writes it (CLDR through Intl), Gregorian whatever the locale's default.
const ISSUE_DATES: Record<Language, string> = {
  en: '6 December 2026',
  fr: '6 décembre 2026',
  de: '6. Dezember 2026',
  es: '6 de diciembre de 2026',
  it: '6 dicembre 2026',
  pt: '6 de dezembro de 2026',
  nl: '6 december 2026',
  pl: '6 grudnia 2026',
  tr: '6 Aralık 2026',
  ar: '٦ ديسمبر ٢٠٢٦',
  'zh-Hans': '2026年12月6日',
  ja: '2026年12月6日',
};

test("each language's page: its lang and dir, its headline, its words and its dates", async () => {
  const { app, verification } = await appWithVerification();
  for (const language of LANGUAGES) {
    const { response, document, ...shown } = await page(app, `/v/${verification.code}`, {
      'accept-language': `${language};q=0.9, sv;q=0.5`,
    });
    expect(response.statusCode).toBe(200);
    expect(shown).toEqual({
      language,
      dir: LANGUAGE_INFO[language].dir,
      verdict: CATALOGUES[language]['headline.active'],
    });
    expect(document.querySelector('#check-title')?.textContent).toBe(
      CATALOGUES[language]['check.title'],
    );
    expect(document.querySelector('dl')?.textContent).toContain(ISSUE_DATES[language]);
    expect(document.querySelector('.language-nav a[aria-current]')?.getAttribute('lang')).toBe(
      language,
    );
  }
  await app.close();
});

test('the choice runs ?lang= > cookie > Accept-Language > English, and ?lang= is remembered', async () => {
  const { app, verification } = await appWithVerification();
  const url = `/v/${verification.code}`;

  expect((await page(app, url)).language).toBe('en');
  expect((await page(app, url, { 'accept-language': 'pt-BR,pt;q=0.9' })).language).toBe('pt');

  const chosen = await page(app, `${url}?lang=ja`, { 'accept-language': 'fr' });
  expect(chosen.language).toBe('ja');
  const cookie = chosen.response.cookies.find(({ name }) => name === LANGUAGE_COOKIE);
  expect(cookie).toMatchObject({ value: 'ja', path: '/', sameSite: 'Lax' });

  const remembered = { cookie: `${LANGUAGE_COOKIE}=ja`, 'accept-language': 'fr' };
  expect((await page(app, url, remembered)).language).toBe('ja');
  expect((await page(app, `${url}?lang=de`, remembered)).language).toBe('de');
  // A language we do not have is passed over, and nothing is remembered of it.
  const unknown = await page(app, `${url}?lang=sv`, { 'accept-language': 'it' });
  expect(unknown.language).toBe('it');
  expect(unknown.response.cookies).toEqual([]);
  await app.close();
});

test("the template's default language is read when nothing else chooses; the browser's still wins", async () => {
  const { app, user, verification } = await appWithVerification();
  const url = `/v/${verification.code}`;
  expect((await page(app, url)).language).toBe('en');

  const template = await defaultTemplate(app, user);
  const changed = await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    default_language: 'de',
  });
  expect(changed.statusCode).toBe(200);

  const german = await page(app, url);
  expect([german.language, german.verdict]).toEqual(['de', CATALOGUES.de['headline.active']]);
  expect((await page(app, url, { 'accept-language': 'es-MX, en;q=0.5' })).language).toBe('es');
  expect((await page(app, url, { 'accept-language': 'sv' })).language).toBe('de');
  expect((await page(app, url, { cookie: `${LANGUAGE_COOKIE}=ja` })).language).toBe('ja');
  expect((await page(app, `${url}?lang=fr`)).language).toBe('fr');

  await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    default_language: null,
  });
  expect((await page(app, url)).language).toBe('en');
  await app.close();
});

test("the issuer's own words keep their language, marked where the page speaks another", async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const template = await defaultTemplate(app, user);
  await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    default_language: 'de',
    intro: 'Die Universität bestätigt diesen Abschluss.',
    footer_text: 'Prüfungsamt',
  });
  const verification = await createVerification(app, user, {
    title: 'Diplom in Informatik',
    custom_fields: JSON.stringify([{ key: 'Note', value: 'sehr gut' }]),
  });
  const url = `/v/${verification.code}`;
  const marked = (document: Document) =>
    [...document.querySelectorAll('[lang]:not(html, .languages *)')].map((element) => [
      element.textContent?.trim(),
      element.getAttribute('lang'),
    ]);

  // In the issuer's language, nothing needs marking; in another, each of their texts says it is German.
  expect(marked((await page(app, url)).document)).toEqual([]);
  expect(marked((await page(app, `${url}?lang=fr`)).document)).toEqual([
    ['Die Universität bestätigt diesen Abschluss.', 'de'],
    ['Diplom in Informatik', 'de'],
    ['Note', 'de'],
    ['sehr gut', 'de'],
    ['Prüfungsamt', 'de'],
  ]);
  // An issuer who named no language: English on an English page, unknown (lang="") on any other.
  await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    default_language: null,
  });
  expect(marked((await page(app, url)).document)).toEqual([]);
  expect(marked((await page(app, `${url}?lang=ja`)).document)).toContainEqual([
    'Diplom in Informatik',
    '',
  ]);
  await app.close();
});

test('the page says it varies by language; each language is kept apart, never served for another', async () => {
  const { app, verification } = await appWithVerification();
  const url = `/v/${verification.code}`;
  for (const language of ['fr', 'ar', 'fr', 'en', 'ar'] as const) {
    const shown = await page(app, url, { 'accept-language': language });
    expect(shown.response.headers.vary).toBe('Accept-Language, Cookie');
    expect([shown.language, shown.verdict]).toEqual([
      language,
      CATALOGUES[language]['headline.active'],
    ]);
  }
  await app.close();
});

test('a revoked page, an unknown code and a withdrawn one speak the language too', async () => {
  const { app, user, verification } = await appWithVerification();
  await app.inject({
    method: 'POST',
    url: `/api/verifications/${verification.id}/revoke/`,
    headers: user.headers,
    payload: { reason: 'Misspelt name' },
  });
  const revoked = await page(app, `/v/${verification.code}?lang=fr`);
  expect(revoked.verdict).toBe('Révoqué');
  expect(revoked.document.querySelector('.verdict')?.textContent).toContain(
    'Motif\u00a0: Misspelt name',
  );

  const unknown = await page(app, '/v/abcdefghijkmnpqr?lang=de');
  expect(unknown.response.statusCode).toBe(404);
  expect([unknown.language, unknown.verdict]).toEqual(['de', 'Nicht gefunden']);
  await app.close();
});

test('Arabic reads right to left, with the code and the host kept left to right inside it', async () => {
  const { app, verification } = await appWithVerification();
  const { document, dir } = await page(app, `/v/${verification.code}?lang=ar`);
  expect(dir).toBe('rtl');
  const isolated = [...document.querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent);
  expect(isolated).toEqual(expect.arrayContaining([verification.code, 'verify.example.com']));
  await app.close();
});

test("the seal check gets its page's catalogue before it runs; English needs none", async () => {
  const { app, verification } = await appWithVerification();
  const scripts = async (language: Language) =>
    [...(await page(app, `/v/${verification.code}?lang=${language}`)).document.scripts].map(
      (script) => script.getAttribute('src') ?? '',
    );

  const french = await scripts('fr');
  const messagesUrl = french.find((src) => src.includes('messages-fr.js'))!;
  expect(french.indexOf(messagesUrl)).toBeLessThan(
    french.findIndex((src) => src.includes('seal-check.js')),
  );
  const asset = await app.inject({ url: messagesUrl });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
  const window = { qrverifyMessages: undefined as unknown };
  new Function('window', asset.body)(window);
  // The page's messages: the scanner's are the SPA's.
  const messages = window.qrverifyMessages as ParsedMessages;
  const pageKeys = Object.keys(CATALOGUES.fr).filter((key) => !key.startsWith('scanner.'));
  expect(Object.keys(messages).sort()).toEqual(pageKeys.sort());
  expect(pageKeys).toContain('check.title');
  // Parsed ahead, so the seal check formats them without the ICU parser, to the catalogue's own words.
  const parsed = createTranslator('fr', messages);
  const catalogue = createTranslator('fr', CATALOGUES.fr);
  const values = { name: 'Université de Lyon', status: 'revoked' };
  for (const key of ['check.title', 'seal.sealedBy', 'check.original'] as const) {
    expect(parsed.t(key, values)).toBe(catalogue.t(key, values));
  }

  expect((await scripts('en')).some((src) => src.includes('messages-'))).toBe(false);
  await app.close();
});

test('a malformed language parameter is a 400, never a server error', async () => {
  const { app, verification } = await appWithVerification();
  const response = await app.inject({ url: `/v/${verification.code}?lang=fr&lang=de` });
  expect(response.statusCode).toBe(400);
  await app.close();
});
