// What a confirm dialog does once the user confirms: make the call; when it fails, say why inside the dialog (it
// stays open to try again); when it works, say so in a toast and go on.
import { useState } from 'react';

import { failureMessage } from './api/api-error-notification';
import { notify, type Notification } from './notify';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface ConfirmedCall {
  /** The mutation, called. */
  call: () => Promise<{ error?: unknown }>;
  /** Said when the server gives no reason, e.g. 'The key could not be revoked.' */
  failure: string;
  success: Pick<Notification, 'summary' | 'detail'>;
  onDone: () => void;
}

export function useConfirmedCall() {
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm({ call, failure, success, onDone }: ConfirmedCall) {
    setProblem(null);
    const result = await call();
    if (result.error) {
      setProblem(failureMessage(result.error as FetchBaseQueryError, failure));
      return;
    }
    notify({ severity: 'success', ...success });
    onDone();
  }

  /** Why the last call failed, or null. */
  return { problem, confirm };
}
