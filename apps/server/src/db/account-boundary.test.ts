import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/build-test-app';
import { createAccount } from '../../test/factories/account.factory';
import { createApplicationWithModules } from '../../test/factories/application-module.factory';
import { createProgram } from '../../test/factories/program.factory';
import { createUser } from '../../test/factories/user.factory';
import { bearer, signIn } from '../../test/sign-in';
import { ProgramRepository } from '../modules/program/program.repository';
import { bindRequestToAccount, runRequestUnbound, runUnbound } from './account-boundary';
import { applications } from './schema/application';
import { programs } from './schema/program';
import { users } from './schema/user';

/**
 * Decision 034: the database itself keeps an account's staff to their account's rows, so a query
 * that forgets the account (as these do on purpose) still finds nothing of another body.
 */
let t: TestApp;
let first: string;
let second: string;
let firstProgram: { id: string; programCode: string };
let secondProgram: { id: string; programCode: string };
let firstApplication: { id: string };
let secondApplication: { id: string };

/** Runs `work` as a request of `accountId`'s staff would (null: unbound, as an applicant's). */
function asStaffOf<T>(accountId: string | null, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    runRequestUnbound(() => {
      if (accountId) bindRequestToAccount(accountId);
      work().then(resolve, reject);
    });
  });
}

const programIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: ROLES.AccountAdministrator });
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, admin.id));
  first = row!.accountId!;
  second = (await createAccount(db, { name: 'Second Body' })).id;
  const secondAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: second });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  firstProgram = await createProgram(db, { programManagerId: admin.id });
  secondProgram = await createProgram(db, { programManagerId: secondAdmin.id, accountId: second });
  firstApplication = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: firstProgram.id, programModuleIds: [] });
  secondApplication = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: secondProgram.id, programModuleIds: [] });
});
afterAll(async () => {
  await t.close();
});

/**
 * Tables that name an account, a program or an application but stay open to every account's staff,
 * each for a reason: people and mails are the platform's (decision 033), memberships are read and
 * withdrawn across bodies by rules the app scopes itself, and these rows point at an application
 * only as a note of what an action touched.
 */
const OPEN_ON_PURPOSE = ['users', 'mails', 'account_memberships', 'bulk_import_rows', 'support_actions'];

describe("the database's account boundary (row-level security)", () => {
  it('covers every table that names an account, a program or an application, but those open on purpose', async () => {
    const result = await t.database.db.execute(sql`
      select distinct c.relname as name, c.relrowsecurity as secured
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join information_schema.columns k on k.table_schema = 'public' and k.table_name = c.relname
      where c.relkind = 'r' and k.column_name in ('account_id', 'program_id', 'application_id')`);
    const tables = (result as unknown as { rows: { name: string; secured: boolean }[] }).rows;
    expect(tables.length).toBeGreaterThan(40);
    const unsecured = tables.filter((table) => !table.secured).map((table) => table.name).sort();
    expect(unsecured).toEqual([...OPEN_ON_PURPOSE].sort());
  });

  it("shows an account's staff only their account's programs and applications, and everyone else all", async () => {
    const db = t.database.db;
    const bound = await asStaffOf(second, async () => ({
      programs: await db.select({ id: programs.id }).from(programs),
      applications: await db.select({ id: applications.id }).from(applications),
    }));
    expect(programIds(bound.programs)).toContain(secondProgram.id);
    expect(programIds(bound.programs)).not.toContain(firstProgram.id);
    expect(programIds(bound.applications)).toEqual([secondApplication.id]);

    // The same queries unbound (an applicant's, a job's) see both bodies: the boundary is what hid them.
    const unbound = await asStaffOf(null, async () => programIds(await db.select({ id: applications.id }).from(applications)));
    expect(unbound).toEqual([firstApplication.id, secondApplication.id].sort());
  });

  it("refuses to write another account's rows: an insert is an error, an update and a delete change nothing", async () => {
    const db = t.database.db;
    const refused = await asStaffOf(second, () => db.insert(programs).values({ programCode: 'SNEAK-1', programTitle: 'Sneaked in', programType: 1, accountId: first })).then(
      () => null,
      (error: Error) => error,
    );
    // Drizzle wraps the server's error ("new row violates row-level security policy ...") as its cause.
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/row-level security/);
    const updated = await asStaffOf(second, () => db.update(programs).set({ programTitle: 'Renamed by the other body' }).where(eq(programs.id, firstProgram.id)).returning({ id: programs.id }));
    expect(updated).toEqual([]);
    const deleted = await asStaffOf(second, () => db.delete(applications).where(eq(applications.id, firstApplication.id)).returning({ id: applications.id }));
    expect(deleted).toEqual([]);
    const [stillThere] = await db.select({ title: programs.programTitle }).from(programs).where(eq(programs.id, firstProgram.id));
    expect(stillThere?.title).not.toBe('Renamed by the other body');
    expect(await db.select({ id: applications.id }).from(applications).where(eq(applications.id, firstApplication.id))).toHaveLength(1);
  });

  it('holds inside a transaction, and leaves nothing bound behind for the next unbound statement', async () => {
    const db = t.database.db;
    const inTransaction = await asStaffOf(second, () => db.transaction(async (tx) => programIds(await tx.select({ id: programs.id }).from(programs))));
    expect(inTransaction).not.toContain(firstProgram.id);
    // Many bound and unbound statements at once on the same connections: none leaks into another.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        asStaffOf(index % 2 === 0 ? second : null, async () => programIds(await db.select({ id: programs.id }).from(programs)).includes(firstProgram.id)),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index % 2 !== 0));
    // Work a bound request starts but does not wait for runs unbound.
    const fromBackground = await asStaffOf(second, () => runUnbound(async () => programIds(await db.select({ id: programs.id }).from(programs))));
    expect(fromBackground).toContain(firstProgram.id);
  });

  it('on a server where the role was made without grants on the tables, runs staff statements on the app\'s own checks instead of failing them', async () => {
    // PGlite always has the role with its grants (the migration makes both); this is a server's case.
    if (t.database.kind !== 'postgres') return;
    const database = await openTestDatabase();
    try {
      await database.db.execute(sql`revoke all on all tables in schema public from certs_account_staff`);
      const rows = await asStaffOf(second, () => database.db.select({ id: programs.id }).from(programs));
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("stops a route whose own account check was switched off: the other body's program answers 404", async () => {
    // The program's repository "forgets" nothing here; the service's own account check is what
    // is switched off, as a careless change might.
    const findById = ProgramRepository.prototype.findById;
    vi.spyOn(ProgramRepository.prototype, 'findById').mockImplementation(async function (this: ProgramRepository, id: string) {
      const found = await findById.call(this, id);
      // The service compares this with the caller's account: make the comparison pass, as if absent.
      return found && { ...found, program: { ...found.program, accountId: second } };
    });
    const secondAdmin = await createUser(t.database.db, { role: ROLES.AccountAdministrator, accountId: second, menuItems: ['Programs'] });
    const { jwt } = await signIn(t.app, secondAdmin);
    const response = await t.app.inject({ method: 'GET', url: `/api/program/${firstProgram.id}`, headers: bearer(jwt) });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(firstProgram.programCode);
    // Its own program still opens: the boundary is not refusing everything.
    const own = await t.app.inject({ method: 'GET', url: `/api/program/${secondProgram.id}`, headers: bearer(jwt) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(secondProgram.programCode);
  });
});
