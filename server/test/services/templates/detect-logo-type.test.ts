import { detectLogoType } from '../../../src/services/templates/detect-logo-type';
import { makeJpeg, makePng } from '../../helpers/test-documents';

test('PNG and JPEG are known by their signatures', () => {
  expect(detectLogoType(makePng(4, 4))).toBe('image/png');
  expect(detectLogoType(makeJpeg(4, 4))).toBe('image/jpeg');
});

test.each([
  ['bare', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'],
  ['self-closing root', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  [
    'BOM, declaration, comment',
    '\uFEFF<?xml version="1.0"?>\n<!-- by Inkscape -->\n<svg>\n</svg>\n',
  ],
  [
    'doctype without a subset',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg></svg>',
  ],
])('an SVG document is an SVG: %s', (_name, text) => {
  expect(detectLogoType(Buffer.from(text))).toBe('image/svg+xml');
});

test.each([
  ['HTML with an svg inside', '<html><body><svg></svg></body></html>'],
  ['entity definitions', '<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>'],
  ['an unfinished root', '<svg><rect>'],
  ['a NUL byte', '<svg>\u0000</svg>'],
  ['plain text', 'svg'],
  ['an empty file', ''],
])('anything else is not a logo: %s', (_name, text) => {
  expect(detectLogoType(Buffer.from(text))).toBeNull();
});

test('a PDF or GIF is not a logo', () => {
  expect(detectLogoType(Buffer.from('%PDF-1.7\n'))).toBeNull();
  expect(detectLogoType(Buffer.from('GIF89a'))).toBeNull();
});
