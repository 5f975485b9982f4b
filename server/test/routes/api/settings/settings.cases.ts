import { createTestApp } from '../../../helpers/test-app';

test('GET /api/settings/ tells anyone the configured upload and bulk limits', async () => {
  const app = await createTestApp({
    env: {
      UPLOAD_MAX_BYTES: '1234567',
      BULK_MAX_ROWS: '500',
      BULK_SHEET_MAX_BYTES: '2048',
      BULK_MAX_ZIP_BYTES: '4096',
    },
  });

  const response = await app.inject({ url: '/api/settings/' });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    upload_max_bytes: 1234567,
    bulk_max_rows: 500,
    bulk_sheet_max_bytes: 2048,
    bulk_max_zip_bytes: 4096,
  });
  await app.close();
});
