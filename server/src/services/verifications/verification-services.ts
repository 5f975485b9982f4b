// The verification services as handlers call them: built once by the services plugin with what they work with,
// each taking the account it reads (or the actor who changes it) and answering in the API's shapes. Reads of view counts first write the
// views still waiting in the scan recorder, so a count never lags a scan the user just made.
import { isoDate } from '@common/verifications';
import type {
  RevokeVerificationRequest,
  Verification,
  VerificationChanges,
  VerificationListQuery,
  VerificationPage,
  VerificationScans,
  VerificationStats,
} from '@common/verifications-schemas';

import { renderQrCode, type QrImageFormat } from '../../documents/render-qr-code';

import {
  createVerificationFromUpload,
  type NewVerification,
} from './create-verification-from-upload';
import { deleteVerification } from './delete-verification';
import { findOwnVerification } from './find-own-verification';
import { getVerificationFile } from './get-verification-file';
import { getVerificationStats } from './get-verification-stats';
import { listVerificationScans } from './list-verification-scans';
import { listVerifications } from './list-verifications';
import { verificationUrl } from './public-code';
import { revokeVerification } from './revoke-verification';
import { updateVerification } from './update-verification';
import { toVerification, type VerificationRow } from './verification-rows';

import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';

export function buildVerificationServices(deps: VerificationDeps) {
  const { db, scanRecorder, config } = deps;
  const toResponse = (row: VerificationRow): Verification =>
    toVerification(row, config.PUBLIC_URL, isoDate());

  return {
    async createFromUpload(actor: Actor, input: NewVerification): Promise<Verification> {
      return toResponse(await createVerificationFromUpload(deps, actor, input));
    },

    async list(accountId: string, query: VerificationListQuery): Promise<VerificationPage> {
      await scanRecorder.flush();
      const { count, rows } = await listVerifications(db, accountId, query, isoDate());
      return { count, page: query.page, page_size: query.page_size, results: rows.map(toResponse) };
    },

    async getStats(accountId: string): Promise<VerificationStats> {
      await scanRecorder.flush();
      return getVerificationStats(db, accountId, isoDate());
    },

    async find(accountId: string, id: string): Promise<Verification> {
      await scanRecorder.flush();
      return toResponse(await findOwnVerification(db, accountId, id));
    },

    async listScans(accountId: string, id: string): Promise<VerificationScans> {
      await scanRecorder.flush();
      return { results: await listVerificationScans(db, accountId, id) };
    },

    async update(actor: Actor, id: string, changes: VerificationChanges): Promise<Verification> {
      return toResponse(await updateVerification(deps, actor, id, changes));
    },

    async revoke(
      actor: Actor,
      id: string,
      revocation: RevokeVerificationRequest,
    ): Promise<Verification> {
      return toResponse(await revokeVerification(deps, actor, id, revocation));
    },

    /** Answers the storage keys of files that could not be removed (to log). */
    delete(actor: Actor, id: string): Promise<string[]> {
      return deleteVerification(deps, actor, id);
    },

    getFile(accountId: string, id: string, which: 'secured' | 'original') {
      return getVerificationFile(deps, accountId, id, which);
    },

    async renderQrCode(accountId: string, id: string, format: QrImageFormat) {
      const { code, public_origin: origin, seal } = await findOwnVerification(db, accountId, id);
      const url = verificationUrl(origin ?? config.PUBLIC_URL, code);
      return { code, image: renderQrCode({ url, seal }, format) };
    },
  };
}

export type VerificationServices = ReturnType<typeof buildVerificationServices>;
