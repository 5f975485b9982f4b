// Verifications for specs: secured through the real API as a signed-in user (multipart upload, as the SPA and
// API clients do), with their files read back through it.
import type { Verification } from '../../common/verifications-schemas';
import type { RunningApp } from './app';

export interface SecureRequest {
  file: Buffer;
  fileName?: string;
  title?: string;
  holderName?: string;
  issueDate?: string;
  expiryDate?: string;
  /** The template it is issued on; the account's default when left out. */
  templateId?: string;
  allowDownload?: boolean;
}

export async function secureDocument(
  app: Pick<RunningApp, 'baseUrl'>,
  accessToken: string,
  request: SecureRequest,
): Promise<Verification> {
  const form = new FormData();
  const type = request.fileName?.endsWith('.png') ? 'image/png' : 'application/pdf';
  form.set(
    'file',
    new Blob([new Uint8Array(request.file)], { type }),
    request.fileName ?? 'document.pdf',
  );
  form.set('title', request.title ?? 'Bachelor of Science');
  form.set('holder_name', request.holderName ?? 'Grace Hopper');
  form.set('issue_date', request.issueDate ?? '2025-06-30');
  if (request.expiryDate) form.set('expiry_date', request.expiryDate);
  if (request.templateId) form.set('template_id', request.templateId);
  if (request.allowDownload !== undefined)
    form.set('allow_download', String(request.allowDownload));
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`secure → ${response.status}: ${await response.text()}`);
  return (await response.json()) as Verification;
}

/** One of a verification's files through the API: the secured PDF ('document/') or its QR code ('qr/'). */
export async function downloadVerificationFile(
  app: Pick<RunningApp, 'baseUrl'>,
  accessToken: string,
  id: number | string,
  file: 'document/' | 'original/' | 'qr/?format=png',
): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}/api/verifications/${id}/${file}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`${file} → ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}
