import { screen, waitFor, within } from '@testing-library/react';

import { selectShowOnboardingScene } from '@/lib/session/session-slice';
import { OWNER_PROFILE, signedInSession } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

import { callsTo, fakeAuthServer, jsonBodyOf } from './fake-auth-server';

const NEW_PROFILE = { ...OWNER_PROFILE, first_name: 'Nina', last_name: 'New', industry: null };

describe('signed-in layout and the onboarding scene', () => {
  it('loads the profile when a stored session comes back without one', async () => {
    const fetchMock = fakeAuthServer({ 'GET /api/auth/profile/': jsonResponse(OWNER_PROFILE) });
    const { store } = renderApp({
      route: '/',
      preloadedState: { session: signedInSession({ fullName: null }) },
    });

    await waitFor(() => expect(store.getState().session.fullName).toBe('Olivia Owner'));
    expect(callsTo(fetchMock, 'GET', '/api/auth/profile/')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the industry when the profile has none, saves it and closes', async () => {
    const fetchMock = fakeAuthServer({
      'GET /api/auth/profile/': jsonResponse(NEW_PROFILE),
      'PATCH /api/auth/profile/': async (request) =>
        jsonResponse({ ...NEW_PROFILE, ...((await request.clone().json()) as object) }),
    });
    const { user, store } = renderApp({
      route: '/',
      preloadedState: { session: signedInSession() },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to QR Verify' });
    const industries = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    expect(industries).toEqual([
      'Education',
      'Healthcare',
      'Insurance',
      'Human resources',
      'Legal',
      'Government',
      'Finance',
      'Other',
    ]);
    const save = within(dialog).getByRole('button', { name: 'Continue' });
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Healthcare' }));
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/auth/profile/');
    expect(await jsonBodyOf(patch)).toEqual({ industry: 'Healthcare' });
    expect(selectShowOnboardingScene(store.getState())).toBe(false);
  });

  it('asks an owner for the organisation name beside the industry, their name by default', async () => {
    const fetchMock = fakeAuthServer({
      'GET /api/auth/profile/': jsonResponse(NEW_PROFILE),
      'PATCH /api/auth/profile/': async (request) =>
        jsonResponse({ ...NEW_PROFILE, ...((await request.clone().json()) as object) }),
    });
    const { user } = renderApp({
      route: '/',
      preloadedState: { session: signedInSession({ fullName: 'Nina New' }) },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to QR Verify' });
    const name = within(dialog).getByRole('textbox', { name: 'Organisation name' });
    expect(name).toHaveValue('Nina New');
    await user.clear(name);
    await user.type(name, 'University of X');
    await user.click(within(dialog).getByRole('radio', { name: 'Education' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/auth/profile/');
    expect(await jsonBodyOf(patch)).toEqual({
      industry: 'Education',
      organisation_name: 'University of X',
    });
  });
});
