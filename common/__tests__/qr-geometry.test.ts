import { placeQrCode, POINTS_PER_MM } from '../qr-geometry';

const A4_MM = { width: 210, height: 297 };

test('a corner puts the code 10 mm from both edges, in millimetres or in points alike', () => {
  expect(placeQrCode(A4_MM, 1, { pages: 'first', position: 'bottom-right', size_mm: 25 })).toEqual({
    left: 175,
    top: 262,
    size: 25,
  });
  const inPoints = placeQrCode(
    { width: 210 * POINTS_PER_MM, height: 297 * POINTS_PER_MM },
    POINTS_PER_MM,
    { pages: 'first', position: 'top-left', size_mm: 25 },
  );
  expect(inPoints.left / POINTS_PER_MM).toBeCloseTo(10);
  expect(inPoints.top / POINTS_PER_MM).toBeCloseTo(10);
  expect(inPoints.size / POINTS_PER_MM).toBeCloseTo(25);
});

test('a page too narrow for the margin centres the code; a custom position stays on the page', () => {
  expect(
    placeQrCode({ width: 30, height: 100 }, 1, {
      pages: 'first',
      position: 'top-right',
      size_mm: 20,
    }),
  ).toEqual({ left: 5, top: 10, size: 20 });
  expect(
    placeQrCode(A4_MM, 1, { pages: 'first', position: 'custom', x: 0.95, y: 0.5, size_mm: 20 }),
  ).toEqual({ left: 190, top: 148.5, size: 20 });
});
