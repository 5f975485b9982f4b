// An Open Badge baked into a PNG (OB 3.0 baking, docs/credentials.md): the signed credential's JSON in one
// uncompressed iTXt chunk with the keyword `openbadgecredential`. Byte work on a small file: chunks are walked and
// copied, never decoded.
import { crc32 } from 'node:zlib';

import type { VerifiableCredential } from '@common/credentials-schemas';
import { TEMPLATE_LIMITS } from '@common/templates';

import { renderQrCode } from '../../documents/render-qr-code';

import type { Readable } from 'node:stream';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BADGE_KEYWORD = Buffer.from('openbadgecredential\0', 'latin1');
// The keyword and its NUL, compression flag 0 and method 0 (uncompressed), then the empty language tag and
// translated keyword, each ended by a NUL.
const ITXT_HEADER = Buffer.concat([BADGE_KEYWORD, Buffer.from([0, 0, 0, 0])]);

interface PngChunk {
  type: string;
  /** The whole chunk: length, type, data and CRC. */
  bytes: Buffer;
}

/** The PNG's chunks, IHDR first and IEND last; null for anything that is not a well-formed PNG. */
function readChunks(png: Buffer): PngChunk[] | null {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const chunks: PngChunk[] = [];
  for (let offset = 8; offset + 12 <= png.length;) {
    const end = offset + 12 + png.readUInt32BE(offset);
    if (end > png.length) return null;
    const typeAndData = png.subarray(offset + 4, end - 4);
    if (crc32(typeAndData) !== png.readUInt32BE(end - 4)) return null;
    chunks.push({ type: typeAndData.toString('latin1', 0, 4), bytes: png.subarray(offset, end) });
    if (chunks.at(-1)!.type === 'IEND') break;
    offset = end;
  }
  return chunks[0]?.type === 'IHDR' && chunks.at(-1)?.type === 'IEND' ? chunks : null;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(typeAndData.length + 8);
  chunk.writeUInt32BE(data.length);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), chunk.length - 4);
  return chunk;
}

// The spec allows one credential per image: a PNG baked before (a badge used as a logo) loses its own.
function isBadgeChunk({ type, bytes }: PngChunk): boolean {
  return type === 'iTXt' && bytes.subarray(8, 8 + BADGE_KEYWORD.length).equals(BADGE_KEYWORD);
}

/** `png` with the credential's JSON baked in before its IEND; null when `png` is not a well-formed PNG. */
export function bakeBadge(png: Buffer, credentialJson: string): Buffer | null {
  const chunks = readChunks(png);
  if (!chunks) return null;
  const text = Buffer.from(credentialJson, 'utf8');
  const baked = pngChunk('iTXt', Buffer.concat([ITXT_HEADER, text]));
  const kept = chunks.filter((chunk) => !isBadgeChunk(chunk)).map((chunk) => chunk.bytes);
  return Buffer.concat([PNG_SIGNATURE, ...kept.slice(0, -1), baked, kept.at(-1)!]);
}

/** A template's logo as the public pages serve it (PublicPageServices.getLogo). */
export type GetLogo = (
  templateId: string,
  fileName: string,
) => Promise<{ content_type: string; stream: Readable } | null>;

// Logos are refused above TEMPLATE_LIMITS.logo_size when uploaded; read with that limit too, so that memory stays
// bounded whatever storage holds.
async function readLogo(stream: Readable): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > TEMPLATE_LIMITS.logo_size) {
      stream.destroy();
      return null;
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

// The achievement's image as the credential names it (/v/logos/{template id}/{file}.png), while it is still served:
// a logo replaced since, or a verification moved to another template, no longer is.
async function achievementPng(
  credential: VerifiableCredential,
  getLogo: GetLogo,
): Promise<Buffer | null> {
  const subject = credential.credentialSubject as { achievement?: { image?: { id?: string } } };
  const [, templateId, fileName] =
    /\/v\/logos\/([^/?#]+)\/([^/?#]+\.png)$/.exec(subject?.achievement?.image?.id ?? '') ?? [];
  const logo = templateId && fileName ? await getLogo(templateId, fileName) : null;
  if (logo?.content_type !== 'image/png') {
    logo?.stream.destroy();
    return null;
  }
  return readLogo(logo.stream);
}

export interface BadgeSource {
  credential: VerifiableCredential;
  /** The credential as its JSON download serves it. */
  credentialJson: string;
  /** The seal the verification's printed QR code carries; null draws the code without one. */
  seal: string | null;
  getLogo: GetLogo;
}

/**
 * The badge: the achievement's own image when it is a PNG (what a backpack shows for the achievement), else the
 * printed QR code of the credential's id, the public page where anyone checks it (drawn as the owner's QR download
 * is: about 5 ms).
 */
export async function bakedBadge(source: BadgeSource): Promise<Buffer> {
  const { credential, credentialJson } = source;
  const logo = await achievementPng(credential, source.getLogo);
  const badge = logo && bakeBadge(logo, credentialJson);
  const qrCode = () => renderQrCode({ url: credential.id, seal: source.seal }, 'png');
  return badge ?? bakeBadge(qrCode(), credentialJson)!;
}
