import { screen, waitFor, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import { signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { DocumentSigningSection } from '../components/document-signing-section';

import type { DocumentSigning } from '../api/document-signing-api';

const SERVICE: DocumentSigning = {
  signer: 'service_ca',
  signer_name: 'Alpha University (name not verified)',
  certificate: null,
  service_ca_url: 'https://verify.example.com/.well-known/qrverify-ca.pem',
};
const FAR = new Date(Date.now() + 300 * 24 * 60 * 60 * 1000).toISOString();
const OWN: DocumentSigning = {
  ...SERVICE,
  signer: 'issuer_certificate',
  signer_name: 'Alpha University',
  certificate: {
    subject: 'CN=Alpha University, O=Alpha University, C=GB',
    issuer: 'CN=Test Qualified CA, O=Test Trust Services',
    common_name: 'Alpha University',
    key: 'RSA 3072',
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: FAR,
    sha256_fingerprint: 'ab'.repeat(32),
    uploaded_at: '2026-12-06T10:00:00.000Z',
  },
};

interface Sent {
  method: string;
  request: Request;
}

/** The server: GET answers `current`; PUT answers `upload` (OWN by default) and DELETE goes back to SERVICE. */
function serve(initial: DocumentSigning, upload?: () => Response) {
  let current = initial;
  const sent: Sent[] = [];
  mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/settings/document-signing/') return jsonResponse(current);
    if (path === '/api/settings/document-signing/certificate/' && request.method === 'PUT') {
      sent.push({ method: 'PUT', request });
      const answer = upload?.() ?? jsonResponse(OWN);
      if (answer.ok) current = OWN;
      return answer;
    }
    if (path === '/api/settings/document-signing/certificate/' && request.method === 'DELETE') {
      sent.push({ method: 'DELETE', request });
      current = SERVICE;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return sent;
}

function renderSection() {
  return renderWithProviders(<DocumentSigningSection />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
}

function section() {
  return within(screen.getByRole('region', { name: 'Document signing' }));
}

it('says the service signs, uploads the organisation’s .p12 and its password as a form, then shows what it is', async () => {
  const sent = serve(SERVICE);
  const { user } = renderSection();
  expect(await section().findByText('Alpha University (name not verified)')).toBeInTheDocument();
  expect(section().getByText(/with the service’s certificate/)).toBeInTheDocument();
  expect(section().getByRole('link', { name: 'its certificate' })).toHaveAttribute(
    'href',
    SERVICE.service_ca_url,
  );

  await user.click(section().getByRole('button', { name: 'Upload certificate' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Upload your signing certificate' }),
  );
  const p12 = new File([new Uint8Array([0x30, 0x82, 1, 2])], 'alpha.p12', {
    type: 'application/x-pkcs12',
  });
  await user.upload(dialog.getByLabelText('Choose certificate file', { selector: 'input' }), p12);
  expect(dialog.getByText('alpha.p12')).toBeInTheDocument();
  await user.type(dialog.getByLabelText('File password'), 'correct horse');
  await user.click(dialog.getByRole('button', { name: 'Upload certificate' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.map(({ method }) => method)).toEqual(['PUT']);
  // The form's parts are the server's tests' business (jsdom's File does not stream back into a parsed form).
  expect(sent[0]!.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  const facts = within(await section().findByRole('group', { name: 'Your signing certificate' }));
  expect(facts.getByText('CN=Alpha University, O=Alpha University, C=GB')).toBeInTheDocument();
  expect(facts.getByText('CN=Test Qualified CA, O=Test Trust Services')).toBeInTheDocument();
  expect(facts.getByText('RSA 3072')).toBeInTheDocument();
  expect(facts.getByText('ab'.repeat(32))).toBeInTheDocument();
  expect(section().getByText(/with your organisation’s certificate/)).toBeInTheDocument();
  expect(section().getByRole('button', { name: 'Replace certificate' })).toBeInTheDocument();
});

it('shows why the server refused a file, keeps the dialog open, and asks for a file first', async () => {
  serve(SERVICE, () =>
    jsonResponse(
      {
        error: {
          code: 'certificate_wrong_password',
          message: 'The password does not open this file.',
        },
      },
      422,
    ),
  );
  const { user } = renderSection();
  await user.click(await section().findByRole('button', { name: 'Upload certificate' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Upload certificate' }));
  expect(await dialog.findByText('Choose the .p12 or .pfx file.')).toBeInTheDocument();

  await user.upload(
    dialog.getByLabelText('Choose certificate file', { selector: 'input' }),
    new File([new Uint8Array([1])], 'alpha.pfx'),
  );
  await user.type(dialog.getByLabelText('File password'), 'guess');
  await user.click(dialog.getByRole('button', { name: 'Upload certificate' }));
  expect(await dialog.findByText('The password does not open this file.')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('removes the certificate after confirmation, going back to the service’s certificate', async () => {
  const sent = serve(OWN);
  const { user } = renderSection();
  await user.click(await section().findByRole('button', { name: 'Remove certificate' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Remove your signing certificate?' }),
  );
  expect(dialog.getByText(/already signed with it stay signed/)).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Remove certificate' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await section().findByText('Alpha University (name not verified)')).toBeInTheDocument();
  expect(sent.map(({ method }) => method)).toEqual(['DELETE']);
  expect(section().queryByRole('group', { name: 'Your signing certificate' })).toBeNull();
});

it('warns when the certificate has expired or ends within 30 days', async () => {
  const expired = { ...OWN, signer: 'service_ca' as const, signer_name: SERVICE.signer_name };
  expired.certificate = { ...OWN.certificate!, not_after: '2026-01-31T00:00:00.000Z' };
  serve(expired);
  const { unmount } = renderSection();
  expect(await section().findByText(/Your certificate expired on/)).toBeInTheDocument();
  unmount();

  const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString();
  serve({ ...OWN, certificate: { ...OWN.certificate!, not_after: soon } });
  renderSection();
  expect(await section().findByText(/Upload its renewal before then/)).toBeInTheDocument();
});
