import { and, asc, count, eq, exists, gt, inArray, notExists, or, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { DEFAULT_TEMPLATE_FIELDS } from '@certs/shared/certificate/certificate-template.contract';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { awards, certificateTemplates, programCertificateTemplates } from '../../db/schema/award';
import { applicationModules } from '../../db/schema/application-module';
import { programModules, programWelderQualificationSettings, programs } from '../../db/schema/program';
import { resitModules } from '../../db/schema/resit';
import { applicants, users } from '../../db/schema/user';

export type CertificateTemplateRowData = typeof certificateTemplates.$inferSelect;

export interface TemplateProgramRow {
  templateId: string;
  id: string;
  programCode: string;
  programTitle: string;
  programType: number;
}

/** One award with what its certificate prints. */
export interface AwardCertificateRow {
  id: string;
  applicationId: string;
  applicantId: string;
  programId: string;
  programType: number;
  certificateNumber: string;
  awardedOn: string;
  expiresOn: string | null;
  status: string;
  certificateKey: string | null;
  certificateVersion: number;
  certificateGeneratedVersion: number | null;
  firstName: string;
  lastName: string;
  memberNumber: string;
  programCode: string;
  programTitle: string;
  /** A welder qualification program's standard (ISO 9606-1:2017, ...); null for the other types. */
  standard: string | null;
  /** The issuing body: the account that owns the program (decision 033). */
  awardingBodyName: string;
  /** Its logo (drawn at the top of the certificate), or null. */
  logoAttachmentId: string | null;
  /** Its time zone: whether the award has expired is judged on that body's today. */
  timeZone: string;
}

/**
 * Templates, their programs, and the award columns that record a generated certificate. Templates
 * belong to an account (decision 033): reads and writes name it, so another account's template is
 * not found, and each account has its own default (its oldest template).
 */
export class CertificateRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findTemplates(accountId: string): Promise<CertificateTemplateRowData[]> {
    return this.db
      .select()
      .from(certificateTemplates)
      .where(eq(certificateTemplates.accountId, accountId))
      .orderBy(asc(certificateTemplates.createdOn), asc(certificateTemplates.id));
  }

  async findTemplate(id: string, accountId: string, executor: Executor = this.db): Promise<CertificateTemplateRowData | undefined> {
    const [row] = await executor
      .select()
      .from(certificateTemplates)
      .where(and(eq(certificateTemplates.id, id), eq(certificateTemplates.accountId, accountId)));
    return row;
  }

  /** The template of the account's programs without one of their own: the account's oldest. */
  async findDefaultTemplate(accountId: string, executor: Executor = this.db): Promise<CertificateTemplateRowData | undefined> {
    const [row] = await executor
      .select()
      .from(certificateTemplates)
      .where(eq(certificateTemplates.accountId, accountId))
      .orderBy(asc(certificateTemplates.createdOn), asc(certificateTemplates.id))
      .limit(1);
    return row;
  }

  /** The program's own template, else its account's default (a template of another account is never used). */
  async findTemplateOfProgram(programId: string): Promise<CertificateTemplateRowData | undefined> {
    const [program] = await this.db.select({ accountId: programs.accountId }).from(programs).where(eq(programs.id, programId));
    if (!program) return undefined;
    const [row] = await this.db
      .select({ template: certificateTemplates })
      .from(programCertificateTemplates)
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, programCertificateTemplates.templateId))
      .where(and(eq(programCertificateTemplates.programId, programId), eq(certificateTemplates.accountId, program.accountId)));
    return row?.template ?? (await this.findDefaultTemplate(program.accountId));
  }

  async findProgramsOfTemplates(templateIds: string[]): Promise<TemplateProgramRow[]> {
    if (templateIds.length === 0) return [];
    return this.db
      .select({ templateId: programCertificateTemplates.templateId, id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType })
      .from(programCertificateTemplates)
      .innerJoin(programs, eq(programs.id, programCertificateTemplates.programId))
      .where(inArray(programCertificateTemplates.templateId, templateIds))
      .orderBy(asc(programs.programCode));
  }

  /** Every program of the account with the template assigned to it (null: the default). */
  async findProgramsWithTemplate(accountId: string): Promise<{ id: string; programCode: string; programTitle: string; programType: number; templateId: string | null }[]> {
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType, templateId: programCertificateTemplates.templateId })
      .from(programs)
      .leftJoin(programCertificateTemplates, eq(programCertificateTemplates.programId, programs.id))
      .where(eq(programs.accountId, accountId))
      .orderBy(asc(programs.programCode));
  }

  async findProgramType(programId: string): Promise<number | undefined> {
    const [row] = await this.db.select({ programType: programs.programType }).from(programs).where(eq(programs.id, programId));
    return row?.programType;
  }

  /**
   * The scope a certificate states: the titles of the application's modules that were passed, at the
   * first sitting or at a re-sit, in the application's order (none for a program without modules).
   */
  async findPassedModuleTitles(applicationId: string): Promise<string[]> {
    const passedAtResit = this.db
      .select({ one: sql`1` })
      .from(resitModules)
      .where(and(eq(resitModules.applicationModuleId, applicationModules.id), eq(resitModules.result, 'Pass')));
    const rows = await this.db
      .select({ title: programModules.moduleTitle })
      .from(applicationModules)
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(and(eq(applicationModules.applicationId, applicationId), or(eq(applicationModules.result, 'Pass'), exists(passedAtResit))))
      .orderBy(asc(applicationModules.order), asc(programModules.moduleTitle));
    return rows.map((row) => row.title);
  }

  async insertTemplate(tx: Executor, values: typeof certificateTemplates.$inferInsert & { accountId: string }): Promise<CertificateTemplateRowData> {
    const [row] = await tx.insert(certificateTemplates).values(values).returning();
    return row!;
  }

  /** Locks the account's template for an update, so two saves do not interleave their file changes. */
  async lockTemplate(tx: Executor, id: string, accountId: string): Promise<CertificateTemplateRowData | undefined> {
    const [row] = await tx
      .select()
      .from(certificateTemplates)
      .where(and(eq(certificateTemplates.id, id), eq(certificateTemplates.accountId, accountId)))
      .for('update');
    return row;
  }

  async updateTemplate(tx: Executor, id: string, values: Partial<typeof certificateTemplates.$inferInsert>): Promise<CertificateTemplateRowData | undefined> {
    const [row] = await tx.update(certificateTemplates).set({ ...values, modifiedOn: new Date() }).where(eq(certificateTemplates.id, id)).returning();
    return row;
  }

  async assignTemplate(tx: Executor, programId: string, templateId: string, by: string): Promise<void> {
    await tx
      .insert(programCertificateTemplates)
      .values({ programId, templateId, createdBy: by, modifiedBy: by })
      .onConflictDoUpdate({ target: programCertificateTemplates.programId, set: { templateId, modifiedBy: by, modifiedOn: new Date() } });
  }

  /** A program's certificates show a new design: each award's PDF is made again when next asked for. */
  async bumpCertificatesOfProgram(tx: Executor, programId: string): Promise<void> {
    await tx.update(awards).set({ certificateVersion: sql`${awards.certificateVersion} + 1` }).where(eq(awards.programId, programId));
  }

  /**
   * A template changed: the awards of programs using it (and, for its account's default, of that
   * account's programs with none) are out of date.
   */
  async bumpCertificatesOfTemplate(tx: Executor, template: { id: string; accountId: string }, isDefault: boolean): Promise<void> {
    const assigned = tx.select({ id: programCertificateTemplates.programId }).from(programCertificateTemplates).where(eq(programCertificateTemplates.templateId, template.id));
    const ofAccount = tx.select({ id: programs.id }).from(programs).where(eq(programs.accountId, template.accountId));
    const unassigned = and(
      inArray(awards.programId, ofAccount),
      notExists(tx.select({ one: sql`1` }).from(programCertificateTemplates).where(eq(programCertificateTemplates.programId, awards.programId))),
    );
    await tx
      .update(awards)
      .set({ certificateVersion: sql`${awards.certificateVersion} + 1` })
      .where(isDefault ? or(inArray(awards.programId, assigned), unassigned) : inArray(awards.programId, assigned));
  }

  async findAwardForCertificate(awardId: string): Promise<AwardCertificateRow | undefined> {
    const [row] = await this.awardSelect().where(eq(awards.id, awardId));
    return row;
  }

  async findAwardsForCertificate(awardIds: string[]): Promise<AwardCertificateRow[]> {
    if (awardIds.length === 0) return [];
    return this.awardSelect().where(inArray(awards.id, awardIds));
  }

  /** One batch of a program's awards in id order, after the last one of the previous batch. */
  async findProgramAwardBatch(programId: string, after: string | undefined, limit: number): Promise<{ rows: AwardCertificateRow[]; total: number }> {
    const [total] = await this.db.select({ n: count() }).from(awards).where(eq(awards.programId, programId));
    const rows = await this.awardSelect()
      .where(and(eq(awards.programId, programId), after ? gt(awards.id, after) : undefined))
      .orderBy(asc(awards.id))
      .limit(limit);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Records the stored PDF of a version, unless a newer one was recorded meanwhile; answers the key
   * it replaced (to delete), or undefined when nothing changed.
   */
  async markGenerated(awardId: string, key: string, version: number): Promise<{ replacedKey: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select({ key: awards.certificateKey, version: awards.certificateGeneratedVersion }).from(awards).where(eq(awards.id, awardId)).for('update');
      if (!current || (current.version !== null && current.version > version)) return undefined;
      await tx.update(awards).set({ certificateKey: key, certificateGeneratedVersion: version, certificateGeneratedOn: new Date() }).where(eq(awards.id, awardId));
      return { replacedKey: current.key !== key ? current.key : null };
    });
  }

  private awardSelect() {
    return this.db
      .select({
        id: awards.id,
        applicationId: awards.applicationId,
        applicantId: awards.applicantId,
        programId: awards.programId,
        programType: awards.programType,
        certificateNumber: awards.certificateNumber,
        awardedOn: awards.awardedOn,
        expiresOn: awards.expiresOn,
        status: awards.status,
        certificateKey: awards.certificateKey,
        certificateVersion: awards.certificateVersion,
        certificateGeneratedVersion: awards.certificateGeneratedVersion,
        firstName: users.firstName,
        lastName: users.lastName,
        memberNumber: applicants.memberNumber,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        standard: programWelderQualificationSettings.standard,
        awardingBodyName: accounts.name,
        logoAttachmentId: accounts.logoAttachmentId,
        timeZone: accounts.timeZone,
      })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(programWelderQualificationSettings, eq(programWelderQualificationSettings.programId, programs.id))
      .$dynamic();
  }

  /** The name and logo an account's certificates print (the designer's preview). */
  async findAccountName(accountId: string): Promise<string> {
    return (await this.findAccountLook(accountId)).name;
  }

  async findAccountLook(accountId: string): Promise<{ name: string; logoAttachmentId: string | null }> {
    const [row] = await this.db.select({ name: accounts.name, logoAttachmentId: accounts.logoAttachmentId }).from(accounts).where(eq(accounts.id, accountId));
    return row ?? { name: '', logoAttachmentId: null };
  }

  /** The account's logo changed: every certificate of its programs is made again when next asked for. */
  async bumpCertificatesOfAccount(accountId: string): Promise<void> {
    const ofAccount = this.db.select({ id: programs.id }).from(programs).where(eq(programs.accountId, accountId));
    await this.db.update(awards).set({ certificateVersion: sql`${awards.certificateVersion} + 1` }).where(inArray(awards.programId, ofAccount));
  }
}

/**
 * The demo's clean default template (landscape A4, a plain framed page, the default layout) of the
 * first account, assigned to every program of that account, so any of its awards has a real
 * certificate at once (another account seeds its own template).
 */
export async function seedDefaultCertificateTemplate(tx: Executor, createdBy: string): Promise<string> {
  const [template] = await tx
    .insert(certificateTemplates)
    .values({ accountId: FIRST_ACCOUNT_ID, title: 'Default certificate', orientation: 'landscape', fields: DEFAULT_TEMPLATE_FIELDS, createdBy, modifiedBy: createdBy })
    .returning({ id: certificateTemplates.id });
  const all = await tx.select({ id: programs.id }).from(programs).where(eq(programs.accountId, FIRST_ACCOUNT_ID));
  if (all.length > 0) {
    await tx
      .insert(programCertificateTemplates)
      .values(all.map((program) => ({ programId: program.id, templateId: template!.id, createdBy, modifiedBy: createdBy })))
      .onConflictDoNothing();
  }
  return template!.id;
}
