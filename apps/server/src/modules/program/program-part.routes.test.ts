import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { MODULE_MESSAGES } from '@certs/shared/program/program-module.contract';
import { PROGRAM_PART_MESSAGES } from '@certs/shared/program/program-part.contract';
import { SETTINGS_MESSAGES } from '@certs/shared/program/program-settings.contract';
import { PROGRAM_USER_MESSAGES } from '@certs/shared/program/program-user.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { insertTestAward } from '../public-register/test-awards';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let superUser: CreatedUser;
let superJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  superUser = await createUser(t.database.db, { role: ROLES.SuperUser, firstName: 'Sue', lastName: 'Perr' });
  superJwt = (await signIn(t.app, superUser)).jwt;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt = superJwt) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload?: object, jwt = superJwt) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const newProgram = (programType: 1 | 2 | 3 | 4 = 1, status: 1 | 2 | 3 | 4 = 1) => createProgram(t.database.db, { programManagerId: superUser.id, programType, status });

describe('applicant instructions and requirements', () => {
  it('adds, edits, reorders and removes instructions', async () => {
    const { id } = await newProgram();
    const first = (await post('/api/applicantinstruction/create', { programId: id, instruction: 'Upload your CV.' })).json();
    const second = (await post('/api/applicantinstruction/create', { programId: id, instruction: 'Upload your photo ID.' })).json();
    expect([first.order, second.order]).toEqual([1, 2]);
    expect((await post(`/api/applicantinstruction/update/${first.id}`, { instruction: 'Upload your current CV.' })).json().instruction).toBe('Upload your current CV.');
    const reordered = await post('/api/applicantinstruction/update/order', { programId: id, ids: [second.id, first.id] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((i: { instruction: string }) => i.instruction)).toEqual(['Upload your photo ID.', 'Upload your current CV.']);
    expect((await get(`/api/applicantinstruction/remove/${first.id}`)).statusCode).toBe(204);
    expect((await get(`/api/program/${id}/instructions`)).json().map((i: { id: string }) => i.id)).toEqual([second.id]);
  });

  it('refuses an order that does not list every item once', async () => {
    const { id } = await newProgram();
    const a = (await post('/api/programrequirement/create', { programId: id, requirementCode: 'R1', requirementDescription: 'One' })).json();
    const b = (await post('/api/programrequirement/create', { programId: id, requirementCode: 'R2', requirementDescription: 'Two' })).json();
    for (const ids of [[a.id], [a.id, a.id], [a.id, b.id, '00000000-0000-4000-8000-000000000000']]) {
      const response = await post('/api/programrequirement/update/order', { programId: id, ids });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PROGRAM_PART_MESSAGES.orderMismatch);
    }
    expect((await get(`/api/program/${id}/requirements`)).json().map((r: { requirementCode: string }) => r.requirementCode)).toEqual(['R1', 'R2']);
  });

  const invalid: [string, string, object, string, string][] = [
    ['an empty instruction', '/api/applicantinstruction/create', { instruction: '   ' }, 'instruction', PROGRAM_PART_MESSAGES.instructionRequired],
    ['an instruction of 1001 characters', '/api/applicantinstruction/create', { instruction: 'i'.repeat(1001) }, 'instruction', PROGRAM_PART_MESSAGES.instructionMax],
    ['a requirement without a code', '/api/programrequirement/create', { requirementCode: '', requirementDescription: 'x' }, 'requirementCode', PROGRAM_PART_MESSAGES.requirementCodeRequired],
    ['a requirement code of 13 characters', '/api/programrequirement/create', { requirementCode: 'R'.repeat(13), requirementDescription: 'x' }, 'requirementCode', PROGRAM_PART_MESSAGES.requirementCodeMax],
    ['a requirement without a description', '/api/programrequirement/create', { requirementCode: 'R1', requirementDescription: '' }, 'requirementDescription', PROGRAM_PART_MESSAGES.requirementDescriptionRequired],
    ['a requirement description of 1001 characters', '/api/programrequirement/create', { requirementCode: 'R1', requirementDescription: 'd'.repeat(1001) }, 'requirementDescription', PROGRAM_PART_MESSAGES.requirementDescriptionMax],
  ];
  for (const [what, url, body, field, message] of invalid) {
    it(`refuses ${what} with "${message}"`, async () => {
      const { id } = await newProgram();
      const response = await post(url, { programId: id, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    });
  }

  it('keeps the last instruction and requirement of a published program', async () => {
    const { id } = await newProgram(1, 2);
    await completeProgram(t.database.db, id, 1, superUser.id);
    const [instruction] = (await get(`/api/program/${id}/instructions`)).json();
    const [requirement] = (await get(`/api/program/${id}/requirements`)).json();
    const refusedInstruction = await get(`/api/applicantinstruction/remove/${instruction.id}`);
    expect(refusedInstruction.statusCode).toBe(409);
    expect(refusedInstruction.json().message).toBe('Applicant Instruction is required');
    expect((await get(`/api/programrequirement/remove/${requirement.id}`)).statusCode).toBe(409);
  });

  it('answers 404 for parts that do not exist', async () => {
    expect((await post('/api/applicantinstruction/update/00000000-0000-4000-8000-000000000000', { instruction: 'x' })).statusCode).toBe(404);
    expect((await get('/api/programrequirement/remove/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it.each([
    ['applicantinstruction', PROGRAM_PART_MESSAGES.instructionNotFound],
    ['programrequirement', PROGRAM_PART_MESSAGES.requirementNotFound],
    ['programmodule', MODULE_MESSAGES.notFound],
  ])('answers 404 to /api/%s/remove and /update with an id that is not a UUID, and removes nothing', async (base, message) => {
    const { id } = await newProgram(1, 1);
    await completeProgram(t.database.db, id, 1, superUser.id);
    const partsOf = async () => [(await get(`/api/program/${id}/instructions`)).json().length, (await get(`/api/program/${id}/requirements`)).json().length, (await get(`/api/program/${id}/modules`)).json().length];
    const before = await partsOf();
    for (const bad of ['not-a-uuid', '123', "1' or '1'='1"]) {
      const removed = await get(`/api/${base}/remove/${encodeURIComponent(bad)}`);
      expect(removed.statusCode, removed.body).toBe(404);
      expect(removed.json().message).toBe(message);
    }
    // The update routes read the id the same way (a bad body is refused first, 400).
    expect([400, 404]).toContain((await post(`/api/${base}/update/not-a-uuid`, {})).statusCode);
    expect(await partsOf()).toEqual(before);
  });
});

describe('modules', () => {
  const moduleInput = (programId: string, overrides: Record<string, unknown> = {}) => ({
    programId,
    moduleCode: 'M1',
    moduleTitle: 'Welding metallurgy',
    examinationType: 'Online',
    memberFee: '150.5',
    nonMemberFee: 200,
    passPercentage: '70',
    ...overrides,
  });

  it('adds a module with fees kept to the cent and reads it back', async () => {
    const { id } = await newProgram();
    const created = await post('/api/programmodule/create', moduleInput(id, { reSitAllowed: true, reSitMemberFee: '75.25', reSitNonMemberFee: '99.99', invigilated: true }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ moduleCode: 'M1', memberFee: 150.5, nonMemberFee: 200, reSitMemberFee: 75.25, reSitNonMemberFee: 99.99, passPercentage: 70, order: 1, isRenewal: false });
    expect((await get(`/api/program/${id}/modules`)).json()).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no code', { moduleCode: '' }, 'moduleCode', MODULE_MESSAGES.moduleCodeRequired],
    ['a code of 13 characters', { moduleCode: 'M'.repeat(13) }, 'moduleCode', MODULE_MESSAGES.moduleCodeMax],
    ['a title of 97 characters', { moduleTitle: 't'.repeat(97) }, 'moduleTitle', MODULE_MESSAGES.moduleTitleMax],
    ['a description of 1001 characters', { moduleDescription: 'd'.repeat(1001) }, 'moduleDescription', MODULE_MESSAGES.moduleDescriptionMax],
    ['assessment requirements of 1001 characters', { assessmentRequirements: 'a'.repeat(1001) }, 'assessmentRequirements', MODULE_MESSAGES.assessmentRequirementsMax],
    ['no examination type', { examinationType: undefined }, 'examinationType', MODULE_MESSAGES.examinationTypeRequired],
    ['an unknown examination type', { examinationType: 'Telepathy' }, 'examinationType', MODULE_MESSAGES.examinationTypeRequired],
    ['a pass percentage over 100', { passPercentage: '100.01' }, 'passPercentage', MODULE_MESSAGES.passPercentage],
    ['a pass percentage with three decimals', { passPercentage: '70.125' }, 'passPercentage', MODULE_MESSAGES.passPercentage],
    ['a pass percentage that is not a number', { passPercentage: 'seventy' }, 'passPercentage', MODULE_MESSAGES.passPercentage],
    ['a member fee that is not a number', { memberFee: 'free' }, 'memberFee', MODULE_MESSAGES.memberFee],
    ['a member fee with three decimals', { memberFee: '10.001' }, 'memberFee', MODULE_MESSAGES.memberFee],
    ['a member fee of 9 characters', { memberFee: '123456.78' }, 'memberFee', MODULE_MESSAGES.memberFee],
    ['a negative non-member fee', { nonMemberFee: '-5' }, 'nonMemberFee', MODULE_MESSAGES.nonMemberFee],
    ['re-sits allowed without a member re-sit fee', { reSitAllowed: true, reSitNonMemberFee: '10' }, 'reSitMemberFee', MODULE_MESSAGES.reSitMemberFeeRequired],
    ['re-sits allowed without a non-member re-sit fee', { reSitAllowed: true, reSitMemberFee: '10' }, 'reSitNonMemberFee', MODULE_MESSAGES.reSitNonMemberFeeRequired],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses ${what} with "${message}"`, async () => {
      const { id } = await newProgram();
      const response = await post('/api/programmodule/create', moduleInput(id, override));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      expect((await get(`/api/program/${id}/modules`)).json()).toEqual([]);
    });
  }

  it('accepts the boundaries: 0 and 100 percent, an 8-character fee', async () => {
    const { id } = await newProgram();
    expect((await post('/api/programmodule/create', moduleInput(id, { moduleCode: 'A', passPercentage: 0, memberFee: '12345.67' }))).statusCode).toBe(201);
    expect((await post('/api/programmodule/create', moduleInput(id, { moduleCode: 'B', passPercentage: '100.00' }))).statusCode).toBe(201);
  });

  it('refuses a module code already in the program', async () => {
    const { id } = await newProgram();
    await post('/api/programmodule/create', moduleInput(id));
    const again = await post('/api/programmodule/create', moduleInput(id, { moduleCode: 'm1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.moduleCode).toBe(MODULE_MESSAGES.moduleCodeTaken);
  });

  it('keeps modules to Qualification and AICIP programs, and renewal modules to AICIP', async () => {
    const certification = await newProgram(2);
    expect((await post('/api/programmodule/create', moduleInput(certification.id))).json().message).toBe(MODULE_MESSAGES.modulesNotForType);
    const qualification = await newProgram(1);
    expect((await post('/api/programmodule/create', moduleInput(qualification.id, { isRenewal: true }))).json().message).toBe(MODULE_MESSAGES.renewalModulesNotForType);
    const aicip = await newProgram(4);
    expect((await post('/api/programmodule/create', moduleInput(aicip.id, { isRenewal: true }))).statusCode).toBe(201);
    expect((await post('/api/programmodule/create', moduleInput(aicip.id))).statusCode).toBe(201);
    expect((await get(`/api/program/${aicip.id}/modules?renewal=true`)).json()).toHaveLength(1);
    expect((await get(`/api/program/${aicip.id}/modules`)).json()).toHaveLength(1);
  });

  it('reorders and inactivates modules, but keeps one active in a published program', async () => {
    const { id } = await newProgram(1, 2);
    await completeProgram(t.database.db, id, 1, superUser.id);
    const [existing] = (await get(`/api/program/${id}/modules`)).json();
    const second = (await post('/api/programmodule/create', moduleInput(id, { moduleCode: 'M2' }))).json();
    const reordered = (await post('/api/programmodule/update/order', { programId: id, ids: [second.id, existing.id] })).json();
    expect(reordered.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['M2', existing.moduleCode]);
    const { programId: _p, ...update } = moduleInput(id, { moduleCode: 'M2', isInactive: true });
    expect((await post(`/api/programmodule/update/${second.id}`, update)).json().isInactive).toBe(true);
    const lastActive = await post(`/api/programmodule/update/${existing.id}`, { ...update, moduleCode: existing.moduleCode });
    expect(lastActive.statusCode).toBe(409);
    expect(lastActive.json().message).toBe(MODULE_MESSAGES.moduleRequired);
  });
});

describe('settings', () => {
  const certificationInput = (overrides: Record<string, unknown> = {}) => ({
    memberFee: '350',
    nonmemberFee: '450.00',
    reviewAllowed: true,
    renewalPeriod: 3,
    assessorAssessmentInstruction: 'Check logbook and references.',
    certificationTooltips: 'Renew before expiry.',
    programDeclaration: '<p>I declare the logbook is mine.</p>',
    ...overrides,
  });

  it('saves and reads Certification settings, and replaces them on a second save', async () => {
    const { id } = await newProgram(2);
    expect((await get(`/api/program/${id}/certifications`)).json()).toEqual({ settings: null });
    expect((await post(`/api/program/${id}/certifications`, certificationInput())).json()).toMatchObject({ memberFee: 350, nonmemberFee: 450, renewalPeriod: 3, kind: 'initial' });
    await post(`/api/program/${id}/certifications`, certificationInput({ memberFee: '360.10' }));
    expect((await get(`/api/program/${id}/certifications`)).json().settings.memberFee).toBe(360.1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a renewal period of 0', { renewalPeriod: 0 }, 'renewalPeriod', SETTINGS_MESSAGES.renewalPeriod],
    ['no renewal period', { renewalPeriod: undefined }, 'renewalPeriod', SETTINGS_MESSAGES.renewalPeriod],
    ['a member fee that is not a number', { memberFee: 'abc' }, 'memberFee', SETTINGS_MESSAGES.memberFee],
    ['no member fee', { memberFee: undefined }, 'memberFee', SETTINGS_MESSAGES.memberFee],
    ['a non-member fee with three decimals', { nonmemberFee: '1.234' }, 'nonmemberFee', SETTINGS_MESSAGES.nonmemberFee],
    ['no assessor instruction', { assessorAssessmentInstruction: ' ' }, 'assessorAssessmentInstruction', SETTINGS_MESSAGES.assessorInstructionRequired],
    ['an assessor instruction of 193 characters', { assessorAssessmentInstruction: 'a'.repeat(193) }, 'assessorAssessmentInstruction', SETTINGS_MESSAGES.assessorInstructionMax],
    ['an empty declaration', { programDeclaration: '<p></p>' }, 'programDeclaration', 'Program Declaration is required'],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses Certification settings with ${what}: "${message}"`, async () => {
      const { id } = await newProgram(2);
      const response = await post(`/api/program/${id}/certifications`, certificationInput(override));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      expect((await get(`/api/program/${id}/certifications`)).json()).toEqual({ settings: null });
    });
  }

  it('has no renewal period on the AICIP renewal form, and keeps it to AICIP', async () => {
    const aicip = await newProgram(4);
    const { renewalPeriod: _r, ...renewal } = certificationInput();
    expect((await post(`/api/program/${aicip.id}/renewals`, renewal)).json()).toMatchObject({ kind: 'renewal', renewalPeriod: null });
    expect((await post(`/api/program/${aicip.id}/renewals`, certificationInput())).json().message).toBe('Unknown field: renewalPeriod');
    const certification = await newProgram(2);
    expect((await post(`/api/program/${certification.id}/renewals`, renewal)).json().message).toBe(SETTINGS_MESSAGES.wrongProgramType);
    const qualification = await newProgram(1);
    expect((await post(`/api/program/${qualification.id}/certifications`, certificationInput())).statusCode).toBe(400);
  });

  const wqInput = (overrides: Record<string, unknown> = {}) => ({
    standard: 'ISO 9606-1:2017',
    numOfConfirmation: 4,
    interval: 6,
    memberFee: 250,
    nonmemberFee: 300,
    messageConfirmation: 'Your employer confirms you have welded within the range every six months.',
    programDeclaration: '<p>I declare.</p>',
    ...overrides,
  });

  it('saves Welder Qualification settings, with revalidation only when prolongation is on', async () => {
    const { id } = await newProgram(3);
    const plain = (await post(`/api/program/${id}/welderqualification`, wqInput({ revalidationMemberFee: '10' }))).json();
    expect(plain).toMatchObject({ standard: 'ISO 9606-1:2017', reValidationProlongation: false, revalidationMemberFee: null });
    const prolonged = await post(`/api/program/${id}/welderqualification`, wqInput({ standard: 'AS/NZS 2980:2018', reValidationProlongation: true, revalidationMemberFee: '120', revalidationNonmemberFee: '150', messageProlongationReValidation: 'Revalidate every 3 years.' }));
    expect(prolonged.json()).toMatchObject({ standard: 'AS/NZS 2980:2018', revalidationMemberFee: 120, revalidationNonmemberFee: 150 });
  });

  const wqInvalid: [string, Record<string, unknown>, string, string][] = [
    ['no standard', { standard: undefined }, 'standard', SETTINGS_MESSAGES.standardRequired],
    ['an unknown standard', { standard: 'EN 287' }, 'standard', SETTINGS_MESSAGES.standardRequired],
    ['no number of confirmations', { numOfConfirmation: undefined }, 'numOfConfirmation', SETTINGS_MESSAGES.numOfConfirmationRequired],
    ['no interval', { interval: undefined }, 'interval', SETTINGS_MESSAGES.intervalRequired],
    ['a member fee that is not a number', { memberFee: 'abc' }, 'memberFee', SETTINGS_MESSAGES.memberFee],
    ['no confirmation message', { messageConfirmation: '' }, 'messageConfirmation', SETTINGS_MESSAGES.messageConfirmationRequired],
    ['a confirmation message of 1001 characters', { messageConfirmation: 'm'.repeat(1001) }, 'messageConfirmation', SETTINGS_MESSAGES.messageConfirmationMax],
    ['prolongation without a revalidation member fee', { reValidationProlongation: true, revalidationNonmemberFee: '1', messageProlongationReValidation: 'x' }, 'revalidationMemberFee', SETTINGS_MESSAGES.revalidationMemberFee],
    ['prolongation without a revalidation non-member fee', { reValidationProlongation: true, revalidationMemberFee: '1', messageProlongationReValidation: 'x' }, 'revalidationNonmemberFee', SETTINGS_MESSAGES.revalidationNonmemberFee],
    ['prolongation without its message', { reValidationProlongation: true, revalidationMemberFee: '1', revalidationNonmemberFee: '1' }, 'messageProlongationReValidation', SETTINGS_MESSAGES.messageProlongationRequired],
    ['a prolongation message of 1001 characters', { reValidationProlongation: true, revalidationMemberFee: '1', revalidationNonmemberFee: '1', messageProlongationReValidation: 'p'.repeat(1001) }, 'messageProlongationReValidation', SETTINGS_MESSAGES.messageProlongationMax],
  ];
  for (const [what, override, field, message] of wqInvalid) {
    it(`refuses Welder Qualification settings with ${what}: "${message}"`, async () => {
      const { id } = await newProgram(3);
      const response = await post(`/api/program/${id}/welderqualification`, wqInput(override));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    });
  }
});

describe('program users', () => {
  it('gives a user several roles, shown grouped, and lists each role', async () => {
    const { id } = await newProgram();
    const examiner = await createUser(t.database.db, { role: ROLES.User, firstName: 'Erin', lastName: 'Examiner' });
    const saved = await post('/api/programuser/save', { programId: id, userId: examiner.id, roles: [2, 1, 2] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ userId: examiner.id, name: 'Erin Examiner', roles: [1, 2] });
    await post('/api/programuser/save', { programId: id, userId: superUser.id, roles: [3] });
    expect((await get(`/api/programuser/allusers/${id}`)).json().map((u: { name: string; roles: number[] }) => [u.name, u.roles])).toEqual([
      ['Erin Examiner', [1, 2]],
      ['Sue Perr', [3]],
    ]);
    expect((await get(`/api/programuser/${id}/assessor`)).json().map((u: { name: string }) => u.name)).toEqual(['Erin Examiner']);
    expect((await get(`/api/programuser/${id}/invigilator`)).json().map((u: { name: string }) => u.name)).toEqual(['Sue Perr']);
    expect((await get(`/api/programuser/${id}/examiner`)).json()).toHaveLength(1);
    // Saving again replaces the roles.
    expect((await post('/api/programuser/save', { programId: id, userId: examiner.id, roles: [4] })).json().roles).toEqual([4]);
  });

  it('refuses no roles, unknown roles and users who are not active admins', async () => {
    const { id } = await newProgram();
    const none = await post('/api/programuser/save', { programId: id, userId: superUser.id, roles: [] });
    expect(none.json().fieldErrors.roles).toBe(PROGRAM_USER_MESSAGES.roleRequired);
    expect((await post('/api/programuser/save', { programId: id, userId: superUser.id, roles: [9] })).statusCode).toBe(400);
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
    const inactive = await createUser(t.database.db, { role: ROLES.User, active: false });
    for (const user of [applicant, inactive]) {
      const response = await post('/api/programuser/save', { programId: id, userId: user.id, roles: [1] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PROGRAM_USER_MESSAGES.userMustBeAdmin);
    }
    expect((await get(`/api/programuser/allusers/${id}`)).json()).toEqual([]);
  });

  it('removes a user, but keeps the last one of a published program', async () => {
    const { id } = await newProgram(1, 2);
    await completeProgram(t.database.db, id, 1, superUser.id);
    const other = await createUser(t.database.db, { role: ROLES.User });
    await post('/api/programuser/save', { programId: id, userId: other.id, roles: [1] });
    expect((await post(`/api/programuser/remove/${id}/${other.id}`)).statusCode).toBe(204);
    const last = await post(`/api/programuser/remove/${id}/${superUser.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(PROGRAM_USER_MESSAGES.programUserRequired);
    expect((await post(`/api/programuser/remove/${id}/${other.id}`)).statusCode).toBe(404);
  });

  it('offers active admin users to choose from, never applicants', async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant, lastName: 'Offered' });
    const users = (await get('/api/programuser/assignable')).json() as { id: string }[];
    expect(users.some((u) => u.id === superUser.id)).toBe(true);
    expect(users.some((u) => u.id === applicant.id)).toBe(false);
  });
});

describe('program parts, program users and the staff directory are for who serves on or manages programs (issue 15)', () => {
  it("refuses a contributor on program B program A's instructions, requirements, modules and users, and answers for B", async () => {
    const a = await newProgram(1, 2);
    const b = await newProgram(1, 2);
    await completeProgram(t.database.db, a.id, 1, superUser.id);
    await completeProgram(t.database.db, b.id, 1, superUser.id);
    const contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs', 'Examinations'] });
    await addProgramUser(t.database.db, b.id, contributor.id, 'examiner');
    const { jwt } = await signIn(t.app, contributor);
    const readsOf = (id: string) => [
      `/api/program/${id}/instructions`,
      `/api/program/${id}/requirements`,
      `/api/program/${id}/modules`,
      `/api/program/${id}/modules?renewal=true`,
      `/api/programuser/allusers/${id}`,
      `/api/programuser/${id}/assessor`,
      `/api/programuser/${id}/examiner`,
      `/api/programuser/${id}/invigilator`,
    ];
    for (const url of readsOf(a.id)) expect((await get(url, jwt)).statusCode, url).toBe(403);
    for (const url of readsOf(b.id)) expect((await get(url, jwt)).statusCode, url).toBe(200);
    expect((await get(`/api/program/${b.id}/modules`, jwt)).json()).toHaveLength(1);
    // Administrators are unaffected.
    const admin = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
    const adminJwt = (await signIn(t.app, admin)).jwt;
    for (const url of readsOf(a.id)) expect((await get(url, adminJwt)).statusCode, url).toBe(200);
  });

  it('opens the staff directory to administrators and program managers only', async () => {
    const db = t.database.db;
    const directory = async (user: CreatedUser) => get('/api/programuser/assignable', (await signIn(t.app, user)).jwt);
    expect((await directory(await createUser(db, { role: ROLES.User, menuItems: ['Dashboard', 'Reports'] }))).statusCode).toBe(403);
    expect((await directory(await createUser(db, { role: ROLES.User, menuItems: ['Dashboard', 'Programs'] }))).statusCode).toBe(403);
    const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    await addProgramUser(db, (await newProgram()).id, assessor.id, 'assessor');
    expect((await directory(assessor)).statusCode).toBe(403);

    const namedManager = await createUser(db, { role: ROLES.User, menuItems: ['Programs'] });
    await createProgram(db, { programManagerId: namedManager.id });
    expect((await directory(namedManager)).statusCode).toBe(200);
    const roleManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    await addProgramUser(db, (await newProgram()).id, roleManager.id, 'manager');
    const offered = await directory(roleManager);
    expect(offered.statusCode).toBe(200);
    expect((offered.json() as { id: string }[]).some((u) => u.id === superUser.id)).toBe(true);
    expect((await directory(await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] }))).statusCode).toBe(200);
  });
});

describe("the applicants' catalogue", () => {
  let applicantJwt: string;
  beforeAll(async () => {
    applicantJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  });

  it('lists only published programs, with the applicant status, searchable and filtered by type', async () => {
    const published = await createProgram(t.database.db, { programManagerId: superUser.id, status: 2, programType: 4, programTitle: 'AICIP Pressure Equipment Inspector' });
    const created = await createProgram(t.database.db, { programManagerId: superUser.id, status: 1, programTitle: 'AICIP Draft' });
    const archived = await createProgram(t.database.db, { programManagerId: superUser.id, status: 3, programTitle: 'AICIP Old' });
    const rows = (await get('/api/program/published?pageSize=250', applicantJwt)).json().rows as { id: string; applicantStatus: string }[];
    expect(rows.map((r) => r.id)).toContain(published.id);
    expect(rows.map((r) => r.id)).not.toContain(created.id);
    expect(rows.map((r) => r.id)).not.toContain(archived.id);
    expect(rows.find((r) => r.id === published.id)?.applicantStatus).toBe('Not Applied');
    const searched = (await get('/api/program/published?search=pressure%20equipment', applicantJwt)).json().rows;
    expect(searched.map((r: { id: string }) => r.id)).toEqual([published.id]);
    expect((await get('/api/program/published?programType=1&search=pressure', applicantJwt)).json().rows).toEqual([]);
  });

  it("shows where the applicant stands by the award's own state: on hold, cancelled, withdrawn or expired, not Awarded (issue 45)", async () => {
    const holder = await createUser(t.database.db, { role: ROLES.Applicant });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const standing: Record<string, string> = {};
    for (const status of ['current', 'on hold', 'cancelled', 'withdrawn', 'expired'] as const) {
      const program = await createProgram(t.database.db, { programManagerId: superUser.id, status: 2, programType: 2 });
      await insertTestAward(t.database.db, { applicantId: holder.applicantId!, programId: program.id, programType: 2, status });
      standing[program.id] = status;
    }
    const rows = (await get('/api/program/published?pageSize=250', holderJwt)).json().rows as { id: string; applicantStatus: string }[];
    const shown = Object.fromEntries(Object.entries(standing).map(([id, status]) => [status, rows.find((row) => row.id === id)?.applicantStatus]));
    expect(shown).toEqual({ current: 'Awarded', 'on hold': 'Award On Hold', cancelled: 'Award Cancelled', withdrawn: 'Award Withdrawn', expired: 'Award Expired' });
    const [onHold] = Object.entries(standing).find(([, status]) => status === 'on hold')!;
    expect((await get(`/api/program/published/${onHold}`, holderJwt)).json().applicantStatus).toBe('Award On Hold');
  });

  it('shows a published program with its parts and fees, and never an unpublished or archived one', async () => {
    const { id } = await createProgram(t.database.db, { programManagerId: superUser.id, status: 2, programType: 4 });
    await completeProgram(t.database.db, id, 4, superUser.id);
    const detail = await get(`/api/program/published/${id}`, applicantJwt);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      instructions: [{ instruction: 'Upload your certificates.' }],
      requirements: [{ requirementCode: 'REQ-1' }],
      modules: [{ moduleCode: 'M1', memberFee: 150, nonMemberFee: 200 }],
      renewalModules: [{ moduleCode: 'R1' }],
      certificationSettings: { renewalPeriod: 3, memberFee: 300 },
      renewalSettings: { kind: 'renewal' },
    });
    for (const status of [1, 3, 4] as const) {
      const hidden = await createProgram(t.database.db, { programManagerId: superUser.id, status });
      expect((await get(`/api/program/published/${hidden.id}`, applicantJwt)).statusCode, String(status)).toBe(404);
    }
    expect((await get('/api/program/published/nonsense', applicantJwt)).statusCode).toBe(404);
  });

  it('refuses applicants the staff views of the same program', async () => {
    const { id } = await createProgram(t.database.db, { programManagerId: superUser.id, status: 2 });
    expect((await get(`/api/program/${id}`, applicantJwt)).statusCode).toBe(403);
    expect((await get(`/api/program/${id}/certifications`, applicantJwt)).statusCode).toBe(403);
    expect((await get(`/api/userprivilege/program/${id}`, applicantJwt)).json()).toMatchObject({ canView: true, canEdit: false });
  });
});
