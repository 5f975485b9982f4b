// Bounds what reading a PDF can cost before pdf-lib parses it. The parser builds every indirect object in memory
// and decompresses every object and cross-reference stream as it loads, with no limit of its own: a 1.75 MB file
// whose object stream inflates to 1.8 GB took the server to 3.3 GB. So the raw bytes are scanned first: objects
// are counted (in the file and inside object streams), and those streams are inflated once without keeping
// their output, only counting it, so a bomb stops at the limit with a few kilobytes in memory.
import { Readable } from 'node:stream';
import { createInflate } from 'node:zlib';

import { formatBytes } from '../lib/format-bytes';

import { documentErrors } from './document-errors';

export interface PdfLimits {
  /** PDF_MAX_PAGES. */
  maxPages: number;
  /** PDF_MAX_OBJECTS. */
  maxObjects: number;
  /** PDF_MAX_INFLATED_BYTES. */
  maxInflatedBytes: number;
}

const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g;
const PARSED_STREAM_TYPE = /\/Type\s*\/(?:ObjStm|XRef)\b/;
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/;
const FLATE_ONLY = /^\[?\s*\/FlateDecode\s*\]?$/;
const OBJECTS_IN_STREAM = /\/N\s+(\d+)/;
const DIRECT_LENGTH = /\/Length\s+(\d+)(?!\s+\d+\s+R)/;
// Large enough that counting costs few round trips to zlib's thread, small enough to hold.
const INFLATE_CHUNK_BYTES = 1024 * 1024;
const LINE_END = /^(\r\n|\n|\r)/;
// A dictionary is short; a farther 'obj' means the keyword sits in some other stream's data.
const LONGEST_DICTIONARY = 64 * 1024;

interface StreamAt {
  dictionary: string;
  data: Buffer;
}

/** The object and cross-reference streams pdf-lib decompresses while loading, with their dictionaries. */
function* parsedStreams(bytes: Buffer, text: string): Generator<StreamAt> {
  let keyword = text.indexOf('stream');
  while (keyword !== -1) {
    const next = keyword + 'stream'.length;
    const lineEnd = LINE_END.exec(text.slice(next, next + 2));
    const isEnd = text.slice(keyword - 3, keyword) === 'end';
    const objectStart = text.lastIndexOf('obj', keyword);
    if (lineEnd && !isEnd && objectStart !== -1 && keyword - objectStart <= LONGEST_DICTIONARY) {
      const dictionary = text.slice(objectStart, keyword);
      if (PARSED_STREAM_TYPE.test(dictionary)) {
        const start = next + lineEnd[1].length;
        const declared = DIRECT_LENGTH.exec(dictionary);
        const endKeyword = text.indexOf('endstream', start);
        const end = declared
          ? Math.min(start + Number(declared[1]), bytes.length)
          : endKeyword === -1
            ? bytes.length
            : endKeyword;
        yield { dictionary, data: bytes.subarray(start, end) };
      }
    }
    keyword = text.indexOf('stream', next);
  }
}

function countObjectHeaders(text: string, max: number): number {
  OBJECT_HEADER.lastIndex = 0;
  let count = 0;
  while (OBJECT_HEADER.exec(text) !== null) {
    count += 1;
    if (count > max) break;
  }
  return count;
}

/** Inflates data only to count its bytes; stops past `budget`. A damaged stream counts what it inflated. */
async function inflatedSize(data: Buffer, budget: number): Promise<number> {
  const inflate = createInflate({ chunkSize: INFLATE_CHUNK_BYTES });
  Readable.from([data]).pipe(inflate);
  let size = 0;
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length;
      if (size > budget) break;
    }
  } catch {
    // pdf-lib reports a damaged stream itself, as an invalid PDF.
  } finally {
    inflate.destroy();
  }
  return size;
}

/** How much of the budget a stream's data takes once decompressed; only Flate is read, as producers write. */
async function decodedSize(stream: StreamAt, budget: number): Promise<number> {
  const filter = FILTER.exec(stream.dictionary)?.[1];
  if (filter === undefined) return stream.data.length;
  if (!FLATE_ONLY.test(filter)) throw documentErrors.pdfTooComplex('unusual compression');
  return inflatedSize(stream.data, budget);
}

/** Throws documentErrors.pdfTooComplex when reading the PDF would cost more than the limits allow. */
export async function checkPdfStructure(bytes: Buffer, limits: PdfLimits): Promise<void> {
  const text = bytes.toString('latin1');
  let objects = countObjectHeaders(text, limits.maxObjects);
  let inflated = 0;
  for (const stream of parsedStreams(bytes, text)) {
    objects += Number(OBJECTS_IN_STREAM.exec(stream.dictionary)?.[1] ?? 0);
    if (objects > limits.maxObjects) break;
    inflated += await decodedSize(stream, limits.maxInflatedBytes - inflated);
    if (inflated > limits.maxInflatedBytes) {
      throw documentErrors.pdfTooComplex(
        `more than ${formatBytes(limits.maxInflatedBytes)} once decompressed`,
      );
    }
  }
  if (objects > limits.maxObjects) {
    throw documentErrors.pdfTooComplex(
      `more than ${limits.maxObjects.toLocaleString('en')} objects`,
    );
  }
}

/** Throws documentErrors.pdfTooComplex for a parsed document with more pages than allowed. */
export function checkPdfPageCount(pageCount: number, limits: PdfLimits): void {
  if (pageCount > limits.maxPages) {
    throw documentErrors.pdfTooComplex(`more than ${limits.maxPages.toLocaleString('en')} pages`);
  }
}
