import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { MODULE_MESSAGES } from '@certs/shared/program/program-module.contract';
import { PROGRAM_MESSAGES } from '@certs/shared/program/program.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addProgramUser, completeProgram, createProgram, uniqueProgramCode } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { programUsers } from '../../db/schema/program';

let t: TestApp;
let superUser: CreatedUser;
let superJwt: string;
let applicantJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  superUser = await createUser(t.database.db, { role: ROLES.SuperUser, firstName: 'Sue', lastName: 'Perr' });
  superJwt = (await signIn(t.app, superUser)).jwt;
  applicantJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt = superJwt) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload?: object, jwt = superJwt) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const programInput = (overrides: Record<string, unknown> = {}) => ({
  programCode: uniqueProgramCode('WI'),
  programTitle: 'Welding Inspector',
  programType: 1,
  programManager: superUser.id,
  programDeclaration: '<p>I declare that what I give is true.</p>',
  ...overrides,
});

describe('creating and editing programs', () => {
  it('creates a program in the Created status, with its manager', async () => {
    const input = programInput({ isIIWPublished: true, programTooltips: 'Use your legal name.' });
    const created = await post('/api/program', input);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      programCode: input.programCode,
      status: 1,
      programType: 1,
      isIIWPublished: true,
      programManager: { id: superUser.id, name: 'Sue Perr' },
      publishedOn: null,
    });
    expect((await get(`/api/program/${created.json().id}`)).json().programTitle).toBe('Welding Inspector');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a lower-case code', { programCode: 'wi-101' }, 'programCode', PROGRAM_MESSAGES.programCodePattern],
    ['a code with other symbols', { programCode: 'WI/101' }, 'programCode', PROGRAM_MESSAGES.programCodePattern],
    ['a code of 2 characters', { programCode: 'WI' }, 'programCode', PROGRAM_MESSAGES.programCodeLength],
    ['a code of 19 characters', { programCode: 'W'.repeat(19) }, 'programCode', PROGRAM_MESSAGES.programCodeLength],
    ['no code', { programCode: '' }, 'programCode', PROGRAM_MESSAGES.programCodeRequired],
    ['a title of 2 characters', { programTitle: 'WI' }, 'programTitle', PROGRAM_MESSAGES.programTitleLength],
    ['a title of 73 characters', { programTitle: 'W'.repeat(73) }, 'programTitle', PROGRAM_MESSAGES.programTitleLength],
    ['no type', { programType: undefined }, 'programType', PROGRAM_MESSAGES.programTypeRequired],
    ['an unknown type', { programType: 5 }, 'programType', PROGRAM_MESSAGES.programTypeRequired],
    ['no manager', { programManager: undefined }, 'programManager', PROGRAM_MESSAGES.programManagerRequired],
    ['remarks of 1001 characters', { remarks: 'r'.repeat(1001) }, 'remarks', PROGRAM_MESSAGES.remarksMax],
    ['no declaration on a Qualification', { programDeclaration: '' }, 'programDeclaration', PROGRAM_MESSAGES.declarationRequired],
    ['a declaration of markup only', { programDeclaration: '<p> &nbsp; </p><p><br></p>' }, 'programDeclaration', PROGRAM_MESSAGES.declarationRequired],
    ['a declaration of 2001 characters', { programDeclaration: 'd'.repeat(2001) }, 'programDeclaration', PROGRAM_MESSAGES.declarationMax],
    ['the number pattern on without a pattern', { numberPatternCheck: true, certificateStartNum: '1' }, 'certificateNumPattern', PROGRAM_MESSAGES.certificateNumPatternRequired],
    ['a pattern of 19 characters', { numberPatternCheck: true, certificateNumPattern: 'P'.repeat(19), certificateStartNum: '1' }, 'certificateNumPattern', PROGRAM_MESSAGES.certificateNumPatternMax],
    ['the number pattern on without a start number', { numberPatternCheck: true, certificateNumPattern: 'WI-####' }, 'certificateStartNum', PROGRAM_MESSAGES.certificateStartNumRequired],
    ['a start number of 5 digits', { numberPatternCheck: true, certificateNumPattern: 'WI-####', certificateStartNum: '12345' }, 'certificateStartNum', PROGRAM_MESSAGES.certificateStartNumMax],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses ${what} with "${message}" and creates nothing`, async () => {
      const input = programInput(override);
      const response = await post('/api/program', input);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      if (typeof input.programCode === 'string' && input.programCode.length >= 3) {
        expect((await get(`/api/program/bycode/${encodeURIComponent(input.programCode)}`)).json().program).toBeNull();
      }
    });
  }

  it('needs no declaration on the program form of the other types', async () => {
    for (const programType of [2, 3, 4]) {
      expect((await post('/api/program', programInput({ programType, programDeclaration: '' }))).statusCode, String(programType)).toBe(201);
    }
  });

  it('refuses a code already in use, and the lookup finds its holder', async () => {
    const input = programInput();
    const { id } = (await post('/api/program', input)).json();
    const again = await post('/api/program', programInput({ programCode: input.programCode }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.programCode).toBe(PROGRAM_MESSAGES.programCodeTaken);
    expect((await get(`/api/program/bycode/${input.programCode}`)).json()).toEqual({ program: { id, programCode: input.programCode } });
    const other = (await post('/api/program', programInput())).json();
    const update = await post(`/api/program/update/${other.id}`, programInput({ programCode: input.programCode }));
    expect(update.statusCode).toBe(409);
  });

  it('refuses a manager who is not an active admin user', async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
    const response = await post('/api/program', programInput({ programManager: applicant.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.programManager).toBe(PROGRAM_MESSAGES.managerMustBeAdmin);
  });

  it('cleans the declaration of anything but formatting', async () => {
    const created = await post('/api/program', programInput({ programDeclaration: '<p>I <strong>declare</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>' }));
    expect(created.json().programDeclaration).toBe('<p>I <strong>declare</strong></p>');
  });

  it('rejects unknown fields', async () => {
    const response = await post('/api/program', { ...programInput(), status: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown field: status');
  });

  it('updates a program, and fixes code and type once it has been published', async () => {
    const input = programInput();
    const { id } = (await post('/api/program', input)).json();
    const updated = await post(`/api/program/update/${id}`, { ...input, programTitle: 'Senior Welding Inspector', programCode: `${input.programCode}X` });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().programTitle).toBe('Senior Welding Inspector');
    await completeProgram(t.database.db, id, 1, superUser.id);
    expect((await post(`/api/program/${id}/publish`)).statusCode).toBe(200);
    const locked = await post(`/api/program/update/${id}`, { ...input, programCode: `${input.programCode}Y` });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().fieldErrors.programCode).toBe(PROGRAM_MESSAGES.identityLocked);
    const titleOnly = await post(`/api/program/update/${id}`, { ...input, programCode: `${input.programCode}X`, programTitle: 'Welding Inspector (2026)' });
    expect(titleOnly.statusCode).toBe(200);
  });
});

describe('program details', () => {
  it('answers 400 "Program ID is required" at the id when asked without one, on the details and every route beside them (issue 45)', async () => {
    const urls = [
      '/api/program',
      '/api/program/undefined',
      '/api/program/null',
      '/api/program/%20',
      '/api/program/undefined/completeness',
      '/api/program/undefined/history',
      '/api/program/undefined/certifications',
      '/api/program/undefined/welderqualification',
      '/api/program/undefined/instructions',
      '/api/program/undefined/modules',
      '/api/programuser/allusers/undefined',
      '/api/programuser/undefined/assessor',
      '/api/userprivilege/program/undefined',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ message: 'Program ID is required', fieldErrors: { id: 'Program ID is required' } });
    }
    const update = await post('/api/program/update/undefined', programInput());
    expect(update.statusCode).toBe(400);
    expect(update.json().fieldErrors).toEqual({ id: 'Program ID is required' });
  });

  it('answers 404 for a program that does not exist', async () => {
    expect((await get('/api/program/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/program/not-a-program')).statusCode).toBe(404);
  });
});

describe('status lifecycle', () => {
  async function programIn(status: 1 | 2 | 3 | 4, programType: 1 | 2 | 3 | 4 = 1) {
    const program = await createProgram(t.database.db, { programManagerId: superUser.id, status, programType });
    await completeProgram(t.database.db, program.id, programType, superUser.id);
    return program.id;
  }

  const table: [string, 1 | 2 | 3 | 4, 'publish' | 'archive' | 'restore', number | 'refused'][] = [
    ['publishes a created program', 1, 'publish', 2],
    ['archives a created program', 1, 'archive', 3],
    ['refuses to restore a created program', 1, 'restore', 'refused'],
    ['refuses to publish a published program', 2, 'publish', 'refused'],
    ['archives a published program', 2, 'archive', 3],
    ['refuses to restore a published program', 2, 'restore', 'refused'],
    ['refuses to publish an archived program', 3, 'publish', 'refused'],
    ['refuses to archive an archived program', 3, 'archive', 'refused'],
    ['restores an archived program', 3, 'restore', 4],
    ['publishes a restored program again', 4, 'publish', 2],
    ['archives a restored program', 4, 'archive', 3],
    ['refuses to restore a restored program', 4, 'restore', 'refused'],
  ];
  for (const [what, from, action, expected] of table) {
    it(what, async () => {
      const id = await programIn(from);
      const response = await post(`/api/program/${id}/${action}`);
      if (expected === 'refused') {
        expect(response.statusCode).toBe(409);
        expect((await get(`/api/program/${id}`)).json().status).toBe(from);
      } else {
        expect(response.statusCode).toBe(200);
        expect(response.json().status).toBe(expected);
        const history = (await get(`/api/program/${id}/history`)).json();
        expect(history[0]).toMatchObject({ fromStatus: from, toStatus: expected, changedBy: 'Sue Perr' });
      }
    });
  }

  it('sets the publication date when publishing', async () => {
    const id = await programIn(1);
    const published = (await post(`/api/program/${id}/publish`)).json();
    expect(Date.now() - Date.parse(published.publishedOn)).toBeLessThan(60_000);
  });

  const incomplete: [string, 1 | 2 | 3 | 4, string[]][] = [
    ['a Qualification', 1, ['Applicant Instruction is required', 'Program Requirement is required', 'Program User is required', MODULE_MESSAGES.moduleRequired]],
    ['a Certification', 2, ['Applicant Instruction is required', 'Program Requirement is required', 'Program User is required', PROGRAM_MESSAGES.certificationSettingsRequired]],
    ['a Welder Qualification', 3, ['Applicant Instruction is required', PROGRAM_MESSAGES.welderQualificationSettingsRequired]],
    ['an AICIP', 4, [MODULE_MESSAGES.moduleRequired, MODULE_MESSAGES.renewalModuleRequired, PROGRAM_MESSAGES.certificationSettingsRequired, PROGRAM_MESSAGES.renewalSettingsRequired]],
  ];
  for (const [what, programType, expectedMissing] of incomplete) {
    it(`refuses to publish ${what} program that is not complete, saying what is missing`, async () => {
      const { id } = await createProgram(t.database.db, { programManagerId: superUser.id, programType });
      const completeness = (await get(`/api/program/${id}/completeness`)).json();
      expect(completeness.isComplete).toBe(false);
      expect(completeness.missing).toEqual(expect.arrayContaining(expectedMissing));
      const response = await post(`/api/program/${id}/publish`);
      expect(response.statusCode).toBe(400);
      for (const message of expectedMissing) expect(response.json().message).toContain(message);
      expect((await get(`/api/program/${id}`)).json().status).toBe(1);
    });
  }

  it('lets only one of two simultaneous publications win', async () => {
    const id = await programIn(1);
    const answers = await Promise.all([post(`/api/program/${id}/publish`), post(`/api/program/${id}/publish`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await get(`/api/program/${id}/history`)).json()).toHaveLength(1);
  });

  it('keeps an archived program read-only until it is restored', async () => {
    const id = await programIn(3);
    const current = (await get(`/api/program/${id}`)).json();
    const edit = await post(`/api/program/update/${id}`, { ...programInput(), programCode: current.programCode, programTitle: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PROGRAM_MESSAGES.archivedReadOnly);
    expect((await post('/api/applicantinstruction/create', { programId: id, instruction: 'More' })).statusCode).toBe(409);
    expect((await get(`/api/program/${id}`)).json().programTitle).toBe(current.programTitle);
  });
});

describe('who may do what with programs', () => {
  it('refuses applicant tokens on every staff program route', async () => {
    const { id } = await createProgram(t.database.db, { programManagerId: superUser.id });
    for (const [method, url] of [
      ['GET', '/api/program/pagination'],
      ['GET', `/api/program/${id}`],
      ['POST', '/api/program'],
      ['POST', `/api/program/update/${id}`],
      ['POST', `/api/program/${id}/publish`],
      ['GET', `/api/program/${id}/instructions`],
      ['GET', `/api/programuser/allusers/${id}`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(applicantJwt), ...(method === 'POST' ? { payload: programInput() } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses every program write to an admin without the Programs menu item', async () => {
    const admin = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard', 'Users'] });
    const { jwt } = await signIn(t.app, admin);
    const { id } = await createProgram(t.database.db, { programManagerId: admin.id });
    expect((await post('/api/program', programInput({ programManager: admin.id }), jwt)).statusCode).toBe(403);
    expect((await post(`/api/program/update/${id}`, programInput({ programManager: admin.id }), jwt)).statusCode).toBe(403);
    expect((await post(`/api/program/${id}/archive`, undefined, jwt)).statusCode).toBe(403);
    expect((await post('/api/applicantinstruction/create', { programId: id, instruction: 'x' }, jwt)).statusCode).toBe(403);
    expect((await get('/api/program/pagination', jwt)).statusCode).toBe(403);
  });

  it('lets a program manager edit their program but not others, nor create programs', async () => {
    const contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs'] });
    const { jwt } = await signIn(t.app, contributor);
    const own = await createProgram(t.database.db, { programManagerId: contributor.id });
    const viaRole = await createProgram(t.database.db, { programManagerId: superUser.id });
    await t.database.db.insert(programUsers).values({ programId: viaRole.id, userId: contributor.id, role: PROGRAM_USER_ROLES.manager });
    const others = await createProgram(t.database.db, { programManagerId: superUser.id });
    await t.database.db.insert(programUsers).values({ programId: others.id, userId: contributor.id, role: PROGRAM_USER_ROLES.assessor });

    expect((await get('/api/program/pagination', jwt)).statusCode).toBe(200);
    expect((await post('/api/program', programInput({ programManager: contributor.id }), jwt)).statusCode).toBe(403);
    expect((await post(`/api/program/update/${own.id}`, programInput({ programCode: own.programCode, programManager: contributor.id, programTitle: 'Mine' }), jwt)).statusCode).toBe(200);
    expect((await post(`/api/program/update/${viaRole.id}`, programInput({ programCode: viaRole.programCode, programTitle: 'Managed' }), jwt)).statusCode).toBe(200);
    const refused = await post(`/api/program/update/${others.id}`, programInput({ programCode: others.programCode, programTitle: 'Not mine' }), jwt);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/program/${others.id}`)).json().programTitle).toBe('Welding Inspector Level 1');
    expect((await post('/api/applicantinstruction/create', { programId: others.id, instruction: 'x' }, jwt)).statusCode).toBe(403);

    const privileges = async (programId: string) => (await get(`/api/userprivilege/program/${programId}`, jwt)).json();
    expect(await privileges(own.id)).toMatchObject({ canView: true, canEdit: true, isManager: true });
    expect(await privileges(viaRole.id)).toMatchObject({ canEdit: true, isManager: true, programRoles: [PROGRAM_USER_ROLES.manager] });
    expect(await privileges(others.id)).toMatchObject({ canView: true, canEdit: false, canChangeStatus: false, isManager: false, programRoles: [PROGRAM_USER_ROLES.assessor] });
    expect((await get(`/api/programuser/ismanager/${others.id}`, jwt)).json()).toEqual({ isManager: false });
    expect((await get('/api/userprivilege/Programs', jwt)).json()).toEqual({ screen: 'Programs', canView: true, canEdit: true, canCreate: false });
    expect((await get('/api/userprivilege/programs')).json()).toEqual({ screen: 'Programs', canView: true, canEdit: true, canCreate: true });
    expect((await get('/api/userprivilege/Users', jwt)).json()).toMatchObject({ canView: false });
  });

  it('shows an admin with only the Archives menu the archived programs, and lets them restore them', async () => {
    const archivist = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Archives'] });
    const { jwt } = await signIn(t.app, archivist);
    const archived = await createProgram(t.database.db, { programManagerId: superUser.id, status: 3 });
    const list = (await get('/api/program/pagination?pageSize=250', jwt)).json();
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.rows.every((row: { status: number }) => row.status === 3)).toBe(true);
    expect((await post(`/api/program/${archived.id}/restore`, undefined, jwt)).json().status).toBe(4);
  });
});

describe('staff read only the programs they serve on (decision 003, revised in issue 15)', () => {
  let programA: string;
  let programB: string;
  let contributorB: string;

  beforeAll(async () => {
    const db = t.database.db;
    programA = (await createProgram(db, { programManagerId: superUser.id, programType: 2, status: 2, programTitle: 'Scoped A' })).id;
    programB = (await createProgram(db, { programManagerId: superUser.id, programType: 2, status: 2, programTitle: 'Scoped B' })).id;
    const contributor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs', 'Examinations'] });
    await addProgramUser(db, programB, contributor.id, 'assessor');
    contributorB = (await signIn(t.app, contributor)).jwt;
  });

  const readsOf = (id: string) => [`/api/program/${id}`, `/api/program/${id}/certifications`, `/api/program/${id}/renewals`, `/api/program/${id}/welderqualification`, `/api/program/${id}/completeness`, `/api/program/${id}/history`];

  it("refuses a contributor on program B program A's details, settings, completeness and history, and answers for B", async () => {
    for (const url of readsOf(programA)) expect((await get(url, contributorB)).statusCode, url).toBe(403);
    for (const url of readsOf(programB)) expect((await get(url, contributorB)).statusCode, url).toBe(200);
    expect((await get(`/api/userprivilege/program/${programA}`, contributorB)).json()).toMatchObject({ canView: false, canEdit: false, programRoles: [] });
    expect((await get(`/api/userprivilege/program/${programB}`, contributorB)).json()).toMatchObject({ canView: true, canEdit: false, programRoles: [PROGRAM_USER_ROLES.assessor] });
  });

  it('lists to a contributor only the programs they serve on, and every program to administrators', async () => {
    const ids = async (jwt: string) => ((await get('/api/program/pagination?pageSize=250&searchBy=All&searchTerm=Scoped', jwt)).json().rows as { id: string }[]).map((row) => row.id);
    expect(await ids(contributorB)).toEqual([programB]);
    const admin = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
    const adminJwt = (await signIn(t.app, admin)).jwt;
    expect((await ids(adminJwt)).sort()).toEqual([programA, programB].sort());
    expect((await ids(superJwt)).sort()).toEqual([programA, programB].sort());
    for (const url of readsOf(programA)) expect((await get(url, adminJwt)).statusCode, url).toBe(200);
  });
});

describe('finding programs', () => {
  let codes: Record<string, string>;
  beforeAll(async () => {
    codes = {};
    for (const [key, programType, status] of [
      ['q', 1, 2],
      ['c', 2, 1],
      ['w', 3, 3],
      ['a', 4, 2],
    ] as const) {
      const program = await createProgram(t.database.db, { programManagerId: superUser.id, programType, status, programCode: uniqueProgramCode(`FIND${key.toUpperCase()}`), programTitle: `Findable ${key}` });
      codes[key] = program.programCode;
    }
  });
  const rowsOf = async (query: string) => (await get(`/api/program/pagination?pageSize=250&${query}`)).json().rows as { programCode: string; status: number; programType: number }[];

  it('searches by program code, type, or code and title together', async () => {
    expect((await rowsOf(`searchBy=Program%20Code&searchTerm=${codes.q}`)).map((r) => r.programCode)).toEqual([codes.q]);
    expect((await rowsOf('searchBy=Program%20Type&searchTerm=AICIP')).every((r) => r.programType === 4)).toBe(true);
    expect((await rowsOf('searchBy=Program%20Type&searchTerm=WQ')).map((r) => r.programCode)).toContain(codes.w);
    expect((await rowsOf('searchBy=All&searchTerm=findable')).length).toBe(4);
    expect((await rowsOf('searchBy=All&searchTerm=%20%20')).length).toBeGreaterThan(4);
  });

  it('filters by status and by program types', async () => {
    const published = await rowsOf('searchTerm=findable&programStatus=2');
    expect(published.map((r) => r.programCode).sort()).toEqual([codes.q, codes.a].sort());
    const types = await rowsOf('searchTerm=findable&selectedProgramTypes=2,3');
    expect(types.map((r) => r.programCode).sort()).toEqual([codes.c, codes.w].sort());
    expect((await get('/api/program/pagination?selectedProgramTypes=7')).statusCode).toBe(400);
    expect((await get('/api/program/pagination?programStatus=9')).statusCode).toBe(400);
  });

  it('searches by the day applications opened (the publication day, in Sydney)', async () => {
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney' }).format(new Date());
    const found = await rowsOf(`searchBy=Application%20Date&searchTerm=${encodeURIComponent(today)}`);
    expect(found.map((r) => r.programCode)).toEqual(expect.arrayContaining([codes.q, codes.a]));
    expect(found.map((r) => r.programCode)).not.toContain(codes.c);
    expect(await rowsOf('searchBy=Application%20Date&searchTerm=01/01/1999')).toEqual([]);
    expect(await rowsOf('searchBy=Application%20Date&searchTerm=someday')).toEqual([]);
  });

  it('pages the list', async () => {
    const page = (await get('/api/program/pagination?pageSize=10&page=1')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    expect(page.rows.length).toBeLessThanOrEqual(10);
    expect(page.totalRows).toBeGreaterThan(4);
  });
});
