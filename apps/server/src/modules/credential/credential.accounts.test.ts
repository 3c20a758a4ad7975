import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { verifyCredential, type DocumentLoader } from '@digitalbazaar/vc';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { CREDENTIAL_MESSAGES, CREDENTIAL_PATHS, credentialPathsOf, type CredentialStatusPurpose } from '@certs/shared/credential/credential.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { credentialIssuers } from '../../db/schema/credential';
import { personalDataAccessLog } from '../../db/schema/privacy';
import { SecretBox } from '../../platform/secret-box';
import { CredentialIssuer, issuerDidOf } from './credential-issuer';
import { platformDocumentLoader, statusBitsOf, verifyWith } from './credential-test-verifier';
import { insertAward } from './credential-test-awards';

const PUBLIC_URL = 'http://localhost:3000';
/** The first account's configured key: it must stay the key of the first account's DID. */
const FIRST_ACCOUNT_SEED = Buffer.alloc(32, 0x5a);
const FIRST_DID = 'did:web:localhost%3A3000:unauth:credentials:issuer';
const NZ_DID = 'did:web:localhost%3A3000:unauth:credentials:wcnz:issuer';

let t: TestApp;
let nz: { id: string; name: string; shortName: string };
let nzEmail: string;
let holder: CreatedUser;
let holderJwt: string;
let auManagerJwt: string;
let auAdministratorJwt: string;
let auAdministrator: CreatedUser;
let nzManagerJwt: string;
let auProgramId: string;
let nzProgramId: string;
let loader: DocumentLoader;

type Signed = Record<string, unknown> & { issuer: Record<string, unknown>; proof: Record<string, string>; credentialStatus: Record<string, string>[]; validFrom: string };

const get = (url: string, jwt?: string) => t.app.inject({ method: 'GET', url, headers: jwt ? bearer(jwt) : {} });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function download(awardId: string, jwt = holderJwt): Promise<Signed> {
  const response = await get(`/api/award/${awardId}/credential`, jwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Signed>();
}

/** The program manager's award action, as on the staff screens of the award's own account. */
async function act(applicationId: string, action: 'hold' | 'release', managerJwt: string): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: `/api/certificationapplication/${applicationId}/award/${action}`, headers: bearer(managerJwt), payload: { reason: `Checked: ${action}` } });
  expect(response.statusCode, response.body).toBe(200);
}

async function publicKeyAt(didDocumentPath: string): Promise<string> {
  const response = await get(didDocumentPath);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ verificationMethod: { publicKeyMultibase: string }[] }>().verificationMethod[0]!.publicKeyMultibase;
}

/** The bit at `index` of a body's published status list, after checking the list is signed by that body. */
async function listBit(paths: { statusList: (purpose: CredentialStatusPurpose) => string }, purpose: CredentialStatusPurpose, index: number, issuerDid: string): Promise<boolean> {
  const response = await get(paths.statusList(purpose));
  expect(response.statusCode, response.body).toBe(200);
  const list = response.json();
  expect(list.issuer).toBe(issuerDid);
  expect(list.id).toBe(`${PUBLIC_URL}${paths.statusList(purpose)}`);
  expect((await verifyCredential({ credential: list, suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }), documentLoader: loader })).verified).toBe(true);
  return (await decodeList({ encodedList: list.credentialSubject.encodedList })).getStatus(index);
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, CREDENTIAL_SIGNING_KEY: FIRST_ACCOUNT_SEED.toString('base64') });
  const db = t.database.db;
  nz = await createAccount(db, { name: 'Welding Certification New Zealand', shortName: 'wcnz' });
  const [nzRow] = await db.select({ contactEmail: accounts.contactEmail }).from(accounts).where(eq(accounts.id, nz.id));
  nzEmail = nzRow!.contactEmail;
  const auManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const nzManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], accountId: nz.id });
  auAdministrator = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  auProgramId = (await createProgram(db, { programManagerId: auManager.id, status: 2, programType: 2, programTitle: 'Certified Welding Supervisor' })).id;
  nzProgramId = (await createProgram(db, { programManagerId: nzManager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor (NZ)', accountId: nz.id })).id;
  holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Aroha', lastName: 'Holder' });
  const signedIn = async (user: CreatedUser) => (await signIn(t.app, user)).jwt;
  [holderJwt, auManagerJwt, nzManagerJwt, auAdministratorJwt] = await Promise.all([signedIn(holder), signedIn(auManager), signedIn(nzManager), signedIn(auAdministrator)]);
  loader = platformDocumentLoader(t.app, PUBLIC_URL);
});
afterAll(async () => {
  await t?.close();
});

describe("an account's credentials", () => {
  let nzAward: Awaited<ReturnType<typeof insertAward>>;
  let auAward: Awaited<ReturnType<typeof insertAward>>;
  let nzCredential: Signed;
  let auCredential: Signed;

  beforeAll(async () => {
    nzAward = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId: nzProgramId, programType: 2, awardedOn: day(-2), expiresOn: day(3 * 365) });
    auAward = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId: auProgramId, programType: 2, awardedOn: day(-2), expiresOn: day(3 * 365) });
    nzCredential = await download(nzAward.id);
    auCredential = await download(auAward.id);
  });

  it("names the New Zealand body as issuer, under its own DID and status lists, in its own days, and verifies", async () => {
    expect(nzCredential.issuer).toEqual({ id: NZ_DID, type: ['Profile'], name: 'Welding Certification New Zealand', url: `${PUBLIC_URL}/personnel-search?body=wcnz`, email: nzEmail });
    expect(nzCredential.proof.verificationMethod).toMatch(new RegExp(`^${NZ_DID}#z6Mk`));
    expect(nzCredential.credentialStatus.map((entry) => entry.statusListCredential)).toEqual([
      `${PUBLIC_URL}/unauth/credentials/wcnz/status/suspension`,
      `${PUBLIC_URL}/unauth/credentials/wcnz/status/revocation`,
    ]);
    // Auckland's day: +12:00 or +13:00, where the first account's is Sydney's.
    expect(nzCredential.validFrom).toMatch(new RegExp(`^${day(-2)}T00:00:00\\+1[23]:00$`));
    const result = await verifyWith(nzCredential, loader);
    expect(result.error).toBeUndefined();
    expect(result.verified).toBe(true);
    expect(statusBitsOf(result)).toEqual({ suspension: false, revocation: false });
  });

  it("keeps the first account's DID, key, paths and issuer as before accounts", async () => {
    expect(auCredential.issuer).toMatchObject({ id: FIRST_DID, url: PUBLIC_URL });
    expect(auCredential.credentialStatus.map((entry) => entry.statusListCredential)).toEqual([
      `${PUBLIC_URL}/unauth/credentials/status/suspension`,
      `${PUBLIC_URL}/unauth/credentials/status/revocation`,
    ]);
    const configured = await new CredentialIssuer(issuerDidOf(PUBLIC_URL), new Uint8Array(FIRST_ACCOUNT_SEED)).didDocument();
    expect((await get(CREDENTIAL_PATHS.issuerDidDocument)).json()).toEqual(configured);
    expect((await get(CREDENTIAL_PATHS.issuer)).json()).toEqual(configured);
    expect((await verifyWith(auCredential, loader)).verified).toBe(true);
  });

  it('verifies against its own body\'s key and not against the other body\'s', async () => {
    const nzKey = await publicKeyAt(credentialPathsOf('wcnz').issuerDidDocument);
    const auKey = await publicKeyAt(CREDENTIAL_PATHS.issuerDidDocument);
    expect(nzKey).not.toBe(auKey);
    // The same credentials, checked as if each body's DID published the other body's public key.
    const swapped = platformDocumentLoader(t.app, PUBLIC_URL, (method) => (method.publicKeyMultibase === nzKey ? auKey : nzKey));
    for (const credential of [nzCredential, auCredential]) {
      const result = await verifyWith(credential, swapped);
      expect(result.verified).toBe(false);
      // The proof itself fails, not the status check.
      expect(result.results?.map((proof) => [proof.verified, proof.error?.message])).toEqual([[false, 'Invalid signature.']]);
    }
    expect((await verifyWith(nzCredential, loader)).verified).toBe(true);
    // Naming the other body as issuer breaks the signature too.
    expect((await verifyWith({ ...nzCredential, issuer: auCredential.issuer }, loader)).verified).toBe(false);
  });

  it("is suspended in its own body's list only: holding the NZ award sets its bit in the NZ suspension list, not in the first account's", async () => {
    await act(nzAward.applicationId, 'hold', nzManagerJwt);
    const nzPaths = credentialPathsOf('wcnz');
    expect(await listBit(nzPaths, 'suspension', nzAward.statusListIndex, NZ_DID)).toBe(true);
    expect(await listBit(nzPaths, 'revocation', nzAward.statusListIndex, NZ_DID)).toBe(false);
    expect(await listBit(CREDENTIAL_PATHS, 'suspension', nzAward.statusListIndex, FIRST_DID)).toBe(false);
    expect(statusBitsOf(await verifyWith(nzCredential, loader))).toEqual({ suspension: true, revocation: false });
    expect(statusBitsOf(await verifyWith(auCredential, loader))).toEqual({ suspension: false, revocation: false });

    // And the other way round: the first account's hold stays out of the NZ list.
    await act(auAward.applicationId, 'hold', auManagerJwt);
    expect(await listBit(CREDENTIAL_PATHS, 'suspension', auAward.statusListIndex, FIRST_DID)).toBe(true);
    expect(await listBit(nzPaths, 'suspension', auAward.statusListIndex, NZ_DID)).toBe(false);

    await act(nzAward.applicationId, 'release', nzManagerJwt);
    await act(auAward.applicationId, 'release', auManagerJwt);
    expect(statusBitsOf(await verifyWith(nzCredential, loader))).toEqual({ suspension: false, revocation: false });
  });

  it('keeps the key sealed under the first account\'s key, and the DID when the short name changes', async () => {
    const [row] = await t.database.db.select().from(credentialIssuers).where(eq(credentialIssuers.accountId, nz.id));
    expect(row).toMatchObject({ pathName: 'wcnz', signingKeySealed: expect.stringMatching(/^v1\./) });
    const box = new SecretBox(FIRST_ACCOUNT_SEED.toString('base64url'), 'certs-credentials', 'account-credential-signing-keys');
    const seed = box.open(row!.signingKeySealed);
    expect(seed).not.toBeNull();
    const opened = await new CredentialIssuer(NZ_DID, new Uint8Array(Buffer.from(seed!, 'base64url'))).didDocument();
    expect((await get(credentialPathsOf('wcnz').issuerDidDocument)).json()).toEqual(opened);

    await t.database.db.update(accounts).set({ shortName: 'wcnz-renamed' }).where(eq(accounts.id, nz.id));
    try {
      const later = await download((await insertAward(t.database.db, { applicantId: holder.applicantId!, programId: nzProgramId, programType: 2, awardedOn: day(-1), expiresOn: day(365) })).id);
      expect(later.issuer.id).toBe(NZ_DID);
      expect((await verifyWith(later, loader)).verified).toBe(true);
      expect((await get(credentialPathsOf('wcnz-renamed').issuerDidDocument)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(accounts).set({ shortName: 'wcnz' }).where(eq(accounts.id, nz.id));
    }
  });

  it('serves the same key to a second instance on the same database', async () => {
    const second = await buildTestApp({ PUBLIC_URL, CREDENTIAL_SIGNING_KEY: FIRST_ACCOUNT_SEED.toString('base64url') }, t.database);
    try {
      for (const path of [credentialPathsOf('wcnz').issuerDidDocument, CREDENTIAL_PATHS.issuerDidDocument]) {
        expect((await second.app.inject({ method: 'GET', url: path })).json()).toEqual((await get(path)).json());
      }
    } finally {
      await second.close();
    }
  });

  it("refuses the first account's staff another account's credential as if it did not exist, and logs nothing", async () => {
    const response = await get(`/api/award/${nzAward.id}/credential`, auAdministratorJwt);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(nzAward.certificateNumber);
    expect((await get(`/api/award/${nzAward.id}/credential`, auManagerJwt)).statusCode).toBe(404);
    const logged = await t.database.db.select().from(personalDataAccessLog).where(eq(personalDataAccessLog.resource, nzAward.id));
    expect(logged).toEqual([]);
    // The NZ body's own staff may download it.
    expect((await verifyWith(await download(nzAward.id, nzManagerJwt), loader)).verified).toBe(true);
  });
});

describe('issuers that do not exist yet', () => {
  it('answers 404 for a name no issuer has, and publishes nothing for an account that has issued no credential', async () => {
    const quiet = await createAccount(t.database.db, { shortName: 'quiet-body' });
    for (const path of [credentialPathsOf('quiet-body').issuerDidDocument, credentialPathsOf('quiet-body').issuer, credentialPathsOf('quiet-body').statusList('suspension'), credentialPathsOf('nobody').statusList('revocation')]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe(CREDENTIAL_MESSAGES.issuerNotFound);
    }
    expect((await get('/unauth/credentials/wcnz/status/expiry')).statusCode).toBe(400);
    // Asking made no key.
    expect(await t.database.db.select().from(credentialIssuers).where(eq(credentialIssuers.accountId, quiet.id))).toEqual([]);
  });

  it('makes one key for a new account even when its first credentials are downloaded at once', async () => {
    const fiji = await createAccount(t.database.db, { shortName: 'status' });
    const manager = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'], accountId: fiji.id });
    const program = await createProgram(t.database.db, { programManagerId: manager.id, status: 2, programType: 1, accountId: fiji.id });
    const awards = await Promise.all([0, 1, 2].map(() => insertAward(t.database.db, { applicantId: holder.applicantId!, programId: program.id, programType: 1, awardedOn: day(-1), expiresOn: null })));
    const credentials = await Promise.all(awards.map((award) => download(award.id)));
    // "status" would collide with the first account's status list paths: the account's id names it instead.
    const did = issuerDidOf(PUBLIC_URL, credentialPathsOf(fiji.id).issuer);
    expect(new Set(credentials.map((credential) => credential.issuer.id))).toEqual(new Set([did]));
    for (const credential of credentials) expect((await verifyWith(credential, loader)).verified).toBe(true);
    expect(await t.database.db.select().from(credentialIssuers).where(eq(credentialIssuers.accountId, fiji.id))).toHaveLength(1);
    expect((await get(CREDENTIAL_PATHS.statusList('suspension'))).json().issuer).toBe(FIRST_DID);
  });

  it('stores no key for the first account: it signs with the configured one', async () => {
    const [first] = await t.database.db.select().from(credentialIssuers).where(eq(credentialIssuers.accountId, FIRST_ACCOUNT_ID));
    expect(first).toBeUndefined();
  });
});
