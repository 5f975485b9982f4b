// A confirmed call that fails keeps its reason for the dialog and stays; one that works says so and goes on.
import { act, renderHook } from '@testing-library/react';

import { notify } from '../notify';
import { useConfirmedCall } from '../use-confirmed-call';

jest.mock('../notify', () => ({ notify: jest.fn() }));

const SUCCESS = { summary: 'API key revoked', detail: 'Registrar no longer works.' };

describe('useConfirmedCall', () => {
  beforeEach(() => jest.mocked(notify).mockClear());

  it('keeps the reason of a failed call and does not go on', async () => {
    const onDone = jest.fn();
    const { result } = renderHook(() => useConfirmedCall());

    await act(() =>
      result.current.confirm({
        call: async () => ({ error: { status: 500, data: {} } }),
        failure: 'The key could not be revoked.',
        success: SUCCESS,
        onDone,
      }),
    );

    expect(result.current.problem).toBe('The key could not be revoked.');
    expect(onDone).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('says a call worked, clears the last reason and goes on', async () => {
    const onDone = jest.fn();
    const { result } = renderHook(() => useConfirmedCall());
    await act(() =>
      result.current.confirm({
        call: async () => ({ error: { status: 500, data: {} } }),
        failure: 'The key could not be revoked.',
        success: SUCCESS,
        onDone,
      }),
    );

    await act(() =>
      result.current.confirm({
        call: async () => ({}),
        failure: 'The key could not be revoked.',
        success: SUCCESS,
        onDone,
      }),
    );

    expect(result.current.problem).toBeNull();
    expect(notify).toHaveBeenCalledWith({ severity: 'success', ...SUCCESS });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
