// What a PDF's later revisions add after its signature. PAdES B-LT and B-LTA append incremental updates that
// change nothing a reader shows: a Document Security Store (certificates, revocation lists) and document
// timestamps, with the catalog gaining /DSS and the form gaining the timestamp's field. Anything else written
// over an object of the signed revision is a change the signature does not cover.
//
// Read as text, conservatively: every object header in the added bytes counts, even inside a stream (a reader
// finds objects through the cross-reference table at such headers), and compressed object streams, which could
// hide a rewritten object, are refused outright.

export type AddedAfterSignature = 'nothing' | 'validation data and timestamps' | 'other content';

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;

function lastMatch(text: string, pattern: RegExp): RegExpExecArray | null {
  const matches = [...text.matchAll(new RegExp(pattern.source, 'g'))];
  return matches.at(-1) ?? null;
}

/** The body of the last definition of object `number` in `text`, up to its endobj. */
function lastDefinition(text: string, number: number): string | null {
  const header = lastMatch(text, new RegExp(`(?:^|\\s)${number}\\s+\\d+\\s+obj\\b`));
  if (!header) return null;
  const start = header.index + header[0].length;
  const end = text.indexOf('endobj', start);
  return end < 0 ? null : text.slice(start, end);
}

/** A dictionary's text without the given entry, its whitespace made single spaces, for comparison. */
function without(dictionary: string, entry: RegExp): string {
  return dictionary.replace(entry, ' ').replace(/\s+/g, ' ').trim();
}

const DSS_ENTRY = /\/DSS\s+\d+\s+\d+\s+R/;
const FIELDS_ENTRY = /\/Fields\s*\[([^\]]*)\]/;

function references(list: string): string[] {
  return [...list.matchAll(/(\d+)\s+\d+\s+R/g)].map((match) => match[1]);
}

/** The form may only gain signature fields after the ones it had. */
function isFormGrowingBySignatures(before: string, after: string, added: string): boolean {
  if (without(before, FIELDS_ENTRY) !== without(after, FIELDS_ENTRY)) return false;
  const had = references(FIELDS_ENTRY.exec(before)?.[1] ?? '');
  const has = references(FIELDS_ENTRY.exec(after)?.[1] ?? '');
  if (had.some((reference, index) => has[index] !== reference)) return false;
  return has.slice(had.length).every((reference) => {
    const field = lastDefinition(added, Number(reference));
    return field !== null && /\/FT\s*\/Sig\b/.test(field);
  });
}

// What an incremental update is made of besides its objects: cross-reference sections and their trailers.
const UPDATE_FRAMING = [
  /startxref\s+\d+\s+%%EOF/g,
  /xref\s+(?:\d+\s+\d+\s+(?:\d{10}\s+\d{5}\s+[nf]\s+)*)+trailer\s*<<(?:[^<>]|<<[^<>]*>>|<[^<>]*>)*>>/g,
];

/** Whether anything is left once the objects and the framing are taken out (a comment, stray bytes). */
function hasStrayBytes(added: string): boolean {
  let rest = added.replace(/\d+\s+\d+\s+obj\b[\s\S]*?endobj/g, ' ');
  for (const framing of UPDATE_FRAMING) rest = rest.replace(framing, ' ');
  return /\S/.test(rest);
}

/** What the bytes after `signedEnd` (where the signature's byte ranges end) add to the signed revision. */
export function addedAfterSignature(pdf: Buffer, signedEnd: number): AddedAfterSignature {
  const added = pdf.subarray(signedEnd).toString('latin1');
  if (/^\s*$/.test(added)) return 'nothing';
  if (/\/ObjStm\b/.test(added) || hasStrayBytes(added)) return 'other content';
  const signed = pdf.subarray(0, signedEnd).toString('latin1');
  const size = Number(lastMatch(signed, /\/Size\s+(\d+)/)?.[1] ?? 0);
  const root = Number(lastMatch(signed, /\/Root\s+(\d+)\s+\d+\s+R/)?.[1] ?? -1);
  const catalog = lastDefinition(signed, root) ?? '';
  const form = Number(/\/AcroForm\s+(\d+)\s+\d+\s+R/.exec(catalog)?.[1] ?? -1);
  const roots = [...added.matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g)].map((match) => Number(match[1]));
  if (roots.some((number) => number !== root)) return 'other content';
  for (const header of added.matchAll(OBJECT_HEADER)) {
    const number = Number(header[1]);
    // A new object matters only if an object of the signed revision refers to it: those are checked here.
    if (number >= size) continue;
    const end = added.indexOf('endobj', header.index);
    const body = added.slice(header.index + header[0].length, end < 0 ? undefined : end);
    if (number === root && without(body, DSS_ENTRY) === without(catalog, DSS_ENTRY)) continue;
    const formBefore = number === form ? lastDefinition(signed, form) : null;
    if (formBefore !== null && isFormGrowingBySignatures(formBefore, body, added)) continue;
    return 'other content';
  }
  return 'validation data and timestamps';
}
