import { acceptedTags, negotiateLanguage } from '../i18n/negotiate-language';

describe('negotiateLanguage', () => {
  test('?lang= comes first, over the cookie, the browser and the template', () => {
    expect(
      negotiateLanguage({ query: 'ja', cookie: 'fr', acceptLanguage: 'de', templateDefault: 'es' }),
    ).toBe('ja');
  });

  test('the switcher’s cookie comes before the browser and the template', () => {
    expect(negotiateLanguage({ cookie: 'fr', acceptLanguage: 'de', templateDefault: 'es' })).toBe(
      'fr',
    );
  });

  test('then the browser, then the template’s default, then English', () => {
    expect(negotiateLanguage({ acceptLanguage: 'de', templateDefault: 'es' })).toBe('de');
    expect(negotiateLanguage({ acceptLanguage: 'ko, sv', templateDefault: 'es' })).toBe('es');
    expect(negotiateLanguage({})).toBe('en');
  });

  test('a language we do not have, or nonsense, anywhere is passed over', () => {
    expect(
      negotiateLanguage({
        query: 'xx-!!',
        cookie: 'klingon',
        acceptLanguage: ';;;,q=',
        templateDefault: 'sv',
      }),
    ).toBe('en');
    expect(negotiateLanguage({ query: 'sv', acceptLanguage: 'it' })).toBe('it');
  });

  test('q-values order the browser’s languages; equal ones keep the header’s order; q=0 refuses', () => {
    expect(negotiateLanguage({ acceptLanguage: 'fr;q=0.5, de;q=0.9, en;q=0.1' })).toBe('de');
    expect(negotiateLanguage({ acceptLanguage: 'ko, nl;q=0.8, pl;q=0.8' })).toBe('nl');
    expect(negotiateLanguage({ acceptLanguage: 'fr;q=0, *;q=0.5', templateDefault: 'pt' })).toBe(
      'pt',
    );
  });

  test.each([
    ['pt-BR', 'pt'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['de-AT', 'de'],
    ['ar-EG', 'ar'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['ja-JP', 'ja'],
    ['EN-gb', 'en'],
  ])('%s falls back to %s', (tag, language) => {
    expect(negotiateLanguage({ acceptLanguage: tag, templateDefault: 'tr' })).toBe(language);
    expect(negotiateLanguage({ query: tag })).toBe(language);
  });

  test('Traditional Chinese reads Simplified only when nothing later in the list matches', () => {
    expect(negotiateLanguage({ acceptLanguage: 'zh-TW, ja;q=0.5' })).toBe('ja');
    expect(negotiateLanguage({ acceptLanguage: 'zh-HK, ko;q=0.5' })).toBe('zh-Hans');
  });
});

test('acceptedTags: most wanted first, wildcards and refusals dropped', () => {
  expect(acceptedTags('en-US,en;q=0.9, fr;q=0.95 , *;q=0.1, de;q=0')).toEqual([
    'en-US',
    'fr',
    'en',
  ]);
});
