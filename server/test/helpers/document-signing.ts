// An owner's upload of their own signing certificate, as Account → Document signing sends it.
import { formData, type TestUser } from './verifications';

import type { FastifyInstance } from 'fastify';

export const DOCUMENT_SIGNING_CERTIFICATE_URL = '/api/settings/document-signing/certificate/';

export function uploadIssuerCertificate(
  app: FastifyInstance,
  user: TestUser,
  pkcs12: Buffer,
  password: string,
) {
  const form = formData({
    file: { name: 'alpha.p12', type: 'application/x-pkcs12', data: pkcs12 },
    password,
  });
  return app.inject({
    method: 'PUT',
    url: DOCUMENT_SIGNING_CERTIFICATE_URL,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}
