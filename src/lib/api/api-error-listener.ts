// The one place where failed API calls become toasts and 5xx answers reach Sentry.
import {
  isRejectedWithValue,
  type ListenerMiddlewareInstance,
  type UnknownAction,
} from '@reduxjs/toolkit';

import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/sentry';

import { describeApiError, httpStatusOf } from './api-error-notification';
import { baseApi } from './base-api';
import { isHandledByScreen } from './screen-handled-errors';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

function isFailedApiCall(action: UnknownAction): boolean {
  return isRejectedWithValue(action) && action.type.startsWith(`${baseApi.reducerPath}/`);
}

export function listenForApiErrors(startListening: ListenerMiddlewareInstance['startListening']) {
  return startListening({
    predicate: isFailedApiCall,
    effect: (action) => {
      if (!isRejectedWithValue(action)) return;
      const error = action.payload as FetchBaseQueryError;
      const { endpointName = 'unknown' } =
        (action.meta as { arg?: { endpointName?: string } }).arg ?? {};
      const toast = isHandledByScreen(endpointName, error) ? null : describeApiError(error);
      if (toast) notify(toast);

      const status = httpStatusOf(error);
      if (status !== null && status >= 500) {
        reportServerError({ endpointName, status, body: error.data });
      }
    },
  });
}
