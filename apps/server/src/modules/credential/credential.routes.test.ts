import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { verifyCredential, type DocumentLoader, type VerifyResult } from '@digitalbazaar/vc';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { CREDENTIAL_PATHS, STATUS_LIST_MIN_BITS } from '@certs/shared/credential/credential.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { personalDataAccessLog } from '../../db/schema/privacy';
import { platformDocumentLoader, statusBitsOf, verifyWith } from './credential-test-verifier';
import { insertAward } from './credential-test-awards';

const PUBLIC_URL = 'http://localhost:3000';
const AWARDING_BODY = 'Welding Certification Board of Australia and New Zealand';

let t: TestApp;
let holder: CreatedUser;
let holderJwt: string;
let otherApplicantJwt: string;
let managerJwt: string;
let manager: CreatedUser;
let outsiderJwt: string;
let programId: string;
let programCode: string;

const get = (url: string, jwt?: string) => t.app.inject({ method: 'GET', url, headers: jwt ? bearer(jwt) : {} });

/** The program manager's award action (hold, release, cancel, withdraw) on the award's application, as on the staff screens. */
async function act(applicationId: string, action: 'hold' | 'release' | 'cancel' | 'withdraw'): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: `/api/certificationapplication/${applicationId}/award/${action}`, headers: bearer(managerJwt), payload: { reason: `Checked: ${action}` } });
  expect(response.statusCode, response.body).toBe(200);
}

/** A day relative to today (UTC), as YYYY-MM-DD. */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let documentLoader: DocumentLoader;
const verify = (credential: object): Promise<VerifyResult> => verifyWith(credential, documentLoader);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, AWARDING_BODY_NAME: AWARDING_BODY });
  documentLoader = platformDocumentLoader(t.app, PUBLIC_URL);
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Certified Welding Supervisor' });
  programId = program.id;
  programCode = program.programCode;
  holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Hannah', lastName: 'Holder' });
  [holderJwt, otherApplicantJwt, managerJwt, outsiderJwt] = await Promise.all([
    signIn(t.app, holder).then((s) => s.jwt),
    createUser(db, { role: ROLES.Applicant }).then((u) => signIn(t.app, u)).then((s) => s.jwt),
    signIn(t.app, manager).then((s) => s.jwt),
    createStaffOfAnotherProgram(db).then((u) => signIn(t.app, u)).then((s) => s.jwt),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET api/award/:id/credential', () => {
  let award: Awaited<ReturnType<typeof insertAward>>;
  let issued: Record<string, unknown> & { proof: Record<string, unknown> };
  let issuedText: string;

  beforeAll(async () => {
    award = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-2), expiresOn: day(3 * 365) });
  });

  it("answers the holder's award as a signed Open Badges 3.0 credential file that the library's verifier accepts, neither suspended nor revoked", async () => {
    const response = await get(`/api/award/${award.id}/credential`, holderJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vc');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="credential-${award.certificateNumber}.json"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    issuedText = response.body;
    issued = response.json();

    expect(issued['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(issued.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(issued.id).toBe(`${PUBLIC_URL}/verify/${award.certificateNumber}`);
    expect(issued.issuer).toEqual({ id: 'did:web:localhost%3A3000:unauth:credentials:issuer', type: ['Profile'], name: AWARDING_BODY, url: PUBLIC_URL, email: expect.any(String) });
    // Sydney days: from the start of the award day to the end of the expiry day.
    expect(issued.validFrom).toMatch(new RegExp(`^${day(-2)}T00:00:00\\+1[01]:00$`));
    expect(issued.validUntil).toMatch(new RegExp(`^${day(3 * 365)}T23:59:59\\+1[01]:00$`));
    expect(issued.credentialSubject).toEqual({
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Hannah Holder' },
        { type: 'IdentityObject', identityType: 'identifier', hashed: false, identityHash: award.certificateNumber },
      ],
      achievement: expect.objectContaining({ id: `urn:uuid:${programId}`, type: ['Achievement'], achievementType: 'Certification', humanCode: programCode, name: 'Certified Welding Supervisor' }),
    });
    expect(issued.credentialStatus).toEqual(
      ['suspension', 'revocation'].map((purpose) => ({
        id: `${PUBLIC_URL}/unauth/credentials/status/${purpose}#${award.statusListIndex}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: purpose,
        statusListIndex: String(award.statusListIndex),
        statusListCredential: `${PUBLIC_URL}/unauth/credentials/status/${purpose}`,
      })),
    );
    expect(issued.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod', verificationMethod: expect.stringMatching(/^did:web:localhost%3A3000:unauth:credentials:issuer#z6Mk/) });

    const result = await verify(issued);
    expect(result.error).toBeUndefined();
    expect(result.verified).toBe(true);
    expect(statusBitsOf(result)).toEqual({ suspension: false, revocation: false });
  });

  it('is invalid once one byte of it changes, in the claims or in the signature', async () => {
    // A letter of the holder's name, then a character of the signature.
    const nameAt = issuedText.indexOf('Hannah Holder');
    const changedName = `${issuedText.slice(0, nameAt)}J${issuedText.slice(nameAt + 1)}`;
    const proofValue = String(issued.proof.proofValue);
    const changedProof = issuedText.replace(proofValue, `${proofValue.slice(0, 10)}${proofValue[10] === 'A' ? 'B' : 'A'}${proofValue.slice(11)}`);
    for (const text of [changedName, changedProof]) {
      expect(text).not.toBe(issuedText);
      expect(text.length).toBe(issuedText.length);
      const result = await verify(JSON.parse(text));
      expect(result.verified).toBe(false);
    }
  });

  it("is suspended after the award's Hold, valid again after Release, and revoked after Cancel; a cancelled award gets no new credential", async () => {
    await act(award.applicationId, 'hold');
    const held = await verify(issued);
    expect(statusBitsOf(held)).toEqual({ suspension: true, revocation: false });

    await act(award.applicationId, 'release');
    const released = await verify(issued);
    expect(released.verified).toBe(true);
    expect(statusBitsOf(released)).toEqual({ suspension: false, revocation: false });

    await act(award.applicationId, 'cancel');
    const cancelled = await verify(issued);
    expect(statusBitsOf(cancelled)).toEqual({ suspension: false, revocation: true });
    const again = await get(`/api/award/${award.id}/credential`, holderJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This award is cancelled: its credential is revoked and is no longer issued');
  });

  it('is revoked after Withdraw; an award on hold is still issued, suspended', async () => {
    const withdrawn = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-1), expiresOn: day(365) });
    const heldAward = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-1), expiresOn: day(365) });
    const credential = (await get(`/api/award/${withdrawn.id}/credential`, holderJwt)).json();
    await act(withdrawn.applicationId, 'withdraw');
    await act(heldAward.applicationId, 'hold');
    expect(statusBitsOf(await verify(credential))).toEqual({ suspension: false, revocation: true });
    expect((await get(`/api/award/${withdrawn.id}/credential`, holderJwt)).statusCode).toBe(409);
    const held = await get(`/api/award/${heldAward.id}/credential`, holderJwt);
    expect(held.statusCode).toBe(200);
    expect(statusBitsOf(await verify(held.json()))).toEqual({ suspension: true, revocation: false });
  });

  it('says an expired award is no longer valid (its validUntil), and a Qualification has no expiry', async () => {
    const expired = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-800), expiresOn: day(-5) });
    const result = await verify((await get(`/api/award/${expired.id}/credential`, holderJwt)).json());
    expect(result.verified).toBe(false);
    expect(String(result.error?.errors?.[0]?.message ?? result.error?.message)).toMatch(/is after "validUntil"/);

    const qualificationProgram = await createProgram(t.database.db, { programManagerId: manager.id, status: 2, programType: 1 });
    const qualification = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId: qualificationProgram.id, programType: 1, awardedOn: day(-1), expiresOn: null });
    const credential = (await get(`/api/award/${qualification.id}/credential`, holderJwt)).json();
    expect(credential).not.toHaveProperty('validUntil');
    expect(credential.credentialSubject.achievement.achievementType).toBe('Certificate');
    expect((await verify(credential)).verified).toBe(true);
  });

  describe('who may download it', () => {
    let current: Awaited<ReturnType<typeof insertAward>>;
    beforeAll(async () => {
      current = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-1), expiresOn: day(365) });
    });

    it("gives the program's staff the credential and logs the read of the holder's data", async () => {
      const response = await get(`/api/award/${current.id}/credential`, managerJwt);
      expect(response.statusCode).toBe(200);
      expect((await verify(response.json())).verified).toBe(true);
      const logged = await t.database.db
        .select()
        .from(personalDataAccessLog)
        .where(and(eq(personalDataAccessLog.actorUserId, manager.id), eq(personalDataAccessLog.resource, current.id)));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ applicantId: holder.applicantId, route: 'GET /api/award/:id/credential' });
    });

    it('refuses another applicant as if the award did not exist, staff outside the program with 403, and a caller without a token with 401', async () => {
      const other = await get(`/api/award/${current.id}/credential`, otherApplicantJwt);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Award not found');
      expect(other.body).not.toContain(current.certificateNumber);
      expect((await get(`/api/award/${current.id}/credential`, outsiderJwt)).statusCode).toBe(403);
      expect((await get(`/api/award/${current.id}/credential`)).statusCode).toBe(401);
      // No staff read was logged for the refused caller.
      const logged = await t.database.db.select().from(personalDataAccessLog).where(eq(personalDataAccessLog.resource, current.id));
      expect(logged.every((row) => row.actorUserId === manager.id)).toBe(true);
    });

    it('answers 404 for an unknown award or an id that is not one', async () => {
      expect((await get('/api/award/00000000-0000-4000-8000-000000000000/credential', holderJwt)).statusCode).toBe(404);
      expect((await get('/api/award/not-an-id/credential', managerJwt)).statusCode).toBe(404);
    });
  });
});

describe('public credential documents', () => {
  it("publishes the issuer's DID document where did:web says, with one Ed25519 key for assertions, to anyone", async () => {
    const response = await get(CREDENTIAL_PATHS.issuerDidDocument);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const document = response.json();
    expect(document).toMatchObject({ id: 'did:web:localhost%3A3000:unauth:credentials:issuer', verificationMethod: [{ type: 'Multikey', controller: document.id, publicKeyMultibase: expect.stringMatching(/^z6Mk/) }] });
    expect(document.assertionMethod).toEqual([document.verificationMethod[0].id]);
    expect(document).not.toHaveProperty('verificationMethod.0.secretKeyMultibase');
    expect(JSON.stringify(document)).not.toMatch(/secret/i);
    expect((await get(CREDENTIAL_PATHS.issuer)).json()).toEqual(document);
  });

  it('publishes each status list as a signed BitstringStatusListCredential of at least 131,072 bits, briefly cacheable', async () => {
    const held = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: day(-1), expiresOn: day(365) });
    await act(held.applicationId, 'hold');
    for (const purpose of ['suspension', 'revocation'] as const) {
      const response = await get(CREDENTIAL_PATHS.statusList(purpose));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vc');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const list = response.json();
      expect(list).toMatchObject({
        id: `${PUBLIC_URL}/unauth/credentials/status/${purpose}`,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        issuer: 'did:web:localhost%3A3000:unauth:credentials:issuer',
        credentialSubject: { type: 'BitstringStatusList', statusPurpose: purpose, encodedList: expect.stringMatching(/^u/) },
      });
      expect((await verifyCredential({ credential: list, suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }), documentLoader })).verified).toBe(true);
      const bits = await decodeList({ encodedList: list.credentialSubject.encodedList });
      expect(bits.length).toBeGreaterThanOrEqual(STATUS_LIST_MIN_BITS);
      expect(bits.getStatus(held.statusListIndex)).toBe(purpose === 'suspension');
    }
  });

  it('answers 400 for a status list that does not exist', async () => {
    expect((await get('/unauth/credentials/status/expiry')).statusCode).toBe(400);
  });
});
