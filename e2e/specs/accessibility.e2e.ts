// axe-core (WCAG 2.1 A and AA) on every screen of the route table, at desktop and phone widths, signed
// out and signed in, with the data a screen needs to show itself (a verification, a template); on a
// phone also with the sidebar's drawer and the title bar's menu open. One browser, one page a width.
import {
  createVerifiedAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage, VIEWPORTS } from '../../scripts/support/browser';
import { secureDocument } from '../../scripts/support/verifications';
import { makePdf } from '../../server/test/helpers/test-documents';
import { pathTo, ROUTES, type AppRoute, type RouteName } from '../../src/config/routes';
import { accessibilityViolations, waitUntilSettled } from '../support/accessibility';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';
import type { Page } from 'playwright-core';

// Each route where it shows a screen: a signed-in user is sent away from the public ones, a
// signed-out visitor from the protected ones (to sign-in, checked on its own).
const SIGNED_OUT_ROUTES = ROUTES.filter((route) => route.guard !== 'protected');
const SIGNED_IN_ROUTES = ROUTES.filter((route) => route.guard !== 'public');

/** What a screen shows once the seeded data is in: axe reads the screen with it, not its empty state. */
const SEEDED_CONTENT: Partial<Record<RouteName, string>> = { dashboard: 'Master of Science' };

async function createTemplate(app: RunningApp, token: string): Promise<string> {
  const form = new FormData();
  form.set('data', JSON.stringify({ name: 'Northfield Graduation', heading: 'Northfield' }));
  const response = await fetch(`${app.baseUrl}/api/templates/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`template → ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const fixtures = useAppAndBrowser();
  const seeded = { templateId: '', account: { name: '', email: '', password: '' } };

  beforeAll(async () => {
    const { app } = fixtures;
    seeded.account = await createVerifiedAccount(app);
    const token = await requestAccessToken(app, seeded.account);
    seeded.templateId = await createTemplate(app, token);
    await secureDocument(app, token, { file: await makePdf(), title: 'Master of Science' });
  });

  function pathOf(route: AppRoute): string {
    if (route.name === 'edit-template')
      return pathTo(route.name, { templateId: seeded.templateId });
    if (route.name === 'NotFound') return '/no-such-page';
    return route.path;
  }

  async function violationsAt(page: Page, route: AppRoute) {
    await page.goto(`${fixtures.app.baseUrl}${pathOf(route)}`);
    const seededContent = SEEDED_CONTENT[route.name];
    if (seededContent) await page.getByText(seededContent).first().waitFor();
    return accessibilityViolations(page);
  }

  describe.each(Object.entries(VIEWPORTS))('at %s width', (_name, viewport) => {
    describe('signed out', () => {
      let page: Page;
      beforeAll(async () => {
        page = await openPage(fixtures.browser, viewport);
      });
      afterAll(() => page.context().close());

      it.each(SIGNED_OUT_ROUTES.map((route) => [route.name, route]))(
        '%s has no violations',
        async (_routeName, route) => {
          expect(await violationsAt(page, route)).toEqual([]);
        },
      );
    });

    describe('signed in', () => {
      let page: Page;
      beforeAll(async () => {
        page = await openPage(fixtures.browser, viewport);
        await signInThroughUi(page, fixtures.app, seeded.account);
        await page.waitForURL(`${fixtures.app.baseUrl}/`);
      });
      afterAll(() => page.context().close());

      it.each(SIGNED_IN_ROUTES.map((route) => [route.name, route]))(
        '%s has no violations',
        async (_routeName, route) => {
          expect(await violationsAt(page, route)).toEqual([]);
        },
      );

      if (viewport.width < 600) {
        it('has none with the sidebar’s drawer open', async () => {
          await page.goto(`${fixtures.app.baseUrl}/`);
          await waitUntilSettled(page);
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('navigation', { name: 'Main' }).waitFor();
          expect(await accessibilityViolations(page)).toEqual([]);
        });

        it('has none with the title bar’s menu open', async () => {
          await page.goto(`${fixtures.app.baseUrl}/`);
          await waitUntilSettled(page);
          await page.getByRole('button', { name: 'Account and actions' }).click();
          await page.getByRole('menu').waitFor();
          expect(await accessibilityViolations(page)).toEqual([]);
        });
      }
    });
  });
});
