// 'Document signing': who signs the account's secured PDFs, and the organisation's own certificate (uploaded as
// a .p12/.pfx with its password, or removed to go back to the service's certificate).
import { baseApi } from '@/lib/api/base-api';
import type { DocumentSigning } from '@common/document-signing-schemas';

export type { DocumentSigning };

export interface CertificateUpload {
  file: File;
  password: string;
}

const TAG = { type: 'DocumentSigning', id: 'CURRENT' } as const;

const documentSigningApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['DocumentSigning'] })
  .injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      getDocumentSigning: build.query<DocumentSigning, void>({
        query: () => 'settings/document-signing/',
        providesTags: [TAG],
      }),
      uploadSigningCertificate: build.mutation<DocumentSigning, CertificateUpload>({
        query: ({ file, password }) => {
          const body = new FormData();
          body.append('file', file, file.name);
          body.append('password', password);
          return { url: 'settings/document-signing/certificate/', method: 'PUT', body };
        },
        invalidatesTags: [TAG],
        // The dialog says why a file was refused.
        extraOptions: { showsOwnErrors: true },
      }),
      removeSigningCertificate: build.mutation<void, void>({
        query: () => ({ url: 'settings/document-signing/certificate/', method: 'DELETE' }),
        invalidatesTags: [TAG],
        extraOptions: { showsOwnErrors: true },
      }),
    }),
  });

export const {
  useGetDocumentSigningQuery,
  useUploadSigningCertificateMutation,
  useRemoveSigningCertificateMutation,
} = documentSigningApi;
