// Every migration, in order. A static list (not a folder scan) so bundling and tsx both see the same set.
// Add new files as NNNN-what-it-does.ts and list them here; never edit or reorder a migration that has shipped.
import * as createAppSettings from './0001-create-app-settings';
import * as createAccounts from './0002-create-accounts';
import * as createSso from './0003-create-sso';
import * as createVerifications from './0004-create-verifications';
import * as createTemplates from './0005-create-templates';
import * as addRefreshGrace from './0006-add-refresh-grace';
import * as createTeam from './0007-create-team';
import * as createBulkOperations from './0008-create-bulk-operations';
import * as createIntegrations from './0009-create-integrations';
import * as createWebhookScanEvents from './0010-create-webhook-scan-events';
import * as createCustomDomains from './0011-create-custom-domains';
import * as createSubscriptions from './0012-create-subscriptions';
import * as createAccountTools from './0013-create-account-tools';
import * as createScanAnalytics from './0014-create-scan-analytics';
import * as addUnusualSeen from './0016-add-unusual-seen';
import * as createSeals from './0017-create-seals';
import * as countDesignPagesFromOne from './0018-count-design-pages-from-one';
import * as addSealKeyLowSSince from './0019-add-seal-key-low-s-since';
import * as addIssuerIdentity from './0020-add-issuer-identity';
import * as createDocumentSigning from './0021-create-document-signing';
import * as createIssuerSigningCertificates from './0022-create-issuer-signing-certificates';
import * as addOperatorSigningActions from './0023-add-operator-signing-actions';
import * as createCredentials from './0024-create-credentials';
import * as aggregateScans from './0025-aggregate-scans';
import * as addTemplateDefaultLanguage from './0026-add-template-default-language';
import * as addSignatureUpgrades from './0027-add-signature-upgrades';

import type { Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0001-create-app-settings': createAppSettings,
  '0002-create-accounts': createAccounts,
  '0003-create-sso': createSso,
  '0004-create-verifications': createVerifications,
  '0005-create-templates': createTemplates,
  '0006-add-refresh-grace': addRefreshGrace,
  '0007-create-team': createTeam,
  '0008-create-bulk-operations': createBulkOperations,
  '0009-create-integrations': createIntegrations,
  '0010-create-webhook-scan-events': createWebhookScanEvents,
  '0011-create-custom-domains': createCustomDomains,
  '0012-create-subscriptions': createSubscriptions,
  '0013-create-account-tools': createAccountTools,
  '0014-create-scan-analytics': createScanAnalytics,
  '0016-add-unusual-seen': addUnusualSeen,
  '0017-create-seals': createSeals,
  '0018-count-design-pages-from-one': countDesignPagesFromOne,
  '0019-add-seal-key-low-s-since': addSealKeyLowSSince,
  '0020-add-issuer-identity': addIssuerIdentity,
  '0021-create-document-signing': createDocumentSigning,
  '0022-create-issuer-signing-certificates': createIssuerSigningCertificates,
  '0023-add-operator-signing-actions': addOperatorSigningActions,
  '0024-create-credentials': createCredentials,
  '0025-aggregate-scans': aggregateScans,
  '0026-add-template-default-language': addTemplateDefaultLanguage,
  '0027-add-signature-upgrades': addSignatureUpgrades,
};
