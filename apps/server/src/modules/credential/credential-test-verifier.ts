import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { verifyCredential, type DocumentLoader, type VerifyResult } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import type { FastifyInstance } from 'fastify';
import { BUNDLED_CONTEXTS } from './credential-issuer';

interface VerificationMethod {
  id: string;
  type: string;
  controller: string;
  publicKeyMultibase: string;
}

/**
 * Test helper: what a verifier on the internet would fetch, answered by the app itself: the
 * contexts from the packages' copies, did:web resolved as its method says (https://host/path/did.json
 * under PUBLIC_URL's host), and the status lists at their URLs under PUBLIC_URL. `publicKeyOf` may
 * answer another public key for a verification method, to check a credential against a key other
 * than the one its issuer publishes.
 */
export function platformDocumentLoader(app: FastifyInstance, publicUrl: string, publicKeyOf?: (method: VerificationMethod) => string): DocumentLoader {
  return async (url) => {
    const context = BUNDLED_CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    const [base = '', fragment] = url.split('#');
    let path: string;
    if (base.startsWith('did:web:')) {
      const [host = '', ...segments] = base.slice('did:web:'.length).split(':');
      const resolved = new URL(`https://${decodeURIComponent(host)}/${segments.map(decodeURIComponent).join('/')}/did.json`);
      if (resolved.host !== new URL(publicUrl).host) throw new Error(`Not a DID of this platform: ${url}`);
      path = resolved.pathname;
    } else if (base.startsWith(`${publicUrl}/`)) {
      path = base.slice(publicUrl.length);
    } else {
      throw new Error(`Not a document of this platform: ${url}`);
    }
    const response = await app.inject({ method: 'GET', url: path });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
    const document = response.json<{ verificationMethod?: VerificationMethod[] }>();
    if (!fragment) return { contextUrl: null, documentUrl: url, document };
    // A DID URL with a fragment names one verification method of the DID document.
    const method = document.verificationMethod?.find((vm) => vm.id === url);
    if (!method) throw new Error(`No verification method ${url}`);
    const publicKeyMultibase = publicKeyOf ? publicKeyOf(method) : method.publicKeyMultibase;
    return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...method, publicKeyMultibase } };
  };
}

/** The library's own verifier, with the status check of its Bitstring Status List package. */
export function verifyWith(credential: object, documentLoader: DocumentLoader): Promise<VerifyResult> {
  return verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }), documentLoader, checkStatus });
}

/** What the status check said, per purpose: true when the award's bit is set. */
export function statusBitsOf(result: VerifyResult): Record<string, boolean> {
  return Object.fromEntries((result.statusResult?.results ?? []).map((r) => [r.credentialStatus.statusPurpose, r.status]));
}
