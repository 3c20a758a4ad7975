import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import {
  BACKGROUND_CONTENT_TYPES,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_REQUIREMENTS,
  DEFAULT_TEMPLATE_FIELDS,
  GENERATE_BATCH_MAX,
  NOT_CURRENT_STAMP,
  SAMPLE_CERTIFICATE_VALUES,
  SIGNATURE_CONTENT_TYPES,
  formatCertificateDate,
  missingCertificateRequirements,
  verifyPathOf,
  type AssignableProgram,
  type CertificateTemplate,
  type CertificateTemplatePreviewRequest,
  type CertificateTemplateRequest,
  type CertificateTemplateRow,
  type CertificateValues,
  type GenerateCertificatesRequest,
  type GenerateCertificatesResponse,
  type GenerateResult,
  type TemplateOrientation,
} from '@certs/shared/certificate/certificate-template.contract';
import { AppError } from '../../platform/app-error';
import { NO_ACCESS_LOG, type PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import { dayIn } from '../account/account-time-zone';
import type { AttachmentService } from '../attachment/attachment.service';
import { canStaffReadAward, isAwardHolder } from '../award/award.policy';
import { canManageAward } from '../award/award.policy';
import type { ProgramService } from '../program/program.service';
import { backgroundProblem, renderCertificatePdf, signatureReadable, type CertificateDesign, type TemplateFileBytes } from './certificate-pdf';
import { canAssignTemplate, canManageTemplates } from './certificate.policy';
import type { AwardCertificateRow, CertificateRepository, CertificateTemplateRowData } from './certificate.repository';

type FileKind = 'background' | 'signature';
type FileInput = CertificateTemplateRequest['background'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The design used when no template exists at all: the default layout on a plain framed page. */
const BUILT_IN_DESIGN: CertificateDesign = { orientation: 'landscape', fields: DEFAULT_TEMPLATE_FIELDS, background: null, signature: null };

/** Draws an award's whole certificate (null: use the program's template after all). */
export type ProgramTypeCertificateRenderer = (awardId: string, options: { verifyUrl: string; stamp?: string; awardingBodyName: string }) => Promise<Uint8Array | null>;

/** Each certificate names its own issuing body (the program's account, decision 033). */
export interface CertificateSettings {
  publicUrl: string;
}

/** The award's status as a certificate shows it today (its awarding body's): a current award past its last valid day is expired. */
export function certificateStatusOf(award: Pick<AwardCertificateRow, 'status' | 'expiresOn' | 'timeZone'>, today: string = dayIn(award.timeZone)): string {
  if (award.status === 'current' && award.expiresOn !== null && award.expiresOn < today) return 'expired';
  return award.status;
}

/**
 * How certificates are drawn: raised when the renderers print something new or differently (2:
 * issue 45's verification address, no empty Member ID line, the WPQ certificate's signatures and
 * ranges), so PDFs stored the old way are made again on their next download.
 */
export const CERTIFICATE_DRAWING = 2;

/** Where an award's PDF of one version and status is kept: a new version, status or drawing is a new file. */
export function certificateKeyOf(awardId: string, version: number, status: string): string {
  return `certificates/${awardId}/v${version}-${status.replace(/[^a-z]+/g, '-')}-d${CERTIFICATE_DRAWING}.pdf`;
}

/**
 * Certificate templates and certificates (issue 16, decision 019): templates with their stored
 * background and signature, the designer's preview, assignment to programs, and the PDF of each
 * award, made with pdf-lib and kept in storage until the award or its template changes.
 */
export class CertificateService {
  constructor(
    private readonly repository: CertificateRepository,
    private readonly storage: Storage,
    private readonly attachments: Pick<AttachmentService, 'findOwned' | 'readAccountLogo'>,
    private readonly programs: Pick<ProgramService, 'programPrivilege'>,
    private readonly settings: CertificateSettings,
    /** Staff opening a holder's certificate is a read of their personal data (decision 016). */
    private readonly accessLog: PersonalDataAccessLog = NO_ACCESS_LOG,
  ) {}

  async list(actor: CurrentUser): Promise<CertificateTemplateRow[]> {
    this.assertManager(actor);
    // The account's oldest template is its default.
    const rows = await this.repository.findTemplates(staffAccountOf(actor));
    const programs = await this.repository.findProgramsOfTemplates(rows.map((row) => row.id));
    return rows.map((row, index) => {
      const { fields: _fields, ...rest } = this.toTemplate(row, index === 0, programs);
      return rest;
    });
  }

  async find(actor: CurrentUser, id: string): Promise<CertificateTemplate> {
    this.assertManager(actor);
    const row = await this.existing(actor, id);
    return this.present(row);
  }

  async create(actor: CurrentUser, input: CertificateTemplateRequest): Promise<CertificateTemplate> {
    this.assertManager(actor);
    const accountId = staffAccountOf(actor);
    const id = randomUUID();
    const background = await this.storedFile(actor, id, 'background', input.background, input.orientation);
    let signature: Awaited<ReturnType<CertificateService['storedFile']>>;
    try {
      signature = await this.storedFile(actor, id, 'signature', input.signature, input.orientation);
      this.assertSignaturePlaced(input, signature ?? null);
    } catch (error) {
      await this.removeQuietly([background?.key]);
      throw error;
    }
    try {
      const row = await this.repository.transaction(async (tx) => {
        const created = await this.repository.insertTemplate(tx, {
          id,
          accountId,
          title: input.title,
          orientation: input.orientation,
          fields: input.fields,
          backgroundKey: background?.key ?? null,
          backgroundContentType: background?.contentType ?? null,
          signatureKey: signature?.key ?? null,
          signatureContentType: signature?.contentType ?? null,
          createdBy: actor.id,
          modifiedBy: actor.id,
        });
        // The account's first template becomes its default: awards of its programs without a template change design.
        const first = await this.repository.findDefaultTemplate(accountId, tx);
        if (first?.id === id) await this.repository.bumpCertificatesOfTemplate(tx, created, true);
        return created;
      });
      return this.present(row);
    } catch (error) {
      await this.removeQuietly([background?.key, signature?.key]);
      throw error;
    }
  }

  async update(actor: CurrentUser, id: string, input: CertificateTemplateRequest): Promise<CertificateTemplate> {
    this.assertManager(actor);
    const before = await this.existing(actor, id);
    await this.assertStillEnough(id, input.fields);
    const background = await this.storedFile(actor, id, 'background', input.background, input.orientation);
    let signature: Awaited<ReturnType<CertificateService['storedFile']>>;
    try {
      signature = await this.storedFile(actor, id, 'signature', input.signature, input.orientation);
    } catch (error) {
      await this.removeQuietly([background?.key]);
      throw error;
    }
    if (input.background === undefined && before.backgroundKey) {
      // A kept background must still fit a changed orientation.
      const kept = await this.readStored(before.backgroundKey, before.backgroundContentType);
      const problem = await backgroundProblem(kept, input.orientation);
      if (problem) {
        await this.removeQuietly([signature?.key]);
        throw this.fileError('background', problem, input.orientation);
      }
    }
    const signatureAfter = signature !== undefined ? signature : before.signatureKey ? { key: before.signatureKey, contentType: before.signatureContentType ?? '' } : null;
    try {
      this.assertSignaturePlaced(input, signatureAfter);
    } catch (error) {
      await this.removeQuietly([background?.key, signature?.key]);
      throw error;
    }
    const replaced: (string | null | undefined)[] = [];
    try {
      const row = await this.repository.transaction(async (tx) => {
        const locked = await this.repository.lockTemplate(tx, id, before.accountId);
        if (!locked) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.notFound);
        const values: Parameters<CertificateRepository['updateTemplate']>[2] = { title: input.title, orientation: input.orientation, fields: input.fields, modifiedBy: actor.id };
        if (background !== undefined) {
          Object.assign(values, { backgroundKey: background?.key ?? null, backgroundContentType: background?.contentType ?? null });
          replaced.push(locked.backgroundKey);
        }
        if (signature !== undefined) {
          Object.assign(values, { signatureKey: signature?.key ?? null, signatureContentType: signature?.contentType ?? null });
          replaced.push(locked.signatureKey);
        }
        const updated = await this.repository.updateTemplate(tx, id, values);
        const first = await this.repository.findDefaultTemplate(locked.accountId, tx);
        await this.repository.bumpCertificatesOfTemplate(tx, locked, first?.id === id);
        return updated!;
      });
      await this.removeQuietly(replaced);
      return this.present(row);
    } catch (error) {
      await this.removeQuietly([background?.key, signature?.key]);
      throw error;
    }
  }

  /** The designer's live preview: the draft drawn with sample values (nothing is stored). */
  async preview(actor: CurrentUser, input: CertificateTemplatePreviewRequest): Promise<Uint8Array> {
    this.assertManager(actor);
    const stored = input.templateId ? await this.existing(actor, input.templateId) : undefined;
    const background = await this.draftFile(actor, 'background', input.background, stored?.backgroundKey, stored?.backgroundContentType, input.orientation);
    const signature = await this.draftFile(actor, 'signature', input.signature, stored?.signatureKey, stored?.signatureContentType, input.orientation);
    const look = await this.repository.findAccountLook(staffAccountOf(actor));
    const values: CertificateValues = {
      ...SAMPLE_CERTIFICATE_VALUES,
      awardingBodyName: look.name,
      verifyUrl: `${this.settings.publicUrl}${verifyPathOf(SAMPLE_CERTIFICATE_VALUES.certificateNumber)}`,
    };
    return renderCertificatePdf({ orientation: input.orientation, fields: input.fields, background, signature }, values, {
      title: `Preview of ${input.title || 'a certificate template'}`,
      logo: await this.logoOf(look.logoAttachmentId),
    });
  }

  /** Programs of the caller's account they manage, each with the template it uses now (null: the default). */
  async assignablePrograms(actor: CurrentUser): Promise<AssignableProgram[]> {
    this.assertManager(actor);
    const programs = await this.repository.findProgramsWithTemplate(staffAccountOf(actor));
    const allowed: AssignableProgram[] = [];
    for (const program of programs) {
      if (canAssignTemplate(actor, await this.programs.programPrivilege(actor, program.id))) allowed.push(program);
    }
    return allowed;
  }

  async assign(actor: CurrentUser, programId: string, templateId: string): Promise<CertificateTemplate> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!UUID.test(programId)) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.programNotFound);
    // Another account's program is not found (404); the program is then of the caller's account.
    const standing = await this.programs.programPrivilege(actor, programId);
    if (!canAssignTemplate(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // A program uses a template of its own account only: another account's is as unknown as none.
    const template = await this.repository.findTemplate(templateId, staffAccountOf(actor));
    if (!template) throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.notFound, { templateId: CERTIFICATE_MESSAGES.notFound });
    // ISO/IEC 17024 9.4.8: the program's certificates must state all it requires.
    const missing = missingCertificateRequirements(template.fields, (await this.repository.findProgramType(programId)) ?? 0);
    if (missing.length > 0) {
      const message = CERTIFICATE_MESSAGES.templateLacks(missing.map((requirement) => requirement.label));
      throw new AppError('BAD_REQUEST', message, { templateId: message });
    }
    await this.repository.transaction(async (tx) => {
      await this.repository.assignTemplate(tx, programId, templateId, actor.id);
      await this.repository.bumpCertificatesOfProgram(tx, programId);
    });
    return this.present(template);
  }

  /**
   * Bulk generation: listed awards, or a program's awards one batch at a time (the client asks for
   * the next batch with `after` and shows progress). Each certificate is made afresh and stored.
   */
  async generate(actor: CurrentUser, input: GenerateCertificatesRequest): Promise<GenerateCertificatesResponse> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (input.programId) {
      if (!canManageAward(actor, await this.programs.programPrivilege(actor, input.programId))) throw new AppError('FORBIDDEN', CERTIFICATE_MESSAGES.forbidden);
      const { rows, total } = await this.repository.findProgramAwardBatch(input.programId, input.after, GENERATE_BATCH_MAX);
      const results: GenerateResult[] = [];
      for (const award of rows) results.push(await this.generateOne(award));
      const next = rows.length === GENERATE_BATCH_MAX ? rows[rows.length - 1]!.id : null;
      return { results, total, next };
    }
    const ids = [...new Set(input.awardIds ?? [])];
    const found = new Map((await this.repository.findAwardsForCertificate(ids)).map((row) => [row.id, row]));
    const standings = new Map<string, boolean>();
    const results: GenerateResult[] = [];
    for (const id of ids) {
      const award = found.get(id);
      if (!award) {
        results.push({ awardId: id, certificateNumber: null, ok: false, message: CERTIFICATE_MESSAGES.awardNotFound });
        continue;
      }
      if (!standings.has(award.programId)) standings.set(award.programId, canManageAward(actor, await this.programs.programPrivilege(actor, award.programId)));
      if (!standings.get(award.programId)) {
        results.push({ awardId: id, certificateNumber: award.certificateNumber, ok: false, message: CERTIFICATE_MESSAGES.forbidden });
        continue;
      }
      results.push(await this.generateOne(award));
    }
    return { results, total: ids.length, next: null };
  }

  /** Program types whose certificate another module draws (Welder Qualification: the ISO 9606-1 Annex A form, decision 026). */
  private readonly programTypeRenderers = new Map<number, ProgramTypeCertificateRenderer>();

  useProgramTypeRenderer(programType: number, render: ProgramTypeCertificateRenderer): void {
    this.programTypeRenderers.set(programType, render);
  }

  /**
   * The award's certificate PDF, for its holder and for staff who may read the award (another
   * applicant: 404; staff outside the program: 403). Made on first request and again whenever the
   * award's certificate version or status moved on since the stored one.
   */
  async certificateOf(actor: CurrentUser, awardId: string): Promise<{ bytes: Uint8Array; fileName: string; status: string }> {
    const award = UUID.test(awardId) ? await this.repository.findAwardForCertificate(awardId) : undefined;
    if (!award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    if (actor.userType === 'admin') {
      if (!canStaffReadAward(actor, await this.programs.programPrivilege(actor, award.programId))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      await this.accessLog.record(actor, { applicantId: award.applicantId }, { route: 'GET /api/award/:id/certificate', resource: award.id });
    } else if (!isAwardHolder(actor, award)) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const status = certificateStatusOf(award);
    const key = certificateKeyOf(award.id, award.certificateVersion, status);
    const fileName = `certificate-${award.certificateNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
    if (award.certificateKey === key && award.certificateGeneratedVersion === award.certificateVersion) {
      try {
        return { bytes: await this.storage.read(key), fileName, status };
      } catch {
        // Gone from storage (restored database, emptied bucket): made again below.
      }
    }
    const bytes = await this.renderAndStore(award, status, key);
    return { bytes, fileName, status };
  }

  private async generateOne(award: AwardCertificateRow): Promise<GenerateResult> {
    try {
      const status = certificateStatusOf(award);
      await this.renderAndStore(award, status, certificateKeyOf(award.id, award.certificateVersion, status));
      return { awardId: award.id, certificateNumber: award.certificateNumber, ok: true, message: CERTIFICATE_MESSAGES.generated };
    } catch (error) {
      return { awardId: award.id, certificateNumber: award.certificateNumber, ok: false, message: error instanceof AppError ? error.message : 'The certificate could not be made' };
    }
  }

  private async renderAndStore(award: AwardCertificateRow, status: string, key: string): Promise<Uint8Array> {
    const own = this.programTypeRenderers.get(award.programType);
    const verifyUrl = `${this.settings.publicUrl}${verifyPathOf(award.certificateNumber)}`;
    const drawn = own ? await own(award.id, { verifyUrl, stamp: NOT_CURRENT_STAMP[status], awardingBodyName: award.awardingBodyName }) : null;
    const bytes =
      drawn ??
      (await renderCertificatePdf(await this.designOfProgram(award.programId), await this.valuesOfAward(award), {
        title: `Certificate ${award.certificateNumber}`,
        stamp: NOT_CURRENT_STAMP[status],
        logo: await this.logoOf(award.logoAttachmentId),
      }));
    await this.storage.write(key, bytes, 'application/pdf');
    const marked = await this.repository.markGenerated(award.id, key, award.certificateVersion);
    if (marked?.replacedKey) await this.removeQuietly([marked.replacedKey]);
    return bytes;
  }

  /** The issuing body's logo, when it has one whose file is still there. */
  private async logoOf(logoAttachmentId: string | null): Promise<TemplateFileBytes | null> {
    return logoAttachmentId ? this.attachments.readAccountLogo(logoAttachmentId) : null;
  }

  /** The body's logo changed (issue 40): its certificates are made again when next asked for. */
  async accountLogoChanged(accountId: string): Promise<void> {
    await this.repository.bumpCertificatesOfAccount(accountId);
  }

  /**
   * A template's new fields must still state what each program assigned to it requires (9.4.8), or
   * the change is refused naming what is missing and who needs it.
   */
  private async assertStillEnough(templateId: string, fields: CertificateTemplateRequest['fields']): Promise<void> {
    const programs = await this.repository.findProgramsOfTemplates([templateId]);
    const labels = new Set<string>();
    const codes: string[] = [];
    for (const program of programs) {
      const missing = missingCertificateRequirements(fields, program.programType);
      if (missing.length === 0) continue;
      codes.push(program.programCode);
      for (const requirement of missing) labels.add(requirement.label);
    }
    if (codes.length === 0) return;
    // In the order 9.4.8 lists them, whichever program needed each.
    const ordered = CERTIFICATE_REQUIREMENTS.map((requirement) => requirement.label).filter((label) => labels.has(label));
    throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.templateInUseLacks(ordered, codes), { fields: CERTIFICATE_MESSAGES.templateInUseLacks(ordered, codes) });
  }

  /** What one award's certificate prints (the render model): ISO/IEC 17024 9.4.8's items among them. */
  private async valuesOfAward(award: AwardCertificateRow): Promise<CertificateValues> {
    const modules = award.programType === 3 ? [] : await this.repository.findPassedModuleTitles(award.applicationId);
    return {
      holderName: `${award.firstName} ${award.lastName}`.trim(),
      holderNumber: award.memberNumber.trim(),
      programCode: award.programCode,
      programTitle: award.programTitle,
      scheme: award.programType === 3 && award.standard ? award.standard : award.programTitle,
      scope: modules.length > 0 ? modules.join(', ') : award.programTitle,
      certificateNumber: award.certificateNumber,
      awardDate: formatCertificateDate(award.awardedOn),
      expiryDate: formatCertificateDate(award.expiresOn),
      awardingBodyName: award.awardingBodyName,
      verifyUrl: `${this.settings.publicUrl}${verifyPathOf(award.certificateNumber)}`,
    };
  }

  private async designOfProgram(programId: string): Promise<CertificateDesign> {
    const template = await this.repository.findTemplateOfProgram(programId);
    if (!template) return BUILT_IN_DESIGN;
    return {
      orientation: template.orientation,
      fields: template.fields as CertificateDesign['fields'],
      background: template.backgroundKey ? await this.readStored(template.backgroundKey, template.backgroundContentType) : null,
      signature: template.signatureKey ? await this.readStored(template.signatureKey, template.signatureContentType) : null,
    };
  }

  private async readStored(key: string, contentType: string | null): Promise<TemplateFileBytes> {
    return { bytes: await this.storage.read(key), contentType: contentType ?? '' };
  }

  /**
   * A newly uploaded file for a template, checked and copied under the template's own key (so the
   * upload's later fate never changes a template). undefined: keep what the template has; null: none.
   */
  private async storedFile(actor: CurrentUser, templateId: string, kind: FileKind, input: FileInput, orientation: TemplateOrientation): Promise<{ key: string; contentType: string } | null | undefined> {
    if (input === undefined || input === null) return input;
    const file = await this.checkedUpload(actor, kind, input.attachmentId, orientation);
    const key = `certificate-templates/${templateId}/${kind}-${randomUUID()}.${EXTENSIONS[file.contentType]}`;
    await this.storage.write(key, file.bytes, file.contentType);
    return { key, contentType: file.contentType };
  }

  private async draftFile(
    actor: CurrentUser,
    kind: FileKind,
    input: FileInput,
    storedKey: string | null | undefined,
    storedType: string | null | undefined,
    orientation: TemplateOrientation,
  ): Promise<TemplateFileBytes | null> {
    if (input === null) return null;
    if (input === undefined) {
      if (!storedKey) return null;
      const stored = await this.readStored(storedKey, storedType ?? null);
      // A stored background of the other orientation is left out rather than drawn distorted.
      if (kind === 'background' && (await backgroundProblem(stored, orientation))) return null;
      return stored;
    }
    return this.checkedUpload(actor, kind, input.attachmentId, orientation);
  }

  /** The caller's own saved upload, of an allowed type by its bytes, readable and (a background) one A4 page. */
  private async checkedUpload(actor: CurrentUser, kind: FileKind, attachmentId: string, orientation: TemplateOrientation): Promise<TemplateFileBytes> {
    const [attachment] = await this.attachments.findOwned(actor.id, [attachmentId]);
    if (!attachment) throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.uploadNotFound, { [kind]: CERTIFICATE_MESSAGES.uploadNotFound });
    const allowed: readonly string[] = kind === 'background' ? BACKGROUND_CONTENT_TYPES : SIGNATURE_CONTENT_TYPES;
    if (!allowed.includes(attachment.contentType)) throw this.fileError(kind, 'type', orientation);
    const file = { bytes: await this.storage.read(attachment.resourceKey), contentType: attachment.contentType };
    if (kind === 'background') {
      const problem = await backgroundProblem(file, orientation);
      if (problem) throw this.fileError(kind, problem, orientation);
    } else if (!(await signatureReadable(file))) throw this.fileError(kind, 'unreadable', orientation);
    return file;
  }

  private fileError(kind: FileKind, problem: string, orientation: TemplateOrientation): AppError {
    const messages: Record<string, string> =
      kind === 'background'
        ? {
            type: CERTIFICATE_MESSAGES.backgroundType,
            pages: CERTIFICATE_MESSAGES.backgroundPages,
            notA4: CERTIFICATE_MESSAGES.backgroundNotA4,
            orientation: CERTIFICATE_MESSAGES.backgroundOrientation(orientation),
            shape: CERTIFICATE_MESSAGES.backgroundShape,
            unreadable: CERTIFICATE_MESSAGES.backgroundUnreadable,
          }
        : { type: CERTIFICATE_MESSAGES.signatureType, unreadable: CERTIFICATE_MESSAGES.signatureUnreadable };
    const message = messages[problem] ?? messages.unreadable!;
    return new AppError('BAD_REQUEST', message, { [kind]: message });
  }

  private assertSignaturePlaced(input: CertificateTemplateRequest, signature: { key: string } | null): void {
    const index = input.fields.findIndex((field) => field.field === 'signature');
    if (index >= 0 && !signature) throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.noSignature, { [`fields.${index}.field`]: CERTIFICATE_MESSAGES.noSignature });
  }

  private assertManager(actor: CurrentUser): void {
    if (!canManageTemplates(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /** A template of the caller's account; another account's answers 404 as if it did not exist. */
  private async existing(actor: CurrentUser, id: string): Promise<CertificateTemplateRowData> {
    const row = UUID.test(id) ? await this.repository.findTemplate(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.notFound);
    return row;
  }

  private async present(row: CertificateTemplateRowData): Promise<CertificateTemplate> {
    const [programs, first] = await Promise.all([this.repository.findProgramsOfTemplates([row.id]), this.repository.findDefaultTemplate(row.accountId)]);
    return this.toTemplate(row, first?.id === row.id, programs);
  }

  private toTemplate(row: CertificateTemplateRowData, isDefault: boolean, programs: { templateId: string; id: string; programCode: string; programTitle: string }[]): CertificateTemplate {
    return {
      id: row.id,
      title: row.title,
      orientation: row.orientation,
      fields: row.fields as CertificateTemplate['fields'],
      background: row.backgroundKey ? { contentType: row.backgroundContentType ?? '' } : null,
      signature: row.signatureKey ? { contentType: row.signatureContentType ?? '' } : null,
      isDefault,
      programs: programs.filter((program) => program.templateId === row.id).map(({ id, programCode, programTitle }) => ({ id, programCode, programTitle })),
      modifiedOn: row.modifiedOn.toISOString(),
    };
  }

  private async removeQuietly(keys: (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      try {
        await this.storage.remove(key);
      } catch {
        // An orphaned file costs only space; the answer is already decided.
      }
    }
  }
}
