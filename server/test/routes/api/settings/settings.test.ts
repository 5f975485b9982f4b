import { createTestApp } from '../../../helpers/test-app';

test('GET /api/settings/ tells anyone the configured upload limit', async () => {
  const app = await createTestApp({ env: { UPLOAD_MAX_BYTES: '1234567' } });

  const response = await app.inject({ url: '/api/settings/' });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ upload_max_bytes: 1234567 });
  await app.close();
});
