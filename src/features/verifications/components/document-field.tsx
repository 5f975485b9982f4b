// The form's document: the file picker wired to the staged-uploads endpoint, Companion and the session. A document
// taken out of the picker is removed from the server; a 401 takes the session's one re-authentication path.
import { useCallback, useRef } from 'react';
import { useField } from 'react-final-form';

import { useAppDispatch, useAppStore } from '@/app/hooks';
import { FilePicker } from '@/components/file-picker/file-picker';
import { findServerMessage } from '@/lib/api/api-error-notification';
import { prepareApiHeaders, sessionExpired } from '@/lib/api/base-query-with-reauth';
import { useGetSettingsQuery } from '@/lib/api/settings-api';
import { COMPANION_PATH, UPLOADS_PATH } from '@common/uploads';
import type { StagedUpload } from '@common/uploads-schemas';

import { useDeleteStagedUploadMutation, useGetUploadSourcesQuery } from '../api/uploads-api';
import {
  DOCUMENT_PICKER_TYPES,
  documentFileProblem,
  documentHint,
  documentTooLargeMessage,
  isDocumentTooManyBytes,
  pickedDocumentProblem,
  type PickedDocument,
} from '../document-file';

/** The Authorization (and CSRF) headers the API calls carry, for the picker's own requests. */
function useApiHeaders(): () => Record<string, string> {
  const store = useAppStore();
  return useCallback(
    () => Object.fromEntries(prepareApiHeaders(new Headers(), { getState: store.getState })),
    [store],
  );
}

export function DocumentField({ disabled }: { disabled: boolean }) {
  const { input, meta } = useField<PickedDocument | null>('file', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const dispatch = useAppDispatch();
  const getHeaders = useApiHeaders();
  const { data: sources } = useGetUploadSourcesQuery();
  const maxBytes = useGetSettingsQuery().data?.upload_max_bytes;
  const [deleteStagedUpload] = useDeleteStagedUploadMutation();
  const kept = useRef<string | null>(null);
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  // While a file uploads the picker shows its progress; only a finished problem is worth a line of text.
  const ownError =
    input.value && input.value.status === 'uploading' ? null : pickedDocumentProblem(input.value);
  const error = (meta.touched && ownError) || submitError;
  const origin = window.location.origin;

  return (
    <FilePicker<StagedUpload>
      label="Document file"
      hint={documentHint(maxBytes)}
      allowedTypes={DOCUMENT_PICKER_TYPES}
      maxBytes={maxBytes}
      endpoint={`${origin}${UPLOADS_PATH}`}
      companionUrl={`${origin}${COMPANION_PATH}`}
      getHeaders={getHeaders}
      cloudSources={sources?.cloud}
      describeRestriction={(file) => documentFileProblem(file, maxBytes)}
      describeError={(status, body) =>
        isDocumentTooManyBytes(status, body)
          ? documentTooLargeMessage(maxBytes)
          : (findServerMessage(body) ?? null)
      }
      onChange={(picked) => {
        // A document taken out of the picker (or replaced) is not needed on the server any more.
        const previous = kept.current;
        kept.current = picked?.answer?.id ?? null;
        if (previous && previous !== kept.current) void deleteStagedUpload(previous);
        input.onChange(picked);
        input.onBlur();
      }}
      onUnauthorized={() => void dispatch(sessionExpired())}
      error={Array.isArray(error) ? error[0] : error || undefined}
      disabled={disabled}
    />
  );
}
