import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { Award } from '@certs/shared/award/award.contract';
import { AWARD_MIGRATION_COLUMNS, MIGRATION_MESSAGES, MIGRATION_PATHS, type MigrationImport, type MigrationUploadResponse } from '@certs/shared/migration/migration.contract';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { awards } from '../../db/schema/award';
import { migrationImports } from '../../db/schema/migration';
import { users } from '../../db/schema/user';
import { LocalStorage } from '../../platform/storage/local-storage';
import { IMPORT_KINDS } from './kinds';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

/**
 * Issue 41 at scale: a large file goes to storage through the presigned upload and the import names
 * it by its key (the job streams it from there), and the awards file's renewal history.
 */
let t: TestApp;
let storage: LocalStorage;
/** Three rows a chunk, so a few rows span several chunks of the streamed run. */
let service: MigrationService;
const jwt: Record<string, string> = {};
const run = randomBytes(3).toString('hex').toUpperCase();
let program: { id: string; programCode: string };

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.${run.toLowerCase()}@example.test`;
const number = (n: string) => `U${run}-${n}`;

type Cells = Partial<Record<(typeof AWARD_MIGRATION_COLUMNS)[number], string>>;
const awardLine = (cells: Cells) => {
  const values: Cells = { firstName: 'Uri', lastName: `Upload${run}`, programCode: program.programCode, awardedOn: '2018-03-07', expiresOn: '2099-03-07', status: 'Current', ...cells };
  return AWARD_MIGRATION_COLUMNS.map((column) => values[column] ?? '').join(',');
};
const awardsCsv = (lines: string[]) => [AWARD_MIGRATION_COLUMNS.join(','), ...lines].join('\n');

/** The browser's side: an upload URL, then the file PUT to it (local storage answers it in the app). */
async function upload(csv: string, who = 'admin'): Promise<string> {
  const presigned = await post(MIGRATION_PATHS.upload, { fileName: 'awards.csv', size: Buffer.byteLength(csv) }, who);
  expect(presigned.statusCode).toBe(200);
  const { url, headers, fileKey } = presigned.json<MigrationUploadResponse>();
  const put = await t.app.inject({ method: 'PUT', url, headers, payload: csv });
  expect(put.statusCode).toBeLessThan(300);
  return fileKey;
}

async function importByKey(fileKey: string, options: { dryRun?: boolean } = {}): Promise<MigrationImport> {
  const started = await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', fileKey, dryRun: options.dryRun ?? false }, 'admin');
  expect(started.statusCode).toBe(202);
  await service.runPending();
  return (await get(MIGRATION_PATHS.one(started.json<{ id: string }>().id), 'admin')).json<MigrationImport>();
}

async function importInline(csvContent: string): Promise<MigrationImport> {
  const started = await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', csvContent, dryRun: false }, 'admin');
  expect(started.statusCode).toBe(202);
  await service.runPending();
  return (await get(MIGRATION_PATHS.one(started.json<{ id: string }>().id), 'admin')).json<MigrationImport>();
}

async function historyOf(certificateNumber: string) {
  const [award] = await t.database.db.select({ id: awards.id }).from(awards).where(eq(awards.certificateNumber, certificateNumber));
  // What staff see on the award (the super user may read every program's).
  const response = await get(`/api/award/${award!.id}`, 'superUser');
  expect(response.statusCode).toBe(200);
  return response.json<Award>().history.map((entry) => ({ action: entry.action, day: entry.createdOn.slice(0, 10), reason: entry.reason }));
}

beforeAll(async () => {
  storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), 'certs-migration-files-')), TEST_JWT_SECRET);
  t = await buildTestApp({}, undefined, undefined, storage);
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), { storage }, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 3 });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const other = await createAccount(db, { name: `Upload other body ${run}` });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  program = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programCode: `UPLC-${run}`, programTitle: 'Welding Supervisor' });
  for (const [name, user] of Object.entries({ admin, applicant, otherAdmin, superUser })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a large file uploaded first and named by its key', () => {
  it('is streamed from storage and imported like one sent inline; the key is the account’s and used once', async () => {
    const lines = ['0001', '0002', '0003', '0004', '0005', '0006', '0007'].map((n, i) => awardLine({ email: email(`up${i % 3}`), firstName: `U${i % 3}`, certificateNumber: number(n) }));
    lines.push(awardLine({ email: email('up-bad'), certificateNumber: number('0008'), awardedOn: '2018-02-30' }));
    const csv = awardsCsv(lines);

    // Another account's administrator cannot start an import from this account's upload, and an applicant gets no upload URL.
    const key = await upload(csv);
    const stolen = await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', fileKey: key, dryRun: false }, 'otherAdmin');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.uploadNotFound);
    expect((await post(MIGRATION_PATHS.upload, { fileName: 'a.csv', size: 10 }, 'applicant')).statusCode).toBe(403);
    // Both the file and its key, or neither, are refused.
    expect((await post(MIGRATION_PATHS.start('awards'), { fileName: 'a.csv', fileKey: key, csvContent: csv }, 'admin')).statusCode).toBe(400);

    const dry = await importByKey(key, { dryRun: true });
    expect(dry).toMatchObject({ status: 'Finished', dryRun: true, totalRows: 8, processedRows: 8, created: 7, refused: 1 });
    expect(dry.refusedRows).toEqual([{ rowNumber: 9, column: 'awardedOn', message: MIGRATION_MESSAGES.invalidDate('awardedOn') }]);
    expect(await t.database.db.select().from(awards).where(inArray(awards.certificateNumber, [number('0001')]))).toHaveLength(0);
    // The upload was moved out of its URL's reach when the import took it: the same key again is unknown.
    expect((await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', fileKey: key, dryRun: false }, 'admin')).statusCode).toBe(404);

    // Applied by a worker that dies after its first chunk; the next pass resumes from the stored file.
    const appliedKey = await upload(csv);
    const started = await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', fileKey: appliedKey, dryRun: false }, 'admin');
    const { id } = started.json<{ id: string }>();
    expect((await new MigrationRepository(t.database.db).claimNext())?.id).toBe(id);
    await service.runClaimed(id, { stopAfterChunks: 1 });
    expect((await get(MIGRATION_PATHS.one(id), 'admin')).json<MigrationImport>()).toMatchObject({ status: 'Running', processedRows: 3, created: 3 });
    await t.database.db.update(migrationImports).set({ modifiedOn: sql`now() - interval '10 minutes'` }).where(eq(migrationImports.id, id));
    expect(await service.runPending()).toBe(1);
    const applied = (await get(MIGRATION_PATHS.one(id), 'admin')).json<MigrationImport>();
    expect(applied).toMatchObject({ status: 'Finished', totalRows: 8, processedRows: 8, created: 7, updated: 0, unchanged: 0, refused: 1 });
    // Once finished, the file (people's details) is no longer kept.
    expect(await storage.sizeOf(appliedKey.replace(/^uploads\//, ''))).toBeNull();
    const made = await t.database.db.select().from(awards).where(inArray(awards.certificateNumber, lines.slice(0, 7).map((_line, i) => number(`000${i + 1}`))));
    expect(made).toHaveLength(7);
    // Three holders, each made once however many chunks name them.
    expect(new Set(made.map((award) => award.applicantId)).size).toBe(3);

    // The same file again, this time inline: every row unchanged.
    const again = await importInline(csv);
    expect(again).toMatchObject({ status: 'Finished', created: 0, updated: 0, unchanged: 7, refused: 1 });

    // Undo (a chunk of awards at a time): the awards and the three holders the import created are gone.
    expect((await post(MIGRATION_PATHS.undo(again.id), {}, 'admin')).statusCode).toBe(200);
    const undone = await post(MIGRATION_PATHS.undo(id), {}, 'admin');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<MigrationImport>().status).toBe('Undone');
    expect(await t.database.db.select().from(awards).where(inArray(awards.id, made.map((award) => award.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(inArray(users.email, [email('up0'), email('up1'), email('up2')]))).toHaveLength(0);
  });

  it('refuses an uploaded file whose header is not the template’s, with the reason, and queues nothing', async () => {
    const key = await upload('email,firstName,favouriteColour\na@example.test,A,Blue\n');
    const started = await post(MIGRATION_PATHS.start('awards'), { fileName: 'awards.csv', fileKey: key, dryRun: false }, 'admin');
    expect(started.statusCode).toBe(400);
    expect(started.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.missingColumns(['lastName', 'programCode', 'certificateNumber', 'awardedOn', 'status']));
  });
});

describe('a kind with only the first interface (check and apply)', () => {
  it('still reads its file whole, applies row by row and resumes', async () => {
    const streamed = IMPORT_KINDS.awards;
    // The awards kind as a kind written before checkRow, acrossRows and applyChunk were offered.
    IMPORT_KINDS.awards = { ...streamed, checkRow: undefined, acrossRows: undefined, applyChunk: undefined };
    try {
      const lines = ['P001', 'P002', 'P003', 'P004'].map((n, i) => awardLine({ email: email(`plain${i % 2}`), firstName: `P${i % 2}`, certificateNumber: number(n) }));
      lines.push(awardLine({ email: email('plain0'), firstName: 'Other', certificateNumber: number('P005') }));
      const started = await post(MIGRATION_PATHS.start('awards'), { fileName: 'plain.csv', fileKey: await upload(awardsCsv(lines)), dryRun: false }, 'admin');
      const { id } = started.json<{ id: string }>();
      expect((await new MigrationRepository(t.database.db).claimNext())?.id).toBe(id);
      await service.runClaimed(id, { stopAfterChunks: 1 });
      await t.database.db.update(migrationImports).set({ modifiedOn: sql`now() - interval '10 minutes'` }).where(eq(migrationImports.id, id));
      expect(await service.runPending()).toBe(1);
      const found = (await get(MIGRATION_PATHS.one(id), 'admin')).json<MigrationImport>();
      expect(found).toMatchObject({ status: 'Finished', totalRows: 5, processedRows: 5, created: 4, refused: 1 });
      expect(found.refusedRows).toEqual([{ rowNumber: 6, column: 'firstName', message: MIGRATION_MESSAGES.namesDifferInFile(2) }]);
      expect(await t.database.db.select().from(awards).where(inArray(awards.certificateNumber, ['P001', 'P002', 'P003', 'P004'].map(number)))).toHaveLength(4);
    } finally {
      IMPORT_KINDS.awards = streamed;
    }
  });
});

describe('renewal history', () => {
  it('records each renewal on the award’s history dated its day; the same file again is unchanged, a corrected one updates, undo puts them back', async () => {
    const renewed = number('R001');
    const first = await importInline(awardsCsv([awardLine({ email: email('renewed'), certificateNumber: renewed, renewals: '07-Mar-2024;2021-03-07' })]));
    expect(first).toMatchObject({ status: 'Finished', created: 1, refused: 0 });
    expect(await historyOf(renewed)).toEqual([
      { action: 'renewed', day: '2021-03-07', reason: expect.stringContaining('previous system') },
      { action: 'renewed', day: '2024-03-07', reason: expect.stringContaining('previous system') },
      expect.objectContaining({ action: 'imported' }),
    ]);

    expect(await importInline(awardsCsv([awardLine({ email: email('renewed'), certificateNumber: renewed, renewals: '2021-03-07;2024-03-07' })]))).toMatchObject({ unchanged: 1, updated: 0 });

    const corrected = await importInline(awardsCsv([awardLine({ email: email('renewed'), certificateNumber: renewed, renewals: '2021-03-07' })]));
    expect(corrected).toMatchObject({ unchanged: 0, updated: 1 });
    expect((await historyOf(renewed)).filter((entry) => entry.action === 'renewed').map((entry) => entry.day)).toEqual(['2021-03-07']);

    expect((await post(MIGRATION_PATHS.undo(corrected.id), {}, 'admin')).statusCode).toBe(200);
    expect((await historyOf(renewed)).filter((entry) => entry.action === 'renewed').map((entry) => entry.day)).toEqual(['2021-03-07', '2024-03-07']);
  });

  it('refuses a malformed renewal with its row and column, and writes nothing of that row', async () => {
    const line = (n: string, renewals: string) => awardLine({ email: email(`bad-renewal-${n}`), certificateNumber: number(`B${n}`), renewals });
    const found = await importInline(awardsCsv([line('1', '"2021-03-07,2024-03-07"'), line('2', '2017-01-01'), line('3', '2099-01-01'), line('4', '2021-03-07;07-Mar-2021'), line('5', '2021-02-30')]));
    expect(found).toMatchObject({ status: 'Finished', created: 0, refused: 5 });
    expect(found.refusedRows).toEqual([
      { rowNumber: 2, column: 'renewals', message: MIGRATION_MESSAGES.invalidRenewal('2021-03-07,2024-03-07') },
      { rowNumber: 3, column: 'renewals', message: MIGRATION_MESSAGES.renewalNotAfterAward('2017-01-01') },
      { rowNumber: 4, column: 'renewals', message: MIGRATION_MESSAGES.renewalInFuture('2099-01-01') },
      { rowNumber: 5, column: 'renewals', message: MIGRATION_MESSAGES.renewalTwice('07-Mar-2021') },
      { rowNumber: 6, column: 'renewals', message: MIGRATION_MESSAGES.invalidRenewal('2021-02-30') },
    ]);
    expect(await t.database.db.select().from(awards).where(inArray(awards.certificateNumber, ['1', '2', '3', '4', '5'].map((n) => number(`B${n}`))))).toHaveLength(0);
  });
});
