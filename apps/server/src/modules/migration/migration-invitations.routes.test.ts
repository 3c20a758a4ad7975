import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { INVITATION_MESSAGES, type InvitationBatchResult, type InvitationPreview } from '@certs/shared/migration/migration-invitations.contract';
import { AWARD_MIGRATION_COLUMNS, MIGRATION_MESSAGES, type MigrationImport } from '@certs/shared/migration/migration.contract';
import type { AwardPage } from '@certs/shared/award/award.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { APPLICANT_LOGIN, bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { mails } from '../../db/schema/mail';
import { migrationInvitations } from '../../db/schema/migration-invitation';
import { userTokens, users } from '../../db/schema/user';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';
import { PERSONAL_LINK_PLACEHOLDER } from './migration-invitations';

let t: TestApp;
let service: MigrationService;
const jwt: Record<string, string> = {};
/** One run's marker: emails, program codes and certificate numbers stay unique on a shared test database. */
const run = randomBytes(3).toString('hex').toUpperCase();
let programCode: string;
let adminId: string;
let account: { name: string; senderName: string };

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.inv${run.toLowerCase()}@example.test`;
const invitations = (id: string) => `/api/migration/${id}/invitations`;
const preview = async (id: string) => {
  const response = await get(invitations(id), 'admin');
  expect(response.statusCode).toBe(200);
  return response.json<InvitationPreview>();
};
const send = (id: string, body: object, who = 'admin') => post(invitations(id), body, who);

let certificateCounter = 0;
/** An awards file: one award per person given, as [name, email]; the same email twice is one person. */
function awardsCsv(people: [string, string][]): string {
  const lines = people.map(([firstName, address]) => {
    const cells: Record<string, string> = { email: address, firstName, lastName: `Invitee${run}`, programCode, certificateNumber: `INV${run}-${++certificateCounter}`, awardedOn: '2020-05-04', expiresOn: '2099-05-04', status: 'Current' };
    return AWARD_MIGRATION_COLUMNS.map((column) => cells[column] ?? '').join(',');
  });
  return [AWARD_MIGRATION_COLUMNS.join(','), ...lines].join('\n');
}

async function importFile(people: [string, string][], dryRun = false): Promise<MigrationImport> {
  const started = await post('/api/migration/awards', { fileName: 'holders.csv', csvContent: awardsCsv(people), dryRun }, 'admin');
  expect(started.statusCode).toBe(202);
  await service.runPending();
  const found = (await get(`/api/migration/${started.json<{ id: string }>().id}`, 'admin')).json<MigrationImport>();
  expect(found.status).toBe('Finished');
  return found;
}

/** The mails to these addresses, oldest first. */
async function mailsTo(addresses: string[]) {
  return t.database.db.select().from(mails).where(inArray(mails.toEmail, addresses)).orderBy(asc(mails.createdOn));
}

const tokenOf = (link: string) => link.split('/reset-password/')[1]!.replace(/\?invited=1$/, '');

/** The person chooses a password through the link, as the reset page does; then signs in as an applicant. */
async function choosePassword(link: string, password: string): Promise<void> {
  const token = tokenOf(link);
  const owner = await t.app.inject({ method: 'GET', url: `/unauth/resetpassword/user/${token}` });
  expect(owner.statusCode).toBe(200);
  const reset = await t.app.inject({ method: 'POST', url: `/unauth/${owner.json<{ id: string }>().id}/resetpassword`, payload: { token, email: '', password } });
  expect(reset.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://certs.example.test' });
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), {}, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined } });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator });
  adminId = admin.id;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const contributor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Utilities'] });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  const other = await createAccount(db, { name: `Other body ${run}` });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  programCode = (await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programCode: `INVC-${run}`, programTitle: 'Welding Supervisor' })).programCode;
  [account] = await db.select({ name: accounts.name, senderName: accounts.mailSenderName }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID)) as [{ name: string; senderName: string }];
  for (const [name, user] of Object.entries({ admin, superUser, contributor, applicant, otherAdmin })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('invitations to the people an import created', () => {
  it('previews the next people and the exact mail; batches continue where the last stopped and mail nobody twice', async () => {
    const db = t.database.db;
    const addresses = [email('ann'), email('bo'), email('cy')];
    const found = await importFile([
      ['Ann', addresses[0]!],
      ['Ann', addresses[0]!],
      ['Bo', addresses[1]!],
      ['Cy', addresses[2]!],
    ]);

    const before = await preview(found.id);
    // Ann holds two awards and is one person; nobody has been mailed by the import.
    expect(before).toMatchObject({ importId: found.id, people: 3, waiting: 3, invited: 0, expired: 0, activated: 0, linkDays: 7, lastInvitedOn: null });
    expect(before.next).toEqual([
      { firstName: 'Ann', lastName: `Invitee${run}`, email: addresses[0] },
      { firstName: 'Bo', lastName: `Invitee${run}`, email: addresses[1] },
      { firstName: 'Cy', lastName: `Invitee${run}`, email: addresses[2] },
    ]);
    expect(before.mail).toMatchObject({ fromName: account.senderName, subject: `${account.name}: your account is ready, choose your password` });
    expect(before.mail!.text).toContain('Hello Ann,');
    expect(before.mail!.text).toContain(`Choose your password: https://certs.example.test/reset-password/${PERSONAL_LINK_PLACEHOLDER}`);
    expect(await mailsTo(addresses)).toEqual([]);

    const first = await send(found.id, { batchSize: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json<InvitationBatchResult>()).toMatchObject({ sent: 2, preview: { people: 3, waiting: 1, invited: 2, expired: 0, activated: 0, next: [{ email: addresses[2] }] } });
    expect(first.json<InvitationBatchResult>().preview.lastInvitedOn).not.toBeNull();
    const firstMails = await mailsTo(addresses);
    expect(firstMails.map((mail) => mail.toEmail).sort()).toEqual([addresses[0], addresses[1]].sort());
    // The mail as previewed, the personal link in the placeholder's place, sent as the awarding body.
    const annMail = firstMails.find((mail) => mail.toEmail === addresses[0])!;
    const link = annMail.links[0]!.url;
    expect(annMail).toMatchObject({ subject: before.mail!.subject, fromName: account.senderName, accountId: FIRST_ACCOUNT_ID });
    expect(annMail.text).toBe(before.mail!.text.replace(PERSONAL_LINK_PLACEHOLDER, tokenOf(link)));
    // Each invitation is recorded: who sent it, to whom, which mail, until when the link lasts.
    const recorded = await db.select().from(migrationInvitations).where(eq(migrationInvitations.importId, found.id));
    expect(recorded).toHaveLength(2);
    expect(recorded.every((row) => row.createdBy === adminId && row.expiresOn.getTime() > Date.now() + 6 * 86_400_000)).toBe(true);
    expect(recorded.map((row) => row.mailId).sort()).toEqual(firstMails.map((mail) => mail.id).sort());

    // The next batch takes up where the first stopped: only Cy.
    const second = await send(found.id, { batchSize: 2 });
    expect(second.json<InvitationBatchResult>()).toMatchObject({ sent: 1, preview: { waiting: 0, invited: 3, next: [] } });
    expect((await mailsTo(addresses)).map((mail) => mail.toEmail).sort()).toEqual([...addresses].sort());
    // Everyone has been invited: another batch mails nobody and says why.
    const third = await send(found.id, { batchSize: 100 });
    expect(third.statusCode).toBe(409);
    expect(third.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.nobodyToInvite);
    expect(await mailsTo(addresses)).toHaveLength(3);

    // Ann chooses her password through the link, is activated and signs in to her imported awards.
    await choosePassword(link, 'Imported-holder-2026!');
    const [ann] = await db.select().from(users).where(eq(users.email, addresses[0]!));
    expect(ann!.activatedOn).not.toBeNull();
    const signedIn = await t.app.inject({ method: 'POST', url: APPLICANT_LOGIN, payload: { identifier: addresses[0], password: 'Imported-holder-2026!' } });
    expect(signedIn.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/applicant/awards', headers: bearer(signedIn.json<{ jwt: string }>().jwt) });
    expect(mine.json<AwardPage>().rows.map((row) => row.certificateNumber).sort()).toEqual([`INV${run}-1`, `INV${run}-2`]);
    expect((await preview(found.id)).activated).toBe(1);

    // An import whose people were invited is not undone: they hold a link already.
    const undo = await post(`/api/migration/${found.id}/undo`, {}, 'admin');
    expect(undo.statusCode).toBe(409);
    expect(undo.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.invitedNoUndo);
  });

  it('invites again only those whose link expired unused; people who signed in are skipped', async () => {
    const db = t.database.db;
    const addresses = [email('dee'), email('eve'), email('fay')];
    const found = await importFile([
      ['Dee', addresses[0]!],
      ['Eve', addresses[1]!],
      ['Fay', addresses[2]!],
    ]);
    // Dee chose a password through Forgot password before any invitation: she is skipped.
    expect((await t.app.inject({ method: 'POST', url: '/unauth/forgotpassword', payload: { email: addresses[0], userType: 'applicant' } })).statusCode).toBe(202);
    const [reset] = await mailsTo([addresses[0]!]);
    await choosePassword(reset!.links[0]!.url, 'Dee-chose-her-own-1');
    expect(await preview(found.id)).toMatchObject({ people: 3, waiting: 2, activated: 1, next: [{ email: addresses[1] }, { email: addresses[2] }] });

    expect((await send(found.id, { batchSize: 1000 })).json<InvitationBatchResult>()).toMatchObject({ sent: 2, preview: { waiting: 0, invited: 2, activated: 1 } });
    expect(await mailsTo([addresses[0]!])).toHaveLength(1);
    // Nobody's link has expired yet: there is nobody to invite again.
    const early = await send(found.id, { batchSize: 10, reinviteExpired: true });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.nobodyExpired);

    // Eve's week passes unused.
    const [eve] = await db.select().from(users).where(eq(users.email, addresses[1]!));
    await db.update(migrationInvitations).set({ expiresOn: sql`now() - interval '1 day'` }).where(eq(migrationInvitations.userId, eve!.id));
    await db.update(userTokens).set({ expiresOn: sql`now() - interval '1 day'` }).where(and(eq(userTokens.userId, eve!.id), eq(userTokens.purpose, 'reset')));
    expect(await preview(found.id)).toMatchObject({ waiting: 0, invited: 1, expired: 1, activated: 1 });
    const oldLink = (await mailsTo([addresses[1]!]))[0]!.links[0]!.url;
    expect((await t.app.inject({ method: 'GET', url: `/unauth/resetpassword/${tokenOf(oldLink)}` })).json()).toMatchObject({ isValid: false });

    const again = await send(found.id, { batchSize: 10, reinviteExpired: true });
    expect(again.json<InvitationBatchResult>()).toMatchObject({ sent: 1, preview: { waiting: 0, invited: 2, expired: 0, activated: 1 } });
    const eveMails = await mailsTo([addresses[1]!]);
    expect(eveMails).toHaveLength(2);
    expect((await mailsTo([addresses[2]!])).length).toBe(1);
    const newLink = eveMails[1]!.links[0]!.url;
    expect((await t.app.inject({ method: 'GET', url: `/unauth/resetpassword/${tokenOf(newLink)}` })).json()).toMatchObject({ isValid: true });
    expect(await db.select().from(migrationInvitations).where(eq(migrationInvitations.userId, eve!.id))).toHaveLength(2);
  });

  it('refuses applicants and staff below Account Administrator (403), another account (404), a dry run or an undone import (409), and a batch out of bounds (400)', async () => {
    const found = await importFile([['Gus', email('gus')]]);
    for (const who of ['applicant', 'contributor']) {
      expect((await get(invitations(found.id), who)).statusCode).toBe(403);
      expect((await send(found.id, { batchSize: 10 }, who)).statusCode).toBe(403);
    }
    for (const response of [await get(invitations(found.id), 'otherAdmin'), await send(found.id, { batchSize: 10 }, 'otherAdmin')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.notFound);
    }
    // The super user, in their current account (the first), may.
    expect((await get(invitations(found.id), 'superUser')).json<InvitationPreview>()).toMatchObject({ people: 1, waiting: 1 });
    for (const batchSize of [0, 1001, 2.5]) {
      const response = await send(found.id, { batchSize });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(INVITATION_MESSAGES.batchSize);
    }
    expect(await mailsTo([email('gus')])).toEqual([]);

    const dry = await importFile([['Hal', email('hal')]], true);
    for (const response of [await get(invitations(dry.id), 'admin'), await send(dry.id, { batchSize: 10 })]) {
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.dryRun);
    }
    expect((await post(`/api/migration/${found.id}/undo`, {}, 'admin')).statusCode).toBe(200);
    for (const response of [await get(invitations(found.id), 'admin'), await send(found.id, { batchSize: 10 })]) {
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.undone);
    }
    expect(await mailsTo([email('gus'), email('hal')])).toEqual([]);
  });
});
