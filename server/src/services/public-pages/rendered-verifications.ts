// A public answer of each verification (its /v page, its public JSON) rendered once and kept as the bytes to send.
// An answer is kept with the version it was rendered from: the verification and template design entries of the
// public-page cache (apply() replaces an entry whenever what it holds changes) and the status on the day. So an
// edit, a revocation, a deletion or a template change (through the one invalidation point) and an expiry date
// passing all show on the very next view, and nothing here needs invalidating on its own.
// Bounded in bytes, least recently used out first; only verifications that exist are kept, so walking made-up
// codes cannot grow it. An answer that differs by the reader's language is kept once per language (`variant`:
// the resolved language, never the raw header, so there are at most twelve). Each answer is compressed (brotli and
// gzip) once, off the event loop, after it is first rendered: until then it goes out as it is.
import type { VerificationStatus } from '@common/verifications';

import {
  compressedForms,
  encodedAnswer,
  type CompressedForms,
  type EncodedAnswer,
} from '../../lib/content-encoding';

import type { FoundPublicVerification } from './find-public-verification';

interface Version {
  cached: FoundPublicVerification['cached'];
  design: FoundPublicVerification['design'];
  status: VerificationStatus;
}

interface RenderedVerification {
  version: Version;
  body: Buffer;
  compressed: CompressedForms;
}

// Below this, compressing saves too little to be worth a form of its own (a page is ~20 KB).
const MIN_COMPRESSED_BYTES = 1024;

function keptBytes(rendered: RenderedVerification): number {
  const { br, gzip } = rendered.compressed;
  return rendered.body.length + (br?.length ?? 0) + (gzip?.length ?? 0);
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
  private readonly compressing = new Set<Promise<void>>();

  constructor(private readonly maxBytes: number) {}

  /** Bytes held, for tests. */
  get size(): number {
    return this.bytes;
  }

  /** The answer for the verification as found now: from memory, or rendered (by `render`) and kept. */
  get(found: FoundPublicVerification, render: () => string, variant = ''): Buffer {
    return this.rendered(found, render, variant).body;
  }

  /** As get(), in the best coding `acceptEncoding` allows of those made so far. */
  getEncoded(
    found: FoundPublicVerification,
    render: () => string,
    variant: string,
    acceptEncoding: string | undefined,
  ): EncodedAnswer {
    const { body, compressed } = this.rendered(found, render, variant);
    return encodedAnswer(body, compressed, acceptEncoding);
  }

  /** Resolves once every compression started so far has finished (for tests). */
  async compressed(): Promise<void> {
    await Promise.all(this.compressing);
  }

  private rendered(
    found: FoundPublicVerification,
    render: () => string,
    variant: string,
  ): RenderedVerification {
    const code = variant ? `${found.cached.code} ${variant}` : found.cached.code;
    const kept = this.entries.get(code);
    if (kept && isSameVersion(kept.version, found)) {
      this.entries.delete(code);
      this.entries.set(code, kept);
      return kept;
    }
    const rendered = { version: versionOf(found), body: Buffer.from(render()), compressed: {} };
    this.keep(code, rendered);
    return rendered;
  }

  private keep(code: string, rendered: RenderedVerification): void {
    this.drop(code);
    if (rendered.body.length > this.maxBytes) return;
    this.entries.set(code, rendered);
    this.bytes += rendered.body.length;
    this.evictOverBudget();
    if (rendered.body.length < MIN_COMPRESSED_BYTES) return;
    const compressing = this.compress(code, rendered).finally(() =>
      this.compressing.delete(compressing),
    );
    this.compressing.add(compressing);
  }

  private async compress(code: string, rendered: RenderedVerification): Promise<void> {
    let forms: CompressedForms;
    try {
      forms = await compressedForms(rendered.body, 'quick');
    } catch {
      return; // zlib failing leaves the answer uncompressed, which every client takes
    }
    // Replaced or dropped while it was compressed: the forms belong to nothing kept.
    if (this.entries.get(code) !== rendered) return;
    this.bytes -= keptBytes(rendered);
    rendered.compressed = forms;
    this.bytes += keptBytes(rendered);
    this.evictOverBudget();
  }

  private evictOverBudget(): void {
    while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value as string);
  }

  private drop(code: string): void {
    const kept = this.entries.get(code);
    if (!kept) return;
    this.entries.delete(code);
    this.bytes -= keptBytes(kept);
  }
}
