import { act, screen, waitFor } from '@testing-library/react';

import { notify } from '@/lib/notify';
import { OWNER_PROFILE, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch, requestedPaths } from '@/testing/mock-fetch';
import { renderApp, renderWithProviders } from '@/testing/render-with-providers';

describe('notify without a mounted notification provider', () => {
  it('only writes a console warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    notify({ severity: 'error', summary: 'Server Error', detail: 'Something went wrong.' });

    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Server Error — Something went wrong.'),
    );
    expect(document.body).toBeEmptyDOMElement();
  });
});

describe('notify with the provider mounted', () => {
  it('shows every toast asked for while the notification area loads', async () => {
    renderWithProviders(<p>screen</p>);

    act(() => {
      notify({ severity: 'error', summary: 'First', detail: 'one' });
      notify({ severity: 'info', summary: 'Second', detail: 'two' });
    });

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('shows severity, bold summary and detail, and closes on request', async () => {
    const { user } = renderWithProviders(<p>screen</p>);

    act(() =>
      notify({
        severity: 'warning',
        summary: 'Limit Exceeded',
        detail: 'Try again after a minute',
      }),
    );

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Limit Exceeded');
    expect(toast).toHaveTextContent('Try again after a minute');
    expect(toast.className).toMatch(/colorWarning/);
    expect(screen.getByText('Limit Exceeded')).toHaveStyle({ fontWeight: '700' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('closes by itself after 8000 ms by default', async () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<p>screen</p>);
      act(() => notify({ severity: 'info', summary: 'Saved', detail: 'Template saved.' }));
      expect(await screen.findByRole('alert')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(7900));
      expect(screen.getByRole('alert')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(1100));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('honours a custom lifetime', async () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<p>screen</p>);
      act(() =>
        notify({
          severity: 'success',
          summary: 'OTP Resent',
          detail: 'Check your email.',
          lifetime: 3000,
        }),
      );
      await screen.findByRole('alert');

      act(() => jest.advanceTimersByTime(3100));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('identical toasts', () => {
  it('shows an identical toast once and a different one beside it', async () => {
    renderWithProviders(<p>screen</p>);

    act(() => {
      notify({ severity: 'error', summary: 'Server Error', detail: 'Something went wrong.' });
      notify({ severity: 'error', summary: 'Server Error', detail: 'Something went wrong.' });
      notify({ severity: 'error', summary: 'Server Error', detail: 'Another thing went wrong.' });
    });

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByText('Something went wrong.')).toHaveLength(1);
  });

  it('shows one "Server Error" when the dashboard’s calls all fail with a 500', async () => {
    const fetchMock = mockFetch((request) =>
      new URL(request.url).pathname === '/api/auth/profile/'
        ? jsonResponse(OWNER_PROFILE)
        : jsonResponse({ error: { message: 'Something went wrong' } }, 500),
    );
    renderApp({ route: '/', preloadedState: { session: signedInSession() } });

    await screen.findByRole('heading', { name: 'Verifications could not be loaded' });
    const failedCalls = requestedPaths(fetchMock).filter((path) => path !== '/api/auth/profile/');
    expect(new Set(failedCalls).size).toBeGreaterThan(1);
    await screen.findByText('Server Error');
    expect(screen.getAllByText('Server Error')).toHaveLength(1);
  });
});
