import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import {
  CERTIFICATE_MESSAGES,
  DEFAULT_TEMPLATE_FIELDS,
  certificateChecklist,
  missingCertificateRequirements,
  type CertificateFieldName,
  type CertificateTemplateField,
} from '@certs/shared/certificate/certificate-template.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { awards, certificateTemplates, programCertificateTemplates } from '../../db/schema/award';
import { programModules } from '../../db/schema/program';
import { textOfPdf } from '../pre-exam/pdf-text';

/**
 * ISO/IEC 17024 9.4.8 (issue 43): every certificate states the holder's name, a unique number, the
 * body's name, the scheme or standard, the scope, the effective date and (but for a Qualification,
 * which does not expire) the expiry date; a template that lacks one is not assigned to a program.
 */

let t: TestApp;
let manager: CreatedUser;
let jwt: string;
const program: Record<'qualification' | 'certification' | 'welder', { id: string; programCode: string }> = {} as never;

const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(jwt), payload });
const without = (...names: CertificateFieldName[]): CertificateTemplateField[] => DEFAULT_TEMPLATE_FIELDS.filter((field) => !names.includes(field.field));

async function createTemplate(title: string, fields: CertificateTemplateField[]): Promise<string> {
  const response = await send('POST', '/api/certificatetemplate', { title, orientation: 'landscape', fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const assign = (programId: string, templateId: string) => send('PUT', `/api/certificatetemplate/program/${programId}/template`, { templateId });
const assignedTo = async (programId: string) => (await t.database.db.select().from(programCertificateTemplates).where(eq(programCertificateTemplates.programId, programId)))[0]?.templateId ?? null;

beforeAll(async () => {
  t = await buildTestApp();
  manager = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Libraries'] });
  jwt = (await signIn(t.app, manager)).jwt;
  const make = async (type: 1 | 2 | 3, title: string) => {
    const created = await createProgram(t.database.db, { programManagerId: manager.id, programType: type, status: 2, programTitle: title });
    await completeProgram(t.database.db, created.id, type, manager.id);
    return created;
  };
  program.qualification = await make(1, 'Welding Inspector');
  program.certification = await make(2, 'Certified Welding Supervisor');
  program.welder = await make(3, 'Welder Qualification Plate');
});

afterAll(async () => {
  await t.close();
});

describe('the requirements of 9.4.8', () => {
  it('asks the expiry date of Certification, Welder Qualification and AICIP programs only, and the standard of a welder qualification', () => {
    const labels = (fields: CertificateTemplateField[], type: number) => missingCertificateRequirements(fields, type).map((requirement) => requirement.label);
    expect(labels(DEFAULT_TEMPLATE_FIELDS, 1)).toEqual([]);
    expect(labels(DEFAULT_TEMPLATE_FIELDS, 3)).toEqual([]);
    expect(labels(without('expiryDate'), 1)).toEqual([]);
    for (const type of [2, 3, 4]) expect(labels(without('expiryDate'), type)).toEqual(['expiry date']);
    // The program's title names a scheme; a welder qualification's certificate must name the standard.
    expect(labels(without('scheme'), 2)).toEqual([]);
    expect(labels(without('scheme'), 3)).toEqual(['scheme or standard']);
    expect(labels([], 1)).toEqual(['holder name', 'certificate number', 'awarding body name', 'scheme or standard', 'scope', 'effective date']);
    // The designer's checklist: what is missing, and where the program title would do.
    const checklist = certificateChecklist(without('scheme', 'scope'));
    expect(checklist.filter((item) => !item.isMet).map((item) => item.label)).toEqual(['scheme or standard', 'scope']);
    expect(checklist.find((item) => item.key === 'scheme')?.note).toContain('program title will do');
  });
});

describe('assigning a template to a program', () => {
  it('refuses a template that lacks a required field, naming what it lacks, and assigns nothing', async () => {
    const lacking = await createTemplate('No scope, no expiry', without('scope', 'expiryDate'));
    const refused = await assign(program.certification.id, lacking);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'The template lacks: scope, expiry date', fieldErrors: { templateId: 'The template lacks: scope, expiry date' } });
    expect(await assignedTo(program.certification.id)).toBeNull();

    const noStandard = await assign(program.welder.id, await createTemplate('No standard', without('scheme')));
    expect(noStandard.statusCode).toBe(400);
    expect(noStandard.json().message).toBe(CERTIFICATE_MESSAGES.templateLacks(['scheme or standard']));
    expect(await assignedTo(program.welder.id)).toBeNull();
  });

  it('accepts a complete template, and one without the expiry date for a Qualification, which does not expire', async () => {
    const complete = await createTemplate('Complete', DEFAULT_TEMPLATE_FIELDS);
    for (const target of [program.certification, program.welder]) {
      const assigned = await assign(target.id, complete);
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(await assignedTo(target.id)).toBe(complete);
    }
    const noExpiry = await createTemplate('No expiry', without('expiryDate'));
    expect((await assign(program.qualification.id, noExpiry)).statusCode).toBe(200);
    expect(await assignedTo(program.qualification.id)).toBe(noExpiry);
    // The programs offered for assignment carry their type, so the designer can say what each needs.
    const offered = (await t.app.inject({ method: 'GET', url: '/api/certificatetemplate/programs', headers: bearer(jwt) })).json<{ id: string; programType: number }[]>();
    expect(offered).toContainEqual(expect.objectContaining({ id: program.welder.id, programType: 3 }));
  });

  it('refuses a change that would take a required field off a template programs use, and keeps the template as it was', async () => {
    const templateId = await assignedTo(program.certification.id);
    const changed = await send('POST', `/api/certificatetemplate/update/${templateId}`, { title: 'Complete', orientation: 'landscape', fields: without('holderName', 'scope') });
    expect(changed.statusCode).toBe(400);
    const codes = [program.certification.programCode, program.welder.programCode].sort();
    expect(changed.json().message).toBe(`The template lacks: holder name, scope (needed by ${codes.join(', ')}, which use it)`);
    const [stored] = await t.database.db.select().from(certificateTemplates).where(eq(certificateTemplates.id, templateId!));
    expect(stored?.fields).toHaveLength(DEFAULT_TEMPLATE_FIELDS.length);
    // A change that keeps every required field goes through.
    const moved = DEFAULT_TEMPLATE_FIELDS.map((field) => (field.field === 'holderName' ? { ...field, y: 240 } : field));
    expect((await send('POST', `/api/certificatetemplate/update/${templateId}`, { title: 'Complete', orientation: 'landscape', fields: moved })).statusCode).toBe(200);
  });
});

describe('the certificate', () => {
  async function awardOf(programId: string, programType: 1 | 2 | 3, modules: { title: string; result: 'Pass' | 'Fail' }[] = []) {
    const db = t.database.db;
    const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Robin', lastName: 'Certified' });
    const [application] = await db
      .insert(applications)
      .values({ applicationNumber: `C-2026-${randomBytes(4).toString('hex')}`, applicantId: holder.applicantId!, programId, programType, status: 'Awarded', submittedOn: new Date() })
      .returning({ id: applications.id });
    for (const [index, module] of modules.entries()) {
      const [programModule] = await db
        .insert(programModules)
        .values({ programId, moduleCode: `M${index + 10}`, moduleTitle: module.title, examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: 70, sortOrder: index + 10 })
        .returning({ id: programModules.id });
      await db.insert(applicationModules).values({ applicationId: application!.id, programModuleId: programModule!.id, isRequired: true, feeCents: 100, feeBasis: 'member', order: index + 1, result: module.result });
    }
    const certificateNumber = `CWS-${randomBytes(4).toString('hex').toUpperCase()}`;
    const [award] = await db
      .insert(awards)
      .values({ applicationId: application!.id, applicantId: holder.applicantId!, programId, programType, awardType: 'Awarded', certificateNumber, awardedOn: '2026-11-20', expiresOn: '2031-11-19' })
      .returning({ id: awards.id });
    const text = (await textOfPdf((await t.app.inject({ method: 'GET', url: `/api/award/${award!.id}/certificate`, headers: bearer(jwt) })).rawPayload)).join('\n');
    return { certificateNumber, text };
  }

  it('states the holder, the number, the body, the scheme, the scope (the modules passed), the effective date and the expiry date', async () => {
    const [body] = await t.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID));
    const { certificateNumber, text } = await awardOf(program.certification.id, 2, [
      { title: 'Welding coordination', result: 'Pass' },
      { title: 'Failed elective', result: 'Fail' },
      { title: 'Quality and inspection', result: 'Pass' },
    ]);
    expect(text).toContain('Robin Certified');
    expect(text).toContain(`Certificate number: ${certificateNumber}`);
    expect(text).toContain(body!.name);
    expect(text).toContain('Scheme: Certified Welding Supervisor');
    expect(text).toContain('Scope: Welding coordination, Quality and inspection');
    expect(text).not.toContain('Failed elective');
    expect(text).toContain('Awarded: 20 November 2026');
    expect(text).toContain('Valid until: 19 November 2031');
  });

  it("names a welder qualification's standard as its scheme, and a program without modules as its own scope", async () => {
    const { text } = await awardOf(program.welder.id, 3);
    expect(text).toContain('Scheme: ISO 9606-1:2017');
    expect(text).toContain('Scope: Welder Qualification Plate');
  });
});
