// Some failures are explained by the screen that made the call (an inline field error, a toast
// with the screen's own wording). Their endpoints say so here, and the generic error toast stays
// quiet for them so the user never reads the same problem twice.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export type ScreenHandledError = (error: FetchBaseQueryError) => boolean;

const handledErrors = new Map<string, ScreenHandledError>();

/** Declares which failures of `endpointName` its screens explain themselves. */
export function explainsOwnErrors(endpointName: string, isHandled: ScreenHandledError): void {
  handledErrors.set(endpointName, isHandled);
}

export function isHandledByScreen(endpointName: string, error: FetchBaseQueryError): boolean {
  return handledErrors.get(endpointName)?.(error) ?? false;
}
