import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';

import { setupStore } from '@/app/store';
import { useAccess } from '@/lib/session/use-access';
import { sharedUserSession, signedInSession } from '@/testing/fixtures';
import type { AccessArea } from '@common/team';

function levelFor(session: ReturnType<typeof signedInSession>, area: AccessArea) {
  const store = setupStore({ session });
  const { result } = renderHook(() => useAccess(area), {
    wrapper: ({ children }) => <Provider store={store}>{children}</Provider>,
  });
  return result.current;
}

describe('useAccess', () => {
  it("returns edit for an owner and the shared user's own level otherwise", () => {
    expect(levelFor(signedInSession(), 'bulk')).toBe('edit');
    expect(levelFor(sharedUserSession(), 'templates')).toBe('view');
    expect(levelFor(sharedUserSession(), 'bulk')).toBe('none');
  });
});
