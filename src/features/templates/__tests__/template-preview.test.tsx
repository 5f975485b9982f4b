import { screen, waitFor } from '@testing-library/react';

import { sharedUserSession, signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

import { CreateTemplateScreen } from '../components/create-template-screen';

import { aTemplate, fakeTemplatesServer, installObjectUrls } from './fake-templates-server';

function renderEditor(session = signedInSession({ fullName: 'Olivia Owner' })) {
  fakeTemplatesServer([aTemplate()]);
  return renderWithProviders(<CreateTemplateScreen />, {
    route: '/templates/create',
    path: '/templates/create',
    preloadedState: { session },
  });
}

async function previewDocument(): Promise<string> {
  const frame = await screen.findByTitle(/^Preview of the public page/);
  return frame.getAttribute('srcdoc') ?? '';
}

beforeEach(() => installObjectUrls());

describe('template editor: live preview', () => {
  it('is the public page for a sample diploma, run without scripts', async () => {
    renderEditor();
    const frame = await screen.findByTitle('Preview of the public page (desktop)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');

    const page = await previewDocument();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('Bachelor of Science in Nursing');
    expect(page).toContain('Amara Okafor');
    expect(page).toContain('Student number');
    // The issuer is the signed-in user, as on their own verifications, named as an account names itself: nothing
    // proves the name until a custom domain or the operator does.
    expect(page).toContain(
      'This document was issued by an account calling itself “Olivia Owner” (its name is not verified) and is valid.',
    );
    expect(page).not.toContain('<script');
    expect(page).toContain('/v/assets/inter-latin-400-normal.woff2');
  });

  it('names the account owner as the issuer for a shared user, as the public page does', async () => {
    renderEditor(sharedUserSession());
    const page = await previewDocument();
    expect(page).toContain('an account calling itself “Olivia Owner”');
    expect(page).not.toContain('Sam Shared');
  });

  it('follows the heading as it is typed, escaped', async () => {
    const { user } = renderEditor();
    const heading = await screen.findByRole('textbox', { name: 'Heading' });

    await user.type(heading, 'Tom & <b>Jerry</b>');
    const page = await previewDocument();
    expect(page).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(page).not.toContain('<b>Jerry</b>');
  });

  it('follows the colours key by key and keeps the default while a colour is half typed', async () => {
    const { user } = renderEditor();
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    expect(await previewDocument()).toContain('--brand: #173f8a;');

    await user.clear(primary);
    await user.type(primary, '#7a1f');
    // Not a colour yet: the page keeps QR Verify's own.
    expect(await previewDocument()).toContain('--brand: #173f8a;');
    await user.type(primary, '2b');
    expect(await previewDocument()).toContain('--brand: #7a1f2b;');
  });

  it('drops hidden rows and renames the shown ones', async () => {
    const { user } = renderEditor();
    await screen.findByRole('form', { name: 'Create template' });
    expect(await previewDocument()).toContain('Amara Okafor');

    await user.click(screen.getByRole('switch', { name: 'Holder name' }));
    await user.click(screen.getByRole('switch', { name: 'Custom fields' }));
    const label = screen.getByRole('textbox', { name: 'Issue date label' });
    await user.clear(label);
    await user.type(label, 'Awarded on');

    const page = await previewDocument();
    expect(page).not.toContain('Amara Okafor');
    expect(page).not.toContain('Student number');
    expect(page).toContain('Awarded on');
    expect(page).toContain('5 March 2026');
  });

  it('shows the download button only while downloads are allowed', async () => {
    const { user } = renderEditor();
    await screen.findByRole('form', { name: 'Create template' });
    expect(await previewDocument()).toContain('Download the secured document');

    await user.click(
      screen.getByRole('switch', { name: 'Offer the secured document for download' }),
    );
    expect(await previewDocument()).not.toContain('Download the secured document');
  });

  it('shows a chosen logo before it is uploaded', async () => {
    const { user } = renderEditor();
    await screen.findByRole('form', { name: 'Create template' });
    await user.upload(
      screen.getByLabelText('Logo file'),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'mark.svg', {
        type: 'image/svg+xml',
      }),
    );
    await waitFor(async () =>
      expect(await previewDocument()).toContain(
        '<img class="logo" src="blob:http://localhost/logo-1"',
      ),
    );
  });

  it('switches between desktop and phone widths', async () => {
    const { user } = renderEditor();
    await screen.findByTitle('Preview of the public page (desktop)');
    expect(screen.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTitle('Preview of the public page (phone)')).toBeInTheDocument();
    expect(screen.queryByTitle('Preview of the public page (desktop)')).not.toBeInTheDocument();
  });
});
