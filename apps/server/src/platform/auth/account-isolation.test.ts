import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createAccountRecords, RECORDS_WORD, type AccountRecords } from '../../../test/factories/account-records.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationFileNotes } from '../../db/schema/application';
import type { RouteAccessEntry } from './authenticate';

/**
 * The account half of the record-level probe (issue 40): record-isolation.test.ts shuts out other
 * applicants and other programs' staff; this shuts out another ACCOUNT. Account A (the first
 * account) holds records of every kind, each with a distinctive marker in its text. Account B's
 * staff (its administrator with every menu but Utilities, a contributor with Programs,
 * Examinations and Reports, and a super user switched into B) then (a) call every route with a
 * path parameter with each of A's ids, reads and writes, and (b) call every GET route without
 * one (lists, reports, the dashboard, exports, searches) and the searches sent as POST, with the
 * query strings their schemas take filled with A's ids and markers; (c) read every route with a
 * path parameter with each of B's own ids (B's records belong to Sam, who applied to A too: B's
 * pages, pickers and Sam's applicant page). No answer may carry a marker of A's, none may be a
 * 5xx, and none of A's rows may change. A new route is probed the moment it is registered. The
 * same probe as A's own administrator must find A's markers, and (c) B's (it can fail).
 */

/**
 * The applicants' program catalogue: applicants belong to the platform and read every account's
 * published programs, and staff read the same catalogue as a preview of what applicants see. What it
 * shows B's staff is what an applicant who has applied nowhere sees: the test checks exactly that.
 */
const OPEN_TO_EVERY_APPLICANT: readonly string[] = ['GET /api/program/published', 'GET /api/program/published/:id'];

const A = FIRST_ACCOUNT_ID;
const WORD = RECORDS_WORD;

let t: TestApp;
let routes: RouteAccessEntry[];
/** A's records (Alex's in its programs), whose markers no answer to B's staff may carry. */
let a: AccountRecords;
/** B's own records, given to Sam, an applicant of both accounts: B's staff read them, and nothing of A's with them. */
let b: AccountRecords;
/**
 * `readsOnly`: the probe sends this caller only reads by id. B's contributor's writes with A's ids
 * meet the same program check as B's administrator's (ProgramService.existing), which the
 * administrator's writes already prove; sending them again cost about 40 s of every CI run.
 */
type Caller = { name: string; jwt: string; readsOnly?: boolean };
const outsiders: Caller[] = [];
let owner: Caller;
/** An applicant who has applied nowhere: what they read, every applicant reads. */
let newcomer: Caller;

function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

/** The rows of A's that no call of B's staff may change. */
async function snapshotOfA() {
  const db = t.database.db;
  const alex = a.applicant;
  const alexApplications = sql.raw(`(select id from applications where applicant_id = '${alex.applicantId}')`);
  const accountOwned = ['programs', 'exam_definitions', 'questions', 'subjects', 'tags', 'venues', 'testing_agencies', 'coupons', 'invoices', 'library_documents', 'certificate_templates', 'contact_messages', 'bulk_imports', 'migration_imports', 'csv_exports', 'saved_searches'];
  const snapshot: Record<string, unknown[]> = {};
  for (const table of accountOwned) snapshot[table] = rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where account_id = ${A} order by id`));
  for (const table of ['applications', 'awards', 'wpq_records', 'renewal_applications', 'personal_data_deletion_requests', 'exam_instances']) {
    snapshot[table] = rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where applicant_id = ${alex.applicantId} order by id`));
  }
  for (const table of ['application_modules', 'application_file_notes', 'application_reviews', 'resit_modules', 'payments']) {
    snapshot[table] = rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where application_id in ${alexApplications} order by id`));
  }
  snapshot.users = rowsOf(await db.execute(sql`select * from users where id in (${alex.id}, ${a.admin.id}) order by id`));
  snapshot.applicants = rowsOf(await db.execute(sql`select * from applicants where id = ${alex.applicantId}`));
  snapshot.attachments = rowsOf(await db.execute(sql`select * from attachments where owner_user_id = ${alex.id} order by id`));
  return snapshot;
}

beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeAccess;
  const db = t.database.db;
  a = await createAccountRecords(t.app, db);
  owner = { name: "A's administrator", jwt: a.adminJwt };

  // Sam applied to both accounts: their application to A, and A's note on it, are A's records; Sam is not.
  const sam = await createUser(db, { role: ROLES.Applicant, firstName: 'Sam', lastName: 'Commons' });
  const samInA = await createApplicationWithModules(db, { applicantId: sam.applicantId!, programId: a.queryValues.programId![0]!, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
  await db.insert(applicationFileNotes).values({ applicationId: samInA.id, note: `${WORD} note on Sam`, createdBy: a.admin.id });
  a.ids.push(samInA.id);
  a.markers.push(samInA.applicationNumber);

  // Account B: records of every kind of its own (Sam's), its administrator, a contributor serving on its program, and a super user switched into it.
  const account = await createAccount(db, { name: 'Kiwi Welding Body' });
  b = await createAccountRecords(t.app, db, { accountId: account.id, word: 'Zelphicorn', staffName: 'Tawhirimatea', applicant: sam });
  const bContributor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations', 'Reports'], accountId: account.id });
  await addProgramUser(db, b.queryValues.programId![0]!, bContributor.id, 'assessor');
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const superJwt = (await signIn(t.app, superUser)).jwt;
  const switched = await t.app.inject({ method: 'POST', url: '/api/accounts/current', headers: bearer(superJwt), payload: { accountId: account.id } });
  if (switched.statusCode !== 200) throw new Error(`the switch failed: ${switched.body}`);
  newcomer = { name: 'an applicant who applied nowhere', jwt: (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt };
  outsiders.push(
    { name: "B's administrator", jwt: b.adminJwt },
    { name: "B's contributor", jwt: (await signIn(t.app, bContributor)).jwt, readsOnly: true },
    { name: 'a super user in B', jwt: superJwt },
  );
}, 300_000);

afterAll(async () => {
  await t.close();
});

/** Every caller here is staff: staff routes and routes for anyone signed in. */
function admitsStaff(route: RouteAccessEntry): boolean {
  return route.access.audience === 'staff' || route.access.audience === 'signed-in';
}

/** A sitting's console stream stays open for a caller it admits (its snapshot route answers the same). */
const isStream = (route: RouteAccessEntry) => route.url.endsWith('/stream');

/**
 * Each concrete URL of a route: every parameter filled with one of the records' ids (a wildcard
 * with their applicant's file key, a file name with the name of their export).
 */
function urlsOf(pattern: string, records: AccountRecords): string[] {
  if (pattern.endsWith('*')) return [pattern.replace(/:[A-Za-z]+/g, records.ids[0]!).replace(/\*$/, records.fileKey)];
  if (pattern.includes(':fileName')) return [pattern.replace(':fileName', records.exportName)];
  return records.ids.map((id) => pattern.replace(/:[A-Za-z]+/g, id));
}

/**
 * A write whose schema refuses an empty body is answered 400 before its handler runs, whatever the
 * id: one call shows that it does not fail; calling it with every id would show nothing more.
 */
function refusesEmptyBody(route: RouteAccessEntry): boolean {
  const schema = route.bodySchema as { safeParse?: (value: unknown) => { success: boolean } } | undefined;
  return route.method !== 'GET' && route.method !== 'DELETE' && !!schema?.safeParse && !schema.safeParse({}).success;
}

/** The spec's own 500 (section 8): program details asked for without an id. */
const SPEC_500 = ['GET /api/program'];

type ZodLike = { shape?: Record<string, unknown>; isOptional?: () => boolean; _zod?: { def?: { type?: string; in?: ZodLike; innerType?: ZodLike; schema?: ZodLike; entries?: Record<string, string> } } };

/** A query schema's fields (through its refinements and preprocessing). */
function fieldsOf(schema: unknown): Record<string, ZodLike> {
  const zod = schema as ZodLike | undefined;
  if (!zod) return {};
  if (zod.shape) return zod.shape as Record<string, ZodLike>;
  const def = zod._zod?.def;
  const inner = def?.in ?? def?.innerType ?? def?.schema;
  return inner ? fieldsOf(inner) : {};
}

/** An enum field's values, through its optional or default wrapper. */
function enumValuesOf(field: ZodLike): string[] {
  const def = field._zod?.def;
  if (def?.entries) return Object.values(def.entries);
  const inner = def?.innerType ?? def?.in;
  return inner ? enumValuesOf(inner) : [];
}

/**
 * The query strings a list is called with: its required fields filled (A's program for a required
 * program, a marker for a required search), then each optional filter in turn with each of A's
 * ids or markers that fits its name, each enum value, and B's own program where it takes one.
 */
function queriesOf(route: RouteAccessEntry): string[] {
  const fields = fieldsOf(route.querySchema);
  const names = Object.keys(fields);
  const base: Record<string, string> = {};
  if (names.includes('page')) base.page = '1';
  if (names.includes('pageSize')) base.pageSize = '250';
  for (const name of names) {
    if (name in base || fields[name]!.isOptional?.()) continue;
    const value = a.queryValues[name]?.[0];
    if (value) base[name] = value;
  }
  const variants: Record<string, string>[] = [base];
  for (const name of names) {
    const values = [...(a.queryValues[name] ?? []), ...enumValuesOf(fields[name]!), ...(name === 'programId' ? b.queryValues.programId! : [])];
    for (const value of values) variants.push({ ...base, [name]: value });
  }
  const strings = variants.map((variant) => new URLSearchParams(variant).toString());
  return [...new Set(strings)].map((query) => (query ? `?${query}` : ''));
}

/** The searches sent as POST (their filters are a body): each with A's program and markers. */
function searchBodies(): { url: string; bodies: object[] }[] {
  const paging = { page: 1, pageSize: 250 };
  const programId = a.queryValues.programId![0]!;
  const entities = ['applications', 'applicants', 'awards', 'payments'];
  return [
    {
      url: '/api/advancesearch',
      bodies: entities.flatMap((entity) => [{ ...paging, filters: { entity } }, { ...paging, filters: { entity, searchTerm: WORD } }, { ...paging, filters: { entity, programId } }]),
    },
    { url: '/api/applicant/search/wpqrenewal', bodies: [{ ...paging, withinDays: 3650 }, { ...paging, withinDays: 3650, searchTerm: WORD }, ...a.queryValues.programId!.map((id) => ({ ...paging, withinDays: 3650, programId: id }))] },
    { url: '/api/question/search', bodies: [paging, { ...paging, text: WORD }] },
    { url: '/api/question/export', bodies: [{ format: 'csv' }, { format: 'moodle' }] },
  ];
}

interface Sighting {
  /** `METHOD /route`. */
  route: string;
  method: string;
  url: string;
  payload?: object;
  seen: string[];
  detail: string;
}

interface ProbeResult {
  /** Every answer that showed a marker of A's: the route, the call and what it showed. */
  seenIn: Sighting[];
  /** The routes whose answers showed a marker of the records in the URLs (B's own, to B's staff). */
  ownSeenIn: Set<string>;
  failures: string[];
  requests: number;
  routesProbed: number;
}

const emptyResult = (): ProbeResult => ({ seenIn: [], ownSeenIn: new Set(), failures: [], requests: 0, routesProbed: 0 });

async function call(caller: Caller, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: bearer(caller.jwt), ...(payload ? { payload } : {}) });
}

function markersIn(body: string, markers: readonly string[] = a.markers): string[] {
  return markers.filter((marker) => body.includes(marker));
}

/** Makes the call and notes a 5xx, any marker of A's in the answer, and whether it showed the own records asked for. */
async function probeCall(result: ProbeResult, caller: Caller, route: string, method: string, url: string, payload?: object, own?: AccountRecords) {
  const response = await call(caller, method, url, payload);
  result.requests += 1;
  const shown = payload && method === 'POST' ? JSON.stringify(payload) : '';
  if (response.statusCode >= 500 && !SPEC_500.includes(route)) result.failures.push(`${caller.name}: ${method} ${url} ${shown}: ${response.statusCode}`);
  const seen = markersIn(response.body);
  if (seen.length > 0) result.seenIn.push({ route, method, url, payload, seen, detail: `${caller.name}: ${method} ${url} ${shown} (${response.statusCode}) shows ${seen.join(', ')}` });
  if (own && own !== a && markersIn(response.body, own.markers).length > 0) result.ownSeenIn.add(route);
}

/** (a): every route with a path parameter, each of the records' ids in it; reads only or writes too. */
async function probeByIds(caller: Caller, records: AccountRecords, methods: readonly string[], skip: (route: RouteAccessEntry) => boolean = () => false): Promise<ProbeResult> {
  const result = emptyResult();
  const withParams = routes.filter((route) => /[:*]/.test(route.url) && methods.includes(route.method) && admitsStaff(route) && !skip(route));
  for (const route of withParams) {
    result.routesProbed += 1;
    const urls = urlsOf(route.url, records);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    for (const url of refusesEmptyBody(route) ? urls.slice(0, 1) : urls) await probeCall(result, caller, `${route.method} ${route.url}`, route.method, url, hasBody ? {} : undefined, records);
  }
  return result;
}

/** (b): every GET route without a path parameter with its query strings, and the POST searches. */
async function probeLists(caller: Caller): Promise<ProbeResult> {
  const result = emptyResult();
  const lists = routes.filter((route) => route.method === 'GET' && !/[:*]/.test(route.url) && admitsStaff(route));
  for (const route of lists) {
    result.routesProbed += 1;
    for (const query of queriesOf(route)) await probeCall(result, caller, `GET ${route.url}`, 'GET', `${route.url}${query}`);
  }
  for (const search of searchBodies()) {
    result.routesProbed += 1;
    for (const body of search.bodies) await probeCall(result, caller, `POST ${search.url}`, 'POST', search.url, body);
  }
  return result;
}

/** What B's staff saw that is not the catalogue every applicant reads. */
function leaksOf(seenIn: readonly Sighting[]): string[] {
  return seenIn.filter((seen) => !OPEN_TO_EVERY_APPLICANT.includes(seen.route)).map((seen) => seen.detail);
}

describe("another account's staff get nothing of account A's", () => {
  it("the probe finds A's records where they are open: to A's own administrator, through many routes", async () => {
    const byIds = await probeByIds(owner, a, ['GET'], isStream);
    const lists = await probeLists(owner);
    expect(new Set(byIds.seenIn.map((seen) => seen.route)).size).toBeGreaterThan(40);
    expect(new Set(lists.seenIn.map((seen) => seen.route)).size).toBeGreaterThan(20);
    expect([...byIds.failures, ...lists.failures]).toEqual([]);
  }, 900_000);

  it('from any route with a path parameter, reads and writes alike, nor from any list, report, export or search, and change none of them', async () => {
    expect(routes.filter((route) => /[:*]/.test(route.url) && admitsStaff(route)).length).toBeGreaterThan(200);
    const before = await snapshotOfA();
    const seenIn: Sighting[] = [];
    let requests = 0;
    for (const caller of outsiders) {
      const byIds = await probeByIds(caller, a, caller.readsOnly ? ['GET'] : ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      const lists = await probeLists(caller);
      requests += byIds.requests + lists.requests;
      seenIn.push(...byIds.seenIn, ...lists.seenIn);
      expect([...byIds.failures, ...lists.failures]).toEqual([]);
    }
    expect(leaksOf(seenIn)).toEqual([]);
    // The catalogue shows B's staff nothing that an applicant who applied nowhere does not see.
    for (const sighting of seenIn.filter((seen) => OPEN_TO_EVERY_APPLICANT.includes(seen.route))) {
      const asApplicant = await call(newcomer, sighting.method, sighting.url, sighting.payload);
      expect(markersIn(asApplicant.body), sighting.detail).toEqual(sighting.seen);
    }
    expect(requests).toBeGreaterThan(20_000);
    expect(await snapshotOfA()).toEqual(before);
  }, 1_800_000);

  it("nor through B's own records: their pages, pickers and Sam's applicant page (Sam applied to A too) show B's and nothing of A's", async () => {
    const seenIn: Sighting[] = [];
    for (const caller of outsiders) {
      const own = await probeByIds(caller, b, ['GET'], isStream);
      seenIn.push(...own.seenIn);
      expect(own.failures).toEqual([]);
      // The probe reads B's records where B's staff may: it is not looking in the wrong place.
      if (caller.jwt === b.adminJwt) expect(own.ownSeenIn.size).toBeGreaterThan(30);
    }
    expect(leaksOf(seenIn)).toEqual([]);
  }, 900_000);
});
