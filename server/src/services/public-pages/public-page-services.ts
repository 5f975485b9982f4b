// What anyone may read without signing in, as the public handlers call it: built once by the services plugin.
import { isDownloadOffered } from '@common/public-page/page-verdict';

import { isUuid } from '../../lib/uuid';
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';
import { verificationFileKeys } from '../verifications/verification-files';

import { findPublicVerification, type FoundPublicVerification } from './find-public-verification';

import type { Database } from '../../db/schema';
import type { ScanFacts, ScanRequest } from '../analytics/scan-facts';
import type { ScanRecorder } from '../verifications/scan-recorder';
import type { PublicPageCache } from './public-page-cache';
import type { Kysely } from 'kysely';

export function buildPublicPageServices(deps: {
  db: Kysely<Database>;
  publicPages: PublicPageCache;
  scanRecorder: ScanRecorder;
  storage: Storage;
  /** What a scan keeps of its request (services/analytics/scan-facts.ts). */
  describeScan: (request: ScanRequest, at: Date) => ScanFacts;
}) {
  const { db, publicPages, scanRecorder, storage, describeScan } = deps;
  return {
    findVerification(code: string): Promise<FoundPublicVerification | null> {
      return findPublicVerification(publicPages, code);
    },

    /** Whether a code no verification has was one of a deleted account's (asked only on a miss). */
    async isWithdrawn(code: string): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawn_codes')
        .select('code')
        .where('code', '=', code.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A view of the page: counted in batches, with its device, browser, country and visitor key only. */
    countView(found: FoundPublicVerification, request: ScanRequest): void {
      const scannedAt = new Date();
      scanRecorder.record({
        verificationId: found.cached.id,
        scannedAt,
        ...describeScan(request, scannedAt),
      });
    },

    /**
     * The secured PDF, only when both the verification and its template allow it and the page offers it (never
     * for a revoked verification).
     */
    async getDocument(code: string) {
      const found = await findPublicVerification(publicPages, code);
      if (!found?.verification.allow_download || !found.design.allow_download) return null;
      if (!isDownloadOffered(found.verification.status)) return null;
      return {
        stream: await storage.getStream(verificationFileKeys(found.cached.id).secured),
        size: found.cached.secured_size,
        fileName: `${found.verification.title}-secured.pdf`,
      };
    },

    /** A template's current logo by its published file name; null for anything else. */
    async getLogo(templateId: string, fileName: string) {
      if (!isUuid(templateId)) return null;
      const logo = (await publicPages.template(templateId))?.logo;
      if (!logo || logo.file_name !== fileName) return null;
      try {
        return { ...logo, stream: await storage.getStream(logo.key) };
      } catch (error) {
        // Gone meanwhile: replaced or deleted through another instance, whose change this one has not seen yet.
        if (error instanceof StoredFileNotFoundError) return null;
        throw error;
      }
    },
  };
}

export type PublicPageServices = ReturnType<typeof buildPublicPageServices>;
