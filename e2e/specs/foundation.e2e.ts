// The app opens in Chromium, guards protected routes and keeps its data across a restart.
import { openPage } from '../../scripts/support/browser';
import { useAppAndBrowser } from '../support/fixtures';

describe('foundation', () => {
  const fixtures = useAppAndBrowser();

  it('sends a signed-out visitor of a protected page to sign-in, keeping the page in next', async () => {
    const page = await openPage(fixtures.browser);
    await page.goto(`${fixtures.app.baseUrl}/settings/users?tab=roles`);
    await page.waitForURL(/\/signin/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('next')).toBe('/settings/users?tab=roles');
    await page.getByRole('heading', { name: "Let's get you Signed In" }).waitFor();
  });

  it('sends a signed-out visitor of an unknown page to sign-in', async () => {
    const page = await openPage(fixtures.browser);
    await page.goto(`${fixtures.app.baseUrl}/no-such-page`);
    await page.waitForURL(/\/signin/);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('reports a healthy database and mail transport, also after a restart', async () => {
    await fixtures.app.restart();
    const response = await fetch(`${fixtures.app.baseUrl}/api/health/`);
    const health = await response.json();
    expect(response.status).toBe(200);
    expect(health.database).toMatchObject({ ok: true, driver: 'pglite' });
    expect(health.mail).toMatchObject({ ok: true, transport: 'smtp' });
  });

  it('answers unknown API paths with a JSON 404, not the web app', async () => {
    const response = await fetch(`${fixtures.app.baseUrl}/api/nothing-here/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: expect.objectContaining({ message: expect.any(String) }),
    });
  });
});
