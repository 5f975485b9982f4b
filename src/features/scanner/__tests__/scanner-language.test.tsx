// The scanner speaks the verifier's language, chosen as the public page chooses it: ?lang=, then the page's cookie,
// then the browser's languages (a regional variant falling back to its language), then English. Arabic reads right
// to left. Its results and warnings, the seal's verdict included, are in that language too.
import { screen, within } from '@testing-library/react';

import { ScanResult } from '@/features/scanner/components/scan-result';
import { ScannerScreen } from '@/features/scanner/components/scanner-screen';
import { ScannerTranslator } from '@/features/scanner/scanner-language';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import { loadTranslator } from '@common/i18n/load-translator';
import { LANGUAGE_COOKIE } from '@common/i18n/negotiate-language';
import { declaredOnly } from '@common/issuer-identity';
import type { TrustList } from '@common/seals/trust-list';

import { CODE, lendNodeCrypto, makeIssuer, SERVICE_HOST } from './sealed-codes';

// The decoder (WebAssembly) is not what these tests are about: it never finishes loading here.
jest.mock('@/features/scanner/decode/qr-decoder', () => ({
  loadQrDetector: () => new Promise(() => undefined),
}));
// What a chosen file holds: by default a PDF of a few pages with no QR code on them.
const mockDecodedFile = jest.fn(
  async (): Promise<{ text: string | null; pdfPages: number | null }> => ({
    text: null,
    pdfPages: 3,
  }),
);
jest.mock('@/features/scanner/decode/decode-file', () => ({
  ...jest.requireActual('@/features/scanner/decode/decode-file'),
  decodeQrFromFile: () => mockDecodedFile(),
}));

lendNodeCrypto();

function browserSpeaks(...languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

function setLanguageCookie(value: string | null) {
  document.cookie = value
    ? `${LANGUAGE_COOKIE}=${value}; path=/`
    : `${LANGUAGE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

const ENGLISH_BROWSER = ['en-US', 'en'];

beforeEach(() => {
  browserSpeaks(...ENGLISH_BROWSER);
  setLanguageCookie(null);
  // The trust list: none on this device, the network down.
  mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
});

afterAll(() => browserSpeaks(...ENGLISH_BROWSER));

/** Renders /scan at `route`; resolves with the scanner's root (the element carrying lang and dir). */
async function openScanner(route = '/scan') {
  const view = renderWithProviders(<ScannerScreen />, { route });
  const heading = await screen.findByRole('heading', { level: 1 });
  const root = heading.closest('[lang]') as HTMLElement;
  return { ...view, heading, root };
}

describe('the scanner in the verifier’s language', () => {
  it('speaks French: lang, direction, prompts and the camera button', async () => {
    const { heading, root } = await openScanner('/scan?lang=fr');

    expect(root).toHaveAttribute('lang', 'fr');
    expect(root).toHaveAttribute('dir', 'ltr');
    expect(heading).toHaveTextContent('Vérifier un code QR');
    expect(screen.getByRole('button', { name: 'Scanner avec l’appareil photo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choisir une image ou un PDF' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });

  it('speaks Arabic right to left, MUI laid out for it', async () => {
    const { heading, root } = await openScanner('/scan?lang=ar');

    expect(root).toHaveAttribute('lang', 'ar');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(heading).toHaveTextContent('التحقق من رمز QR');
    expect(screen.getByRole('button', { name: 'المسح بالكاميرا' })).toBeVisible();
    // The mirrored styles come from their own Emotion cache.
    expect(document.head.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
  });

  it('counts the pages of a PDF with no code in Polish plurals', async () => {
    const { user } = await openScanner('/scan?lang=pl');

    const pdf = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Wybierz obraz lub plik PDF'), pdf);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'W tym pliku PDF nie znaleziono kodu QR (odczytano 3 strony).',
    );
  });

  it('keeps the result when the switcher turns the page right to left', async () => {
    mockDecodedFile.mockResolvedValueOnce({ text: 'WIFI:S:cafe;;', pdfPages: null });
    const { user } = await openScanner('/scan?lang=fr');
    const photo = new File(['…'], 'code.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choisir une image ou un PDF'), photo);
    expect(await screen.findByText('Ce code QR n’est pas un code QR Verify')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'العربية');

    expect(await screen.findByText('رمز QR هذا ليس رمزًا من QR Verify')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 }).closest('[dir]')).toHaveAttribute(
      'dir',
      'rtl',
    );
  });

  it('stays English for an English browser, with nothing asked', async () => {
    const { heading, root } = await openScanner();

    expect(root).toHaveAttribute('lang', 'en');
    expect(heading).toHaveTextContent('Check a QR code');
  });
});

describe('which language the scanner chooses', () => {
  it('?lang= beats the cookie, which beats the browser', async () => {
    setLanguageCookie('fr');
    browserSpeaks('de-DE', 'de');

    const asked = await openScanner('/scan?lang=ja');
    expect(asked.root).toHaveAttribute('lang', 'ja');
    asked.unmount();

    const remembered = await openScanner('/scan');
    expect(remembered.root).toHaveAttribute('lang', 'ja');
  });

  it('the cookie beats the browser', async () => {
    setLanguageCookie('fr');
    browserSpeaks('de-DE', 'de');

    const { root } = await openScanner();

    expect(root).toHaveAttribute('lang', 'fr');
  });

  it('the browser’s languages in order, a regional variant falling back to its language', async () => {
    browserSpeaks('ko-KR', 'pt-BR', 'fr');

    const { root, heading } = await openScanner();

    expect(root).toHaveAttribute('lang', 'pt');
    expect(heading).toHaveTextContent('Verificar um código QR');
  });

  it('English for a language it does not have, and for an unknown ?lang=', async () => {
    browserSpeaks('ko-KR', 'sv');

    const { root } = await openScanner('/scan?lang=klingon');

    expect(root).toHaveAttribute('lang', 'en');
    expect(document.cookie).not.toContain(LANGUAGE_COOKIE);
  });

  it('the switcher changes the language and remembers it in the page’s cookie', async () => {
    const { user, router } = await openScanner();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');

    expect(await screen.findByRole('heading', { name: 'QR-Code prüfen' })).toBeVisible();
    expect(router.state.location.search).toBe('?lang=de');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
  });
});

describe('the scanner’s answer in French', () => {
  async function renderInFrench(text: string, trustList: TrustList) {
    const french = await loadTranslator('fr');
    renderWithProviders(
      <ScannerTranslator.Provider value={french}>
        <ScanResult text={text} trustList={trustList} />
      </ScannerTranslator.Provider>,
    );
    return screen.findByRole('group', { name: 'Résultat du scan' });
  }

  it('warns of a look-alike site, with the seal’s verdict in the page’s words', async () => {
    const issuer = makeIssuer('AAECAwQFBgc', { identity: declaredOnly('Université Alpha') });
    const lookAlike = issuer.sealedUrl().replace(SERVICE_HOST, 'qrverify-check.example');

    const result = await renderInFrench(lookAlike, {
      keys: [issuer.key],
      service_hosts: [SERVICE_HOST],
    });

    expect(result).toHaveTextContent('Attention : ce code QR ne mène pas à QR Verify');
    expect(result).toHaveTextContent(/Il ouvre qrverify-check\.example, qui n’est ni QR Verify/);
    expect(result).toHaveTextContent(/afficher « Valide » pour n’importe quoi/);
    // seal.invalid, as the public page says it in French.
    expect(result).toHaveTextContent(
      'Le sceau de ce code n’est pas valide — le code a peut-être été modifié ou copié vers un autre site',
    );
    const host = within(result).getByText('qrverify-check.example');
    expect(host.tagName).toBe('BDI');
    expect(host).toHaveAttribute('dir', 'ltr');
  });

  it('says the signed facts and the live status in French, dates included', async () => {
    const issuer = makeIssuer('AAECAwQFBgc', { identity: declaredOnly('Université Alpha') });
    mockFetch(() =>
      jsonResponse({
        code: CODE,
        title: 'Diplôme',
        holder_name: 'Grace Hopper',
        issue_date: '2026-06-30',
        expiry_date: null,
        custom_fields: [],
        status: 'revoked',
        revoked_at: '2026-11-30T09:00:00.000Z',
        revocation_reason: null,
        allow_download: false,
        issuer: { name: 'Université Alpha', ...declaredOnly('Université Alpha') },
        replaced_by_code: null,
        sealed: true,
      }),
    );

    const result = await renderInFrench(issuer.sealedUrl(), {
      keys: [issuer.key],
      service_hosts: [SERVICE_HOST],
    });

    const facts = within(result).getByRole('group', { name: 'Informations signées' });
    expect(
      within(facts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Délivré par',
      'Titulaire',
      'Date de délivrance',
      'Date d’expiration',
      'Code de vérification',
      'Scellé le',
    ]);
    expect(facts).toHaveTextContent('30 juin 2026');
    expect(facts).toHaveTextContent('25 novembre 2026 à 10:42 UTC');
    const live = await within(result).findByRole('status', { name: 'Statut en direct' });
    expect(live).toHaveTextContent('Statut en direct : Révoqué');
    expect(live).toHaveTextContent(
      'Diplôme — document délivré par un compte se présentant comme « Université Alpha » (son nom n’est pas vérifié) à Grace Hopper, révoqué le 30 novembre 2026.',
    );
  });
});
