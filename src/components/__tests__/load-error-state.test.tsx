// A screen whose data did not load says what is true of the failure: a refusal (403) is no connection problem and
// has nothing to retry; only a call that never reached the server asks the user to check their connection.
import { screen } from '@testing-library/react';

import { renderWithProviders } from '@/testing/render-with-providers';

import { LoadErrorState } from '../load-error-state';

function renderFailure(error: unknown) {
  const onRetry = jest.fn();
  const view = renderWithProviders(
    <LoadErrorState title="Verifications could not be loaded" error={error} onRetry={onRetry} />,
  );
  return { ...view, onRetry };
}

describe('LoadErrorState', () => {
  it("shows a shared user's refusal as no access, with nothing to retry", async () => {
    renderFailure({
      status: 403,
      data: {
        error: { message: "You don't have access to verifications.", code: 'permission_denied' },
      },
    });

    expect(
      await screen.findByRole('heading', { name: "You don't have access to verifications." }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ask the account owner to give you access.')).toBeInTheDocument();
    expect(screen.queryByText(/connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('asks to check the connection only when the server was not reached', async () => {
    const { user, onRetry } = renderFailure({ status: 'FETCH_ERROR', error: 'TypeError' });

    expect(
      await screen.findByRole('heading', { name: 'Verifications could not be loaded' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The server could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("calls a server failure the server's, not the connection's", async () => {
    renderFailure({ status: 500, data: { error: { message: 'boom', code: 'internal_error' } } });

    expect(
      await screen.findByText(
        'The server had a problem. Try again in a moment; if it goes on, write to support@qrverify.app.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/connection/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("gives another refusal the server's own sentence", async () => {
    renderFailure({
      status: 404,
      data: { error: { message: 'No such template.', code: 'not_found' } },
    });

    expect(await screen.findByText('No such template.')).toBeInTheDocument();
    expect(screen.queryByText(/connection/)).not.toBeInTheDocument();
  });
});
