// The PDF-signature part of `npm run verify`: the file's own PAdES signature checked against the service's
// document-signing CA (fetched from --server, or read from --ca beside a saved trust list). It is said apart from
// the seal: the seal proves what was issued, the signature that this very file is the one the service signed.
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { DOCUMENT_CA_PATH } from '@common/verifications';

import {
  checkPdfSignature,
  type PdfSignatureCheck,
  type ProvenTime,
} from '../documents/signing/check-pdf-signature';

import type { CommandOutput } from './cli-support';

export interface SignatureOutcome {
  line: string;
  /** Why the file fails the check; null when nothing is wrong with it. */
  problem: string | null;
}

function readCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

/** The service's CA: from a file, or from the server; none (with a warning) when it cannot be had. */
export async function loadDocumentCa(
  source: { file?: string; server?: string },
  output: CommandOutput,
): Promise<X509Certificate[]> {
  try {
    if (source.file) return readCertificates(await readFile(source.file, 'utf8'));
    if (!source.server) return [];
    const response = await fetch(new URL(DOCUMENT_CA_PATH, source.server), {
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return readCertificates(await response.text());
  } catch (error) {
    output.err(
      `Warning: could not read the service's signing certificate (${(error as Error).message}); ` +
        'a PDF signature is checked for integrity only.',
    );
    return [];
  }
}

function timestampWords(timestamps: ProvenTime[]): string {
  if (timestamps.length === 0) return '';
  const each = timestamps.map(({ kind, time, authority }) => {
    const what = kind === 'signature' ? 'timestamped' : 'document timestamp';
    return `; ${what} ${time.slice(0, 19).replace('T', ' ')} UTC by “${authority}”`;
  });
  // Each token is checked over what it stamps; its authority is named, not checked against a trust list.
  return `${each.join('')} (time-stamping authorities are not checked against a trust list)`;
}

function describe(check: PdfSignatureCheck, hasCa: boolean): SignatureOutcome {
  switch (check.state) {
    case 'unsigned':
      return { line: 'none (documents secured before signing began carry none)', problem: null };
    case 'invalid':
      return {
        line: `INVALID: ${check.reason}`,
        problem: `the PDF's signature is invalid: ${check.reason}`,
      };
    case 'valid': {
      const when = check.claimedAt
        ? `, made ${check.claimedAt.slice(0, 16).replace('T', ' ')} UTC`
        : '';
      const trust = check.isTrusted
        ? "its certificate is from the service's CA"
        : hasCa
          ? "its certificate is NOT from the service's CA"
          : 'its certificate was not checked (no CA given)';
      if (check.addedAfter === 'other content') {
        return {
          line: `intact by “${check.signer}”, but content was added after it was signed`,
          problem: 'content was added to the PDF after it was signed',
        };
      }
      return {
        line: `valid (${check.subFilter}) by “${check.signer}”${when}; ${trust}${timestampWords(check.timestamps)}`,
        problem: null,
      };
    }
  }
}

/** The signature of a PDF file as a line of the report, and the problem it raises, if any. */
export function pdfSignatureOutcome(pdf: Buffer, trusted: X509Certificate[]): SignatureOutcome {
  return describe(checkPdfSignature(pdf, trusted), trusted.length > 0);
}
