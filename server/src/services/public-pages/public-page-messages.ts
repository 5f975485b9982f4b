// The public-page changes as they travel between instances in Postgres notifications: JSON naming only codes and
// ids, tagged with the instance that made the change (it applied the change already, and skips its own). Postgres
// refuses a payload of 8000 bytes or more, so a change listing many codes (an issuer renamed lists every code of
// the account) is split into several changes of the same type, each under the limit: applying each is applying
// the whole.
import { z } from 'zod';

import type { PublicPageChange } from './public-page-cache';

/** Postgres's limit is "shorter than 8000 bytes". */
export const MAX_PAYLOAD_BYTES = 7_999;

const codes = z.array(z.string());

const changeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('verification-saved'), code: z.string() }),
  z.object({ type: z.literal('verification-deleted'), code: z.string(), replacedCodes: codes }),
  z.object({ type: z.literal('template-saved'), id: z.string() }),
  z.object({ type: z.literal('template-deleted'), id: z.string(), movedCodes: codes }),
  z.object({ type: z.literal('issuer-renamed'), codes }),
  z.object({ type: z.literal('seal-keys-changed') }),
  z.object({ type: z.literal('custom-domain-changed'), domain: z.string() }),
]);

const messageSchema = z.object({ from: z.string(), change: changeSchema });

export interface PublicPageMessage {
  /** The instance that made the change. */
  from: string;
  change: PublicPageChange;
}

/** The change's list of codes, which may be split, and its field's name. */
function codeListOf(change: PublicPageChange): { field: string; list: string[] } | undefined {
  if (change.type === 'verification-deleted')
    return { field: 'replacedCodes', list: change.replacedCodes };
  if (change.type === 'template-deleted') return { field: 'movedCodes', list: change.movedCodes };
  if (change.type === 'issuer-renamed') return { field: 'codes', list: change.codes };
  return undefined;
}

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** The payloads that carry the change from instance `from`, each under Postgres's limit. */
export function toPayloads(from: string, change: PublicPageChange): string[] {
  const whole = JSON.stringify({ from, change });
  const codeList = codeListOf(change);
  if (byteLength(whole) <= MAX_PAYLOAD_BYTES || !codeList) return [whole];
  const { field, list } = codeList;
  const empty = byteLength(JSON.stringify({ from, change: { ...change, [field]: [] } }));
  const payloads: string[] = [];
  let part: string[] = [];
  let size = empty;
  const send = () => payloads.push(JSON.stringify({ from, change: { ...change, [field]: part } }));
  for (const item of list) {
    // Quoted as JSON writes it, and a comma (one byte too many for the first item: slack, never an overflow).
    const itemSize = byteLength(JSON.stringify(item)) + 1;
    if (part.length > 0 && size + itemSize > MAX_PAYLOAD_BYTES) {
      send();
      part = [];
      size = empty;
    }
    size += itemSize;
    part.push(item);
  }
  send();
  return payloads;
}

/** The message a payload carries; null for one this version cannot read (the listener then forgets everything). */
export function readPayload(payload: string): PublicPageMessage | null {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
