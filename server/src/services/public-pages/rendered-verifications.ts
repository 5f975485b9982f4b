// A public answer of each verification (its /v page, its public JSON) rendered once and kept as the bytes to send.
// An answer is kept with the version it was rendered from: the verification and template design entries of the
// public-page cache (apply() replaces an entry whenever what it holds changes) and the status on the day. So an
// edit, a revocation, a deletion or a template change (through the one invalidation point) and an expiry date
// passing all show on the very next view, and nothing here needs invalidating on its own.
// Bounded in bytes, least recently used out first; only verifications that exist are kept, so walking made-up
// codes cannot grow it. An answer that differs by the reader's language is kept once per language (`variant`:
// the resolved language, never the raw header, so there are at most twelve).
import type { VerificationStatus } from '@common/verifications';

import type { FoundPublicVerification } from './find-public-verification';

interface Version {
  cached: FoundPublicVerification['cached'];
  design: FoundPublicVerification['design'];
  status: VerificationStatus;
}

interface RenderedVerification {
  version: Version;
  body: Buffer;
}

function versionOf(found: FoundPublicVerification): Version {
  return { cached: found.cached, design: found.design, status: found.verification.status };
}

// The entries are replaced, never changed in place, so the same objects mean the same content.
function isSameVersion(kept: Version, found: FoundPublicVerification): boolean {
  return (
    kept.cached === found.cached &&
    kept.design === found.design &&
    kept.status === found.verification.status
  );
}

export class RenderedVerifications {
  // A Map iterates in insertion order; re-inserting on use makes its first key the least recently used.
  private readonly entries = new Map<string, RenderedVerification>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held, for tests. */
  get size(): number {
    return this.bytes;
  }

  /** The answer for the verification as found now: from memory, or rendered (by `render`) and kept. */
  get(found: FoundPublicVerification, render: () => string, variant = ''): Buffer {
    const code = variant ? `${found.cached.code} ${variant}` : found.cached.code;
    const kept = this.entries.get(code);
    if (kept && isSameVersion(kept.version, found)) {
      this.entries.delete(code);
      this.entries.set(code, kept);
      return kept.body;
    }
    const body = Buffer.from(render());
    this.keep(code, { version: versionOf(found), body });
    return body;
  }

  private keep(code: string, rendered: RenderedVerification): void {
    this.drop(code);
    if (rendered.body.length > this.maxBytes) return;
    this.entries.set(code, rendered);
    this.bytes += rendered.body.length;
    while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value as string);
  }

  private drop(code: string): void {
    const kept = this.entries.get(code);
    if (!kept) return;
    this.entries.delete(code);
    this.bytes -= kept.body.length;
  }
}
