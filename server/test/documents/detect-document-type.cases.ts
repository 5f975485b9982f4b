import { detectDocumentType } from '../../src/documents/detect-document-type';
import { makeJpeg, makePdf, makePng } from '../helpers/test-documents';

test('PDF, PNG and JPEG are told by their first bytes', async () => {
  expect(detectDocumentType(await makePdf())).toBe('application/pdf');
  expect(detectDocumentType(makePng(10, 10))).toBe('image/png');
  expect(detectDocumentType(makeJpeg(10, 10))).toBe('image/jpeg');
});

test('a PDF header after some leading bytes still counts, as readers accept it', async () => {
  const pdf = await makePdf();
  expect(detectDocumentType(Buffer.concat([Buffer.alloc(100, 0x20), pdf]))).toBe('application/pdf');
  expect(detectDocumentType(Buffer.concat([Buffer.alloc(2000, 0x20), pdf]))).toBeNull();
});

test('anything else is unknown, whatever it pretends', () => {
  expect(detectDocumentType(Buffer.from('hello.pdf'))).toBeNull();
  expect(detectDocumentType(Buffer.from('GIF89a'))).toBeNull();
  expect(detectDocumentType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
});
