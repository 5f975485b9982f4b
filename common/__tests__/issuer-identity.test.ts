// Who issued a document, in the words every place uses: stated as the issuer's identity only when a verified
// domain or the operator proves it, else as an account names itself, else withheld with the reason.
import { translatorFor } from '../i18n/catalogues';
import { declaredOnly, issuerPhrase, issuerWords, type IssuerIdentity } from '../issuer-identity';

const DOMAIN: IssuerIdentity = {
  issuer: 'alpha-university.edu',
  issuer_proof: 'domain',
  declared_name: 'Alpha University',
  declared_name_withheld: null,
};
const OPERATOR: IssuerIdentity = {
  issuer: 'Alpha University',
  issuer_proof: 'operator',
  declared_name: 'Alpha University',
  declared_name_withheld: null,
};
const WITHHELD_SHARED: IssuerIdentity = {
  issuer: null,
  issuer_proof: null,
  declared_name: null,
  declared_name_withheld: 'shared',
};
const WITHHELD_MIXED: IssuerIdentity = {
  ...WITHHELD_SHARED,
  declared_name_withheld: 'mixed_scripts',
};

describe('issuerWords', () => {
  test('a verified custom domain is the identity; the organisation name beside it is as the issuer states it', () => {
    expect(issuerWords(DOMAIN)).toMatchObject({
      isProven: true,
      name: 'alpha-university.edu',
      note: 'Alpha University, as stated by the issuer',
    });
  });

  test('a verified domain whose account name is withheld is named by the domain alone', () => {
    expect(
      issuerWords({ ...DOMAIN, declared_name: null, declared_name_withheld: 'mixed_scripts' }),
    ).toMatchObject({ isProven: true, name: 'alpha-university.edu', note: null });
  });

  test('a name the operator checked is the identity, and says who checked it', () => {
    expect(issuerWords(OPERATOR)).toMatchObject({
      isProven: true,
      name: 'Alpha University',
      note: 'name checked by this service',
    });
  });

  test('the operator-checked name is said, not the one the account types', () => {
    expect(issuerWords({ ...OPERATOR, declared_name: 'Alpha University (Official)' }).name).toBe(
      'Alpha University',
    );
  });

  test('a name nothing proves is what an account calls itself, and says it is not verified', () => {
    expect(issuerWords(declaredOnly('Alpha University'))).toMatchObject({
      isProven: false,
      name: 'an account calling itself “Alpha University”',
      note: 'its name is not verified',
    });
  });

  test('a name that reads like another account’s is withheld, with the reason', () => {
    expect(issuerWords(WITHHELD_SHARED)).toMatchObject({
      isProven: false,
      name: 'an account whose name is not shown',
      note: 'another account uses a name that looks the same, so neither is shown',
    });
  });

  test('a name that mixes alphabets is withheld, with the reason', () => {
    expect(issuerWords(WITHHELD_MIXED)).toMatchObject({
      isProven: false,
      name: 'an account whose name is not shown',
      note: 'its name mixes alphabets, as look-alike names do',
    });
  });

  test('a proof without the proven name proves nothing', () => {
    const words = issuerWords({ ...declaredOnly('Alpha University'), issuer_proof: 'domain' });
    expect(words.isProven).toBe(false);
    expect(words.name).toBe('an account calling itself “Alpha University”');
  });

  test('a proven name without its proof is not stated as the identity', () => {
    const words = issuerWords({ ...declaredOnly('Alpha University'), issuer: 'Alpha University' });
    expect(words.isProven).toBe(false);
  });
});

describe('issuerPhrase', () => {
  test.each([
    [
      'a verified domain',
      DOMAIN,
      'alpha-university.edu (Alpha University, as stated by the issuer)',
    ],
    ['an operator-checked name', OPERATOR, 'Alpha University (name checked by this service)'],
    [
      'a declared name',
      declaredOnly('Alpha University'),
      'an account calling itself “Alpha University” (its name is not verified)',
    ],
    [
      'a withheld look-alike',
      WITHHELD_SHARED,
      'an account whose name is not shown (another account uses a name that looks the same, so neither is shown)',
    ],
    [
      'a withheld mix of alphabets',
      WITHHELD_MIXED,
      'an account whose name is not shown (its name mixes alphabets, as look-alike names do)',
    ],
  ])('%s fits "This document was issued by …"', (_case, identity, phrase) => {
    expect(issuerPhrase(identity)).toBe(phrase);
  });

  test('a verified domain with no organisation name beside it is the domain alone', () => {
    expect(issuerPhrase({ ...DOMAIN, declared_name: null, declared_name_withheld: 'shared' })).toBe(
      'alpha-university.edu',
    );
  });
});

describe('declaredOnly', () => {
  test('is a name nothing vouches for, not withheld', () => {
    expect(declaredOnly('Beta College')).toEqual({
      issuer: null,
      issuer_proof: null,
      declared_name: 'Beta College',
      declared_name_withheld: null,
    });
  });
});

describe('in the reader’s language', () => {
  test('the words and the capitals at a line’s start are each language’s own', () => {
    const french = issuerWords(declaredOnly('Alpha University'), translatorFor('fr'));
    expect(french).toMatchObject({
      // French typography: no-break spaces inside the guillemets.
      name: 'un compte se présentant comme «\u00a0Alpha University\u00a0»',
      nameOpeningLine: 'Un compte se présentant comme «\u00a0Alpha University\u00a0»',
      note: 'son nom n’est pas vérifié',
    });
  });

  test('in Arabic an account’s own name keeps its direction inside the sentence (Unicode isolates)', () => {
    const { name } = issuerWords(declaredOnly('Alpha University'), translatorFor('ar'));
    expect(name).toContain('\u2068Alpha University\u2069');
    expect(issuerWords(declaredOnly('Alpha University')).name).not.toContain('\u2068');
  });
});
