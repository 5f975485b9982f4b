// An RFC 3161 time-stamping client for PAdES B-T, as libpdf's TimestampAuthority: it sends the signature's
// SHA-256 to TSA_URL and accepts the token only when the answer is granted, stamps our digest with our nonce, and
// is signed by a certificate for time stamping. A TSA that fails or is slow throws TimestampUnavailable, which the
// signer turns into a B-B signature (the document is never held up by the TSA).
import { randomBytes, type X509Certificate } from 'node:crypto';

import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { MessageImprint, TimeStampReq, TimeStampResp, TSTInfo } from '@peculiar/asn1-tsp';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';

import { verifySignedData } from './verify-signed-data';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TIME_STAMPING_USAGE = '1.3.6.1.5.5.7.3.8';
// Taken when the module loads: the securing worker then takes fetch away from everything else it runs
// (securing-worker.ts), so the TSA is the only address a worker ever asks.
const fetchFromTsa = globalThis.fetch;

/** A token with its certificates is a few kilobytes; more is not a time-stamp answer. */
const MOST_ANSWER_BYTES = 64 * 1024;

export interface TimestampSettings {
  url: string;
  username?: string;
  password?: string;
  timeoutSeconds: number;
}

/** The TSA could not be used for this signature: the reason goes to the log, the document is signed B-B. */
export class TimestampUnavailable extends Error {}

export interface TimestampClient {
  timestamp(digest: Uint8Array, algorithm: string): Promise<Uint8Array>;
  /** The time the last accepted token vouches for. */
  lastTime: Date | null;
}

function positiveNonce(): Buffer {
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f;
  if (nonce[0] === 0) nonce[0] = 1;
  return nonce;
}

async function post(settings: TimestampSettings, body: Uint8Array<ArrayBuffer>): Promise<Buffer> {
  const headers: Record<string, string> = { 'content-type': 'application/timestamp-query' };
  if (settings.username) {
    const credentials = `${settings.username}:${settings.password ?? ''}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  let response: Response;
  let bytes: Buffer;
  try {
    // The timeout covers the whole exchange, the body included.
    const signal = AbortSignal.timeout(settings.timeoutSeconds * 1000);
    response = await fetchFromTsa(settings.url, { method: 'POST', headers, body, signal });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new TimestampUnavailable(`the TSA did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new TimestampUnavailable(`the TSA answered HTTP ${response.status}`);
  if (bytes.length > MOST_ANSWER_BYTES)
    throw new TimestampUnavailable('the TSA answer is too large');
  return bytes;
}

/** A time-stamp token (RFC 3161) checked over `digest`: its time and signer, or why it cannot be believed. */
export function readTimestampToken(
  token: Buffer,
  digest: Buffer,
):
  | { ok: true; time: Date; authority: X509Certificate; nonce: Buffer | null }
  | { ok: false; reason: string } {
  const signed = AsnConvert.parse(AsnConvert.parse(token, ContentInfo).content, SignedData);
  const eContent = signed.encapContentInfo.eContent;
  const content = eContent?.single?.buffer ?? eContent?.any;
  if (!content) return { ok: false, reason: 'the token has no content' };
  const info = AsnConvert.parse(content, TSTInfo);
  if (!Buffer.from(info.messageImprint.hashedMessage.buffer).equals(digest)) {
    return { ok: false, reason: 'the token stamps another digest' };
  }
  const check = verifySignedData(signed, Buffer.from(content));
  if (!check.ok) return { ok: false, reason: `the token's signature is bad: ${check.reason}` };
  if (!(check.signer.keyUsage ?? []).includes(TIME_STAMPING_USAGE)) {
    return { ok: false, reason: 'the token is not signed by a time-stamping certificate' };
  }
  const nonce = info.nonce ? Buffer.from(info.nonce) : null;
  return { ok: true, time: info.genTime, authority: check.signer, nonce };
}

function acceptedToken(
  answer: Buffer,
  digest: Buffer,
  nonce: Buffer,
): { token: Buffer; time: Date } {
  const response = AsnConvert.parse(answer, TimeStampResp);
  if (response.status.status > 1 || !response.timeStampToken) {
    throw new TimestampUnavailable(`the TSA refused: status ${response.status.status}`);
  }
  const token = Buffer.from(AsnConvert.serialize(response.timeStampToken));
  const checked = readTimestampToken(token, digest);
  if (!checked.ok) throw new TimestampUnavailable(checked.reason);
  if (!checked.nonce?.equals(nonce)) {
    throw new TimestampUnavailable('the token does not carry our nonce');
  }
  return { token, time: checked.time };
}

export function createTimestampClient(settings: TimestampSettings): TimestampClient {
  const client: TimestampClient = {
    lastTime: null,
    async timestamp(digestBytes, algorithm) {
      if (algorithm !== 'SHA-256') throw new TimestampUnavailable(`unsupported ${algorithm}`);
      const digest = Buffer.from(digestBytes);
      const nonce = positiveNonce();
      const request = new TimeStampReq({
        version: 1,
        messageImprint: new MessageImprint({
          hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA256 }),
          hashedMessage: new OctetString(digest),
        }),
        nonce: new Uint8Array(nonce).buffer,
        certReq: true,
      });
      const answer = await post(settings, new Uint8Array(AsnConvert.serialize(request)));
      try {
        const { token, time } = acceptedToken(answer, digest, nonce);
        client.lastTime = time;
        return new Uint8Array(token);
      } catch (error) {
        if (error instanceof TimestampUnavailable) throw error;
        throw new TimestampUnavailable(
          `the TSA answer cannot be read: ${(error as Error).message}`,
        );
      }
    },
  };
  return client;
}
