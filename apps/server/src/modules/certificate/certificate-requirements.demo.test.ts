import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingCertificateRequirements, type CertificateTemplateField } from '@certs/shared/certificate/certificate-template.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { certificateTemplates, programCertificateTemplates } from '../../db/schema/award';
import { programs } from '../../db/schema/program';
import { seedDemoData } from '../../demo/demo-seed';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db, { writeFile: async () => undefined });
});

afterAll(async () => {
  await t.close();
});

describe('the demo’s certificate templates', () => {
  it('give every demo program, of both bodies, a template that states what ISO/IEC 17024 9.4.8 requires of its certificates', async () => {
    const assigned = await t.database.db
      .select({ programCode: programs.programCode, programType: programs.programType, title: certificateTemplates.title, fields: certificateTemplates.fields })
      .from(programCertificateTemplates)
      .innerJoin(programs, eq(programs.id, programCertificateTemplates.programId))
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, programCertificateTemplates.templateId));
    const all = await t.database.db.select({ programCode: programs.programCode }).from(programs);
    expect(assigned.map((row) => row.programCode).sort()).toEqual(all.map((row) => row.programCode).sort());
    expect(assigned.length).toBeGreaterThanOrEqual(5);
    const lacking = assigned
      .map((row) => [row.programCode, missingCertificateRequirements(row.fields as CertificateTemplateField[], row.programType).map((requirement) => requirement.label)] as const)
      .filter(([, missing]) => missing.length > 0);
    expect(lacking).toEqual([]);
  });
});
