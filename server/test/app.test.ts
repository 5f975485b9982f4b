import { sql } from 'kysely';

import { createTestApp } from './helpers/test-app';

test('closing lets in-flight requests finish, and only then closes the database', async () => {
  const app = await createTestApp();
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  app.get('/api/test/slow/', { config: { access: 'public' } }, async () => {
    markStarted();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(app.db);
    return rows[0];
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };

  const request = fetch(`http://127.0.0.1:${port}/api/test/slow/`);
  await started;
  await app.close();
  const response = await request;

  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ answer: 42 });
});

test('building the app starts nothing until it is used', async () => {
  const app = await createTestApp();

  expect(app.server.listening).toBe(false);
  await app.close();
});
