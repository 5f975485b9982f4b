// Starts a download of one of a verification's files and reports a failure in words.
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import {
  useDownloadVerificationFileMutation,
  type Verification,
  type VerificationFileKind,
} from '../api/verifications-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const FILE_LABELS: Record<VerificationFileKind, string> = {
  document: 'secured document',
  original: 'original document',
  'qr-png': 'QR code',
  'qr-svg': 'QR code',
};

function fallbackName(verification: Verification, kind: VerificationFileKind): string {
  switch (kind) {
    case 'document':
      return `${verification.code}-secured.pdf`;
    case 'original':
      return verification.original.file_name;
    case 'qr-png':
      return `${verification.code}-qr.png`;
    case 'qr-svg':
      return `${verification.code}-qr.svg`;
  }
}

export function useVerificationDownload(verification: Verification) {
  const [download, { isLoading, originalArgs }] = useDownloadVerificationFileMutation();

  const start = async (kind: VerificationFileKind) => {
    try {
      await download({
        id: verification.id,
        kind,
        fallbackName: fallbackName(verification, kind),
      }).unwrap();
    } catch (error) {
      notify({
        severity: 'error',
        summary: 'Download failed',
        detail: failureMessage(
          error as FetchBaseQueryError,
          `The ${FILE_LABELS[kind]} could not be downloaded. Please try again.`,
          'Could not connect to server. Check connection.',
        ),
      });
    }
  };

  return { start, pendingKind: isLoading ? (originalArgs?.kind ?? null) : null };
}
