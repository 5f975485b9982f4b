// Checks a signed PDF the way a validator outside this project would: poppler's pdfsig against an NSS database
// that trusts the given CA, and OpenSSL's `cms -verify` over the signed byte ranges (docs/signing.md).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TrustStore {
  folder: string;
  /** The NSS database, as pdfsig's -nssdir takes it. */
  nssdir: string;
  caFile: string;
  remove(): Promise<void>;
}

/** A fresh NSS database trusting `caPem` for signatures (the S/MIME trust field: ",C,"). */
export async function trustStore(caPem: string): Promise<TrustStore> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-nss-'));
  const caFile = path.join(folder, 'ca.pem');
  await writeFile(caFile, caPem);
  const nssdir = `sql:${folder}`;
  await run('certutil', ['-N', '-d', nssdir, '--empty-password']);
  await run('certutil', ['-A', '-n', 'qrverify-ca', '-t', ',C,', '-i', caFile, '-d', nssdir]);
  return { folder, nssdir, caFile, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** pdfsig's report on the file's signatures (it exits 0 whatever it finds, so the lines are what counts). */
export async function pdfsig(pdf: Uint8Array, store: TrustStore): Promise<string> {
  const file = path.join(store.folder, `checked-${Date.now()}-${Math.random()}.pdf`);
  await writeFile(file, pdf);
  try {
    const { stdout } = await run('pdfsig', ['-nssdir', store.nssdir, file]);
    return stdout;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * A signature's CMS and the bytes it covers (/ByteRange [a b c d]: a..a+b, then c..c+d): the `index`th in the
 * file, the last by default (a B-LTA file's first is the signature, the ones after it document timestamps).
 */
export function signedParts(pdf: Uint8Array, index = -1): { cms: Buffer; content: Buffer } {
  const text = Buffer.from(pdf).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(
    index,
  );
  if (!ranges) throw new Error('The PDF has no signature');
  const [a, b, c, d] = ranges.slice(1).map(Number);
  const bytes = Buffer.from(pdf);
  const content = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  // The gap holds <hex…>: the DER, then zeros to the placeholder's end. Cut at the DER's own length.
  const padded = Buffer.from(bytes.subarray(a + b + 1, c - 1).toString('latin1'), 'hex');
  return { cms: padded.subarray(0, derLength(padded)), content };
}

/** A DER value's whole length from its header (a SEQUENCE here: tag, then a short or long length). */
function derLength(der: Buffer): number {
  const first = der[1];
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  return 2 + octets + der.readUIntBE(2, octets);
}

/** Whether `openssl cms -verify` accepts the signature with the store's CA as the only trust root. */
export async function opensslVerifies(
  pdf: Uint8Array,
  store: TrustStore,
  index = -1,
): Promise<boolean> {
  const { cms, content } = signedParts(pdf, index);
  const cmsFile = path.join(store.folder, 'signature.p7s');
  const contentFile = path.join(store.folder, 'signed-ranges.bin');
  await writeFile(cmsFile, cms);
  await writeFile(contentFile, content);
  try {
    await run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cmsFile,
      '-content',
      contentFile,
      '-CAfile',
      store.caFile,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    return true;
  } catch {
    return false;
  }
}

/** OpenSSL's printout of the last signature's CMS structure (its signed attributes by name). */
export async function printedCms(pdf: Uint8Array, store: TrustStore): Promise<string> {
  const cmsFile = path.join(store.folder, 'printed.p7s');
  await writeFile(cmsFile, signedParts(pdf).cms);
  const { stdout } = await run('openssl', [
    'cms',
    '-cmsout',
    '-print',
    '-inform',
    'DER',
    '-in',
    cmsFile,
  ]);
  return stdout;
}
