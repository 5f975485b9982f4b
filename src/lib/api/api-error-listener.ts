// The one place where failed API calls become toasts and 5xx answers reach Sentry. An endpoint whose
// screen explains some failures itself says so in its `extraOptions.showsOwnErrors`; the base query
// marks those answers and the toast stays quiet for them (Sentry still hears of a 5xx).
import {
  isRejectedWithValue,
  type ListenerMiddlewareInstance,
  type UnknownAction,
} from '@reduxjs/toolkit';

import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/sentry';
import { selectIsSharedUser, type StateWithSession } from '@/lib/session/session-slice';

import {
  apiErrorCode,
  describeApiError,
  httpStatusOf,
  isServerBusy,
} from './api-error-notification';
import { baseApi } from './base-api';

import type { AppBaseQueryMeta } from './base-query-with-reauth';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

function isFailedApiCall(action: UnknownAction): boolean {
  return isRejectedWithValue(action) && action.type.startsWith(`${baseApi.reducerPath}/`);
}

interface FailedCallMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
  baseQueryMeta?: AppBaseQueryMeta;
}

export interface ApiErrorListenerOptions {
  /**
   * Where a plan limit's toast links to ('See plans'), from the app's route table, which lib/ cannot read. Shared
   * users, who cannot change the plan, get no link.
   */
  plansPath?: string;
}

export function listenForApiErrors(
  startListening: ListenerMiddlewareInstance['startListening'],
  { plansPath }: ApiErrorListenerOptions = {},
) {
  return startListening({
    predicate: isFailedApiCall,
    effect: (action, { getState }) => {
      if (!isRejectedWithValue(action)) return;
      const error = action.payload as FetchBaseQueryError;
      const { arg, baseQueryMeta } = action.meta as FailedCallMeta;
      const endpointName = arg?.endpointName ?? 'unknown';
      // A query refused for a shared user's permissions is the screen's no-access state, not a toast
      // (a screen loads several, which would stack one toast each); a refused change still says why.
      const code = apiErrorCode(error);
      // A plan limit is always the spec's 'Limit Exhusted' toast, even where the screen also explains it: the toast
      // is what carries the way to a bigger plan.
      const isScreenState =
        code !== 'plan_limit' &&
        (baseQueryMeta?.isShownByScreen || (arg?.type === 'query' && code === 'permission_denied'));
      const toast = isScreenState ? null : describeApiError(error);
      if (toast) {
        const canChangePlan = !selectIsSharedUser(getState() as StateWithSession);
        const action =
          code === 'plan_limit' && plansPath && canChangePlan
            ? { label: 'See plans', href: plansPath }
            : undefined;
        notify(action ? { ...toast, action } : toast);
      }

      const status = httpStatusOf(error);
      if (status !== null && status >= 500 && !isServerBusy(status, error.data)) {
        reportServerError({ endpointName, status, body: error.data });
      }
    },
  });
}
