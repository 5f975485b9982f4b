// What a PDF's later revisions add after its signature. PAdES B-LT and B-LTA append incremental updates that
// change nothing a reader shows: a Document Security Store (certificates, revocation lists) and document
// timestamps, with the catalog gaining /DSS and the form gaining the timestamp's field. Anything else written
// over an object of the signed revision is a change the signature does not cover.
//
// Read as text, conservatively: every object header in the added bytes counts, even inside a stream, and
// compressed object streams, which could hide a rewritten object, are refused outright. A reader finds objects
// through the cross-reference sections, so those are read too: every entry they add must point at an object
// defined in the added bytes, under its own number. An entry pointing back into the signed bytes (at an older
// definition of a page, say) or freeing an object would change what is shown without writing a new object.
import { inflateSync } from 'node:zlib';

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

interface XrefEntry {
  number: number;
  /** 0: free, 1: in use at `offset`, 2: inside an object stream. */
  type: number;
  offset: number;
}

/** One cross-reference section the added bytes hold: where it starts, its entries and its trailer. */
interface XrefSection {
  /** In the whole file: what a startxref or a later /Prev names. */
  offset: number;
  entries: XrefEntry[];
  /** The trailer dictionary (a stream's own dictionary), its names decoded. */
  trailer: string;
}

/** PDF names may spell any character as #xx (/Obj#53tm is /ObjStm): decoded before names are compared. */
function decodeNames(text: string): string {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** The classic cross-reference tables in `added` (which starts at `base` in the file). */
function tableSections(added: string, base: number): XrefSection[] {
  const sections: XrefSection[] = [];
  for (const table of added.matchAll(
    /(?<=^|\s)xref\s+([\s\S]*?)trailer\s*(<<(?:[^<>]|<<[^<>]*>>|<[^<>]*>)*>>)/g,
  )) {
    const entries: XrefEntry[] = [];
    let number = 0;
    for (const line of table[1].trim().split(/\r\n|\r|\n/)) {
      const subsection = /^(\d+)\s+(\d+)\s*$/.exec(line);
      const entry = /^(\d{10})\s(\d{5})\s([nf])\s*$/.exec(line);
      if (subsection) number = Number(subsection[1]);
      else if (entry) {
        entries.push({ number, type: entry[3] === 'n' ? 1 : 0, offset: Number(entry[1]) });
        number += 1;
      } else throw new Error('an unreadable cross-reference table');
    }
    sections.push({ offset: base + table.index, entries, trailer: decodeNames(table[2]) });
  }
  return sections;
}

/** The entries of one cross-reference stream (uncompressed, or FlateDecode without a predictor). */
function streamSectionEntries(dictionary: string, data: Buffer): XrefEntry[] {
  const widths = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dictionary)?.slice(1).map(Number);
  if (!widths) throw new Error('a cross-reference stream without /W');
  const size = Number(/\/Size\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
  const index = /\/Index\s*\[([\d\s]*)\]/.exec(dictionary)?.[1].trim().split(/\s+/).map(Number) ?? [
    0,
    size,
  ];
  const width = widths[0] + widths[1] + widths[2];
  const field = (at: number, bytes: number, fallback: number) =>
    bytes === 0 ? fallback : data.readUIntBE(at, bytes);
  const entries: XrefEntry[] = [];
  let at = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    for (let number = index[pair]; number < index[pair] + index[pair + 1]; number += 1) {
      if (at + width > data.length) throw new Error('a short cross-reference stream');
      entries.push({
        number,
        type: field(at, widths[0], 1),
        offset: field(at + widths[0], widths[1], 0),
      });
      at += width;
    }
  }
  return entries;
}

/** The cross-reference streams in `added` (which starts at `base` in the file), whatever spelling their names use. */
function streamSections(added: Buffer, base: number): XrefSection[] {
  const text = added.toString('latin1');
  const sections: XrefSection[] = [];
  for (const found of text.matchAll(
    /(\d+)\s+\d+\s+obj\s*<<((?:(?!\bendobj\b)[\s\S])*?)>>\s*stream\r?\n/g,
  )) {
    const dictionary = decodeNames(found[2]);
    if (!/\/Type\s*\/XRef\b/.test(dictionary)) continue;
    const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1] ?? NaN);
    if (!Number.isFinite(length) || /\/DecodeParms|\/Predictor/.test(dictionary)) {
      throw new Error('an unreadable cross-reference stream');
    }
    const start = found.index + found[0].length;
    const raw = added.subarray(start, start + length);
    const data = /\/Filter\s*\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
    sections.push({
      offset: base + found.index,
      entries: streamSectionEntries(dictionary, data),
      trailer: dictionary,
    });
  }
  return sections;
}

const referenceIn = (dictionary: string, key: string) =>
  new RegExp(`/${key}\\s+(\\d+\\s+\\d+)\\s+R`).exec(dictionary)?.[1].replace(/\s+/g, ' ') ?? null;

/**
 * Whether the added cross-reference sections only add objects: each reached by a startxref, each chained by /Prev
 * to the one before (the first to the signed revision's), none changing /Info or adding a hybrid /XRefStm, and
 * every entry pointing at its own object's definition in the added bytes.
 */
function isEveryEntryAdded(pdf: Buffer, signedEnd: number): boolean {
  const added = pdf.subarray(signedEnd);
  const addedText = added.toString('latin1');
  const signedText = pdf.subarray(0, signedEnd).toString('latin1');
  let sections: XrefSection[];
  try {
    sections = [...tableSections(addedText, signedEnd), ...streamSections(added, signedEnd)];
  } catch {
    return false;
  }
  sections.sort((a, b) => a.offset - b.offset);
  const offsets = new Set(sections.map((section) => section.offset));
  const startxrefs = [...addedText.matchAll(/startxref\s+(\d+)/g)].map((match) => Number(match[1]));
  if (startxrefs.length === 0 || startxrefs.some((offset) => !offsets.has(offset))) return false;
  let previous = Number(lastMatch(signedText, /startxref\s+(\d+)/)?.[1] ?? -1);
  const info = referenceIn(
    decodeNames(lastMatch(signedText, /\/Info\s+\d+\s+\d+\s+R/)?.[0] ?? ''),
    'Info',
  );
  for (const section of sections) {
    if (Number(/\/Prev\s+(\d+)/.exec(section.trailer)?.[1] ?? -1) !== previous) return false;
    if (referenceIn(section.trailer, 'Info') !== info || /\/XRefStm\b/.test(section.trailer))
      return false;
    previous = section.offset;
  }
  return sections.every((section) =>
    section.entries.every(({ number, type, offset }) => {
      if (number === 0 && type === 0) return true;
      if (type !== 1 || offset < signedEnd) return false;
      const header = /^(\d+)\s+\d+\s+obj\b/.exec(
        pdf.subarray(offset, offset + 32).toString('latin1'),
      );
      return header !== null && Number(header[1]) === number;
    }),
  );
}

/** What the bytes after `signedEnd` (where the signature's byte ranges end) add to the signed revision. */
export function addedAfterSignature(pdf: Buffer, signedEnd: number): AddedAfterSignature {
  const added = pdf.subarray(signedEnd).toString('latin1');
  if (/^\s*$/.test(added)) return 'nothing';
  if (/\/ObjStm\b/.test(decodeNames(added)) || hasStrayBytes(added)) return 'other content';
  if (!isEveryEntryAdded(pdf, signedEnd)) return 'other content';
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
