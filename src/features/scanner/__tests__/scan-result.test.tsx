// The scanner's answer names the issuer only as far as it is proven: "Sealed by" and the green tick for a verified
// domain or an operator-checked name; "an account calling itself …" in the same print, with a neutral account icon,
// for one that only names itself; no name at all for a withheld one. A trust list kept from before issuer
// identities (on the device, or the service worker's copy) names accounts as declared, never as proven.
import { screen, within } from '@testing-library/react';

import { setupStore } from '@/app/store';
import { scannerApi, storedTrustList } from '@/features/scanner/api/scanner-api';
import { ScanResult } from '@/features/scanner/components/scan-result';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';
import type { TrustList, TrustedKey } from '@common/seals/trust-list';
import type { PublicVerificationResponse } from '@common/verifications-schemas';

import { CODE, lendNodeCrypto, makeIssuer, SERVICE_HOST, type TestIssuer } from './sealed-codes';

lendNodeCrypto();

const KID = 'AAECAwQFBgc';
const DOMAIN = 'alpha-university.edu';

const IDENTITIES = {
  domain: {
    issuer: DOMAIN,
    issuer_proof: 'domain',
    declared_name: 'Alpha University',
    declared_name_withheld: null,
  },
  operator: {
    issuer: 'Alpha University',
    issuer_proof: 'operator',
    declared_name: 'Alpha University',
    declared_name_withheld: null,
  },
  declared: declaredOnly('Alpha University'),
  shared: {
    issuer: null,
    issuer_proof: null,
    declared_name: null,
    declared_name_withheld: 'shared',
  },
  mixedScripts: {
    issuer: null,
    issuer_proof: null,
    declared_name: null,
    declared_name_withheld: 'mixed_scripts',
  },
} satisfies Record<string, IssuerIdentity>;

function issuerWith(identity: IssuerIdentity): TestIssuer {
  return makeIssuer(KID, {
    identity,
    customDomain: identity.issuer_proof === 'domain' ? identity.issuer : null,
  });
}

function trustListWith(...keys: Array<TrustedKey | Record<string, unknown>>): TrustList {
  return { keys: keys as TrustedKey[], service_hosts: [SERVICE_HOST] };
}

/** The live answer for the code, naming its issuer as `identity` does. */
function liveVerification(identity: IssuerIdentity): PublicVerificationResponse {
  return {
    code: CODE,
    title: 'Diploma',
    holder_name: 'Grace Hopper',
    issue_date: '2026-06-30',
    expiry_date: null,
    custom_fields: [],
    status: 'active',
    revoked_at: null,
    revocation_reason: null,
    allow_download: false,
    issuer: { name: 'Alpha University', ...identity },
    replaced_by_code: null,
    original_sha256: 'ab'.repeat(32),
    secured_sha256: 'cd'.repeat(32),
    sealed: true,
  } as unknown as PublicVerificationResponse;
}

/** Renders the answer for `issuer`'s sealed code; the live status answers `live`, else the network is down. */
async function renderResult(
  issuer: TestIssuer,
  trustList: TrustList | null = trustListWith(issuer.key),
  live?: PublicVerificationResponse,
) {
  mockFetch(() => (live ? jsonResponse(live) : Promise.reject(new TypeError('Failed to fetch'))));
  renderWithProviders(<ScanResult text={issuer.sealedUrl()} trustList={trustList} />);
  const result = await screen.findByRole('group', { name: 'Scan result' });
  return {
    result,
    title: within(result).getByRole('heading', { level: 2 }),
    issuedBy: () => {
      const facts = within(result).getByRole('group', { name: 'Signed facts' });
      const labels = within(facts)
        .getAllByRole('term')
        .map((term) => term.textContent);
      return within(facts).getAllByRole('definition')[labels.indexOf('Issued by')].textContent;
    },
  };
}

const hasTick = (element: HTMLElement) =>
  element.querySelector('[data-testid="VerifiedUserOutlinedIcon"]') !== null;
const hasAccountIcon = (element: HTMLElement) =>
  element.querySelector('[data-testid="AccountCircleOutlinedIcon"]') !== null;

describe('who the scanner says issued a sealed code', () => {
  it('a verified domain: sealed by the domain, its organisation name as stated by the issuer, with the tick', async () => {
    const { result, title, issuedBy } = await renderResult(issuerWith(IDENTITIES.domain));

    expect(title).toHaveTextContent(
      'Sealed by alpha-university.edu (Alpha University, as stated by the issuer) — signature verified',
    );
    expect(issuedBy()).toBe('alpha-university.edu (Alpha University, as stated by the issuer)');
    expect(result.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'verified');
    expect(hasTick(result)).toBe(true);
    expect(hasAccountIcon(result)).toBe(false);
  });

  it('an operator-checked name: sealed by the name, checked by this service, with the tick', async () => {
    const { result, title, issuedBy } = await renderResult(issuerWith(IDENTITIES.operator));

    expect(title).toHaveTextContent(
      'Sealed by Alpha University (name checked by this service) — signature verified',
    );
    expect(issuedBy()).toBe('Alpha University (name checked by this service)');
    expect(hasTick(result)).toBe(true);
  });

  it('a declared name: an account calling itself so, not verified, as loud as the verdict and never with the tick', async () => {
    const { result, title, issuedBy } = await renderResult(issuerWith(IDENTITIES.declared));

    expect(title).toHaveTextContent(
      'Issued by an account calling itself “Alpha University” — its name is not verified',
    );
    expect(issuedBy()).toBe(
      'An account calling itself “Alpha University” (its name is not verified)',
    );
    expect(result).not.toHaveTextContent(/Sealed by/);
    expect(result.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'declared');
    expect(hasTick(result)).toBe(false);
    expect(hasAccountIcon(result)).toBe(true);
    // The same heading as a proven issuer's: its words are not demoted to small print.
    expect(title.tagName).toBe('H2');
    expect(title).toHaveClass('MuiTypography-h3');
    expect(within(result).getByText(/nothing proves who the account is/)).toBeInTheDocument();
  });

  it.each([
    [
      'shared',
      IDENTITIES.shared,
      'another account uses a name that looks the same, so neither is shown',
    ],
    ['mixed scripts', IDENTITIES.mixedScripts, 'its name mixes alphabets, as look-alike names do'],
  ])('a name withheld (%s) is not shown at all', async (_reason, identity, note) => {
    const { result, title, issuedBy } = await renderResult(issuerWith(identity));

    expect(title).toHaveTextContent(`Issued by an account whose name is not shown — ${note}`);
    expect(issuedBy()).toBe(`An account whose name is not shown (${note})`);
    expect(result).not.toHaveTextContent(/Alpha University|Sealed by/);
    expect(hasTick(result)).toBe(false);
  });

  it('the live status names the issuer as far as it is proven', async () => {
    const declared = issuerWith(IDENTITIES.declared);
    const { result } = await renderResult(
      declared,
      undefined,
      liveVerification(IDENTITIES.declared),
    );

    const live = await within(result).findByRole('status', { name: 'Live status' });
    expect(live).toHaveTextContent(
      'Diploma — issued by an account calling itself “Alpha University” (its name is not verified) to Grace Hopper.',
    );
  });
});

describe('a trust list from before issuer identities', () => {
  /** A key as older servers wrote it: `issuer` is what the account calls itself, with no issuer_proof. */
  function olderKey(issuer: TestIssuer): Record<string, unknown> {
    const {
      issuer_proof: _proof,
      declared_name: _declared,
      declared_name_withheld: _withheld,
      ...older
    } = issuer.key;
    return { ...older, issuer: 'Alpha University', custom_domain: DOMAIN };
  }

  afterEach(() => window.localStorage.clear());

  it('kept on the device, names its accounts as declared, never as proven', async () => {
    const issuer = issuerWith(IDENTITIES.declared);
    window.localStorage.setItem(
      'qrverify.trust-list',
      JSON.stringify(trustListWith(olderKey(issuer))),
    );

    const stored = storedTrustList();

    expect(stored?.keys[0]).toMatchObject(declaredOnly('Alpha University'));
    const { result, title, issuedBy } = await renderResult(issuer, stored);
    expect(title).toHaveTextContent(
      'Issued by an account calling itself “Alpha University” — its name is not verified',
    );
    expect(issuedBy()).toBe(
      'An account calling itself “Alpha University” (its name is not verified)',
    );
    expect(hasTick(result)).toBe(false);
  });

  it('as the network (or the service worker’s cached copy) answers it, names its accounts as declared', async () => {
    const issuer = issuerWith(IDENTITIES.declared);
    mockFetch(() => jsonResponse(trustListWith(olderKey(issuer))));
    const store = setupStore();

    const { data } = await store.dispatch(scannerApi.endpoints.getTrustList.initiate());

    expect(data?.keys[0]).toMatchObject({
      ...declaredOnly('Alpha University'),
      custom_domain: DOMAIN,
    });
    // The copy kept for offline use is the read one.
    expect(storedTrustList()?.keys[0]).toMatchObject(declaredOnly('Alpha University'));
  });

  it('keeps the identities a newer trust list carries', async () => {
    const issuer = issuerWith(IDENTITIES.domain);
    mockFetch(() => jsonResponse(trustListWith(issuer.key)));
    const store = setupStore();

    const { data } = await store.dispatch(scannerApi.endpoints.getTrustList.initiate());

    expect(data?.keys[0]).toMatchObject(IDENTITIES.domain);
  });
});
