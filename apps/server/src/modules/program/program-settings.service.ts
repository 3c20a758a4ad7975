import { SETTINGS_MESSAGES, type CertificationSettings, type WelderQualificationSettings } from '@certs/shared/program/program-settings.contract';
import { fromCents, toCents } from '@certs/shared/program/program-rules';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import type { z } from 'zod';
import type {
  CertificationSettingsRequest as CertificationSchema,
  RenewalSettingsRequest as RenewalSchema,
  WelderQualificationSettingsRequest as WelderQualificationSchema,
} from '@certs/shared/program/program-settings.contract';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { sanitizeRichText } from '../../platform/rich-text';
import type { CertificationSettingsRow, ProgramSettingsRepository, WelderQualificationSettingsRow } from './program-part.repository';
import type { ProgramService } from './program.service';

type CertificationValues = z.output<typeof CertificationSchema> | z.output<typeof RenewalSchema>;
type WelderQualificationValues = z.output<typeof WelderQualificationSchema>;
export type SettingsKind = 'initial' | 'renewal';

export const toCertificationSettings = (row: CertificationSettingsRow): CertificationSettings => ({
  programId: row.programId,
  kind: row.kind,
  memberFee: fromCents(row.memberFeeCents),
  nonmemberFee: fromCents(row.nonmemberFeeCents),
  reviewAllowed: row.reviewAllowed,
  renewalPeriod: row.renewalPeriod,
  requiredCpdHours: row.requiredCpdHours,
  assessorAssessmentInstruction: row.assessorAssessmentInstruction,
  certificationTooltips: row.certificationTooltips,
  programDeclaration: row.programDeclaration,
});

const centsOrNull = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : toCents(dollars));
const dollarsOrNull = (cents: number | null) => (cents === null ? null : fromCents(cents));

export const toWelderQualificationSettings = (row: WelderQualificationSettingsRow): WelderQualificationSettings => ({
  programId: row.programId,
  standard: row.standard,
  numOfConfirmation: row.numOfConfirmation,
  reValidationProlongation: row.reValidationProlongation,
  interval: row.interval,
  repeat: row.repeat,
  memberFee: fromCents(row.memberFeeCents),
  nonmemberFee: fromCents(row.nonmemberFeeCents),
  revalidationMemberFee: dollarsOrNull(row.revalidationMemberFeeCents),
  revalidationNonmemberFee: dollarsOrNull(row.revalidationNonmemberFeeCents),
  messageConfirmation: row.messageConfirmation,
  messageProlongationReValidation: row.messageProlongationReValidation,
  programDeclaration: row.programDeclaration,
});

/** The settings form of each program type (spec section 3). */
export class ProgramSettingsService {
  constructor(
    private readonly programs: ProgramService,
    private readonly repository: ProgramSettingsRepository,
  ) {}

  async findCertification(actor: CurrentUser, programId: string, kind: SettingsKind): Promise<{ settings: CertificationSettings | null }> {
    await this.programs.assertCanView(actor, programId);
    const row = await this.repository.findCertification(programId, kind);
    return { settings: row ? toCertificationSettings(row) : null };
  }

  async saveCertification(actor: CurrentUser, programId: string, kind: SettingsKind, input: CertificationValues): Promise<CertificationSettings> {
    const program = await this.programs.assertCanEdit(actor, programId);
    const allowed = kind === 'renewal' ? [PROGRAM_TYPES.AICIP] : [PROGRAM_TYPES.Certification, PROGRAM_TYPES.AICIP];
    if (!(allowed as number[]).includes(program.programType)) throw new AppError('BAD_REQUEST', SETTINGS_MESSAGES.wrongProgramType);
    const row = await this.repository.saveCertification({
      programId,
      kind,
      memberFeeCents: toCents(input.memberFee),
      nonmemberFeeCents: toCents(input.nonmemberFee),
      reviewAllowed: input.reviewAllowed,
      renewalPeriod: kind === 'initial' && 'renewalPeriod' in input ? input.renewalPeriod : null,
      // Renewal's CPD hours belong to the initial settings, with the renewal period; the AICIP renewal form leaves them as they are.
      ...(kind === 'initial' && 'requiredCpdHours' in input ? { requiredCpdHours: input.requiredCpdHours } : {}),
      assessorAssessmentInstruction: input.assessorAssessmentInstruction,
      certificationTooltips: input.certificationTooltips,
      programDeclaration: sanitizeRichText(input.programDeclaration),
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    return toCertificationSettings(row);
  }

  async findWelderQualification(actor: CurrentUser, programId: string): Promise<{ settings: WelderQualificationSettings | null }> {
    await this.programs.assertCanView(actor, programId);
    const row = await this.repository.findWelderQualification(programId);
    return { settings: row ? toWelderQualificationSettings(row) : null };
  }

  async saveWelderQualification(actor: CurrentUser, programId: string, input: WelderQualificationValues): Promise<WelderQualificationSettings> {
    const program = await this.programs.assertCanEdit(actor, programId);
    if (program.programType !== PROGRAM_TYPES.WelderQualification) throw new AppError('BAD_REQUEST', SETTINGS_MESSAGES.wrongProgramType);
    const prolongation = input.reValidationProlongation;
    const row = await this.repository.saveWelderQualification({
      programId,
      standard: input.standard,
      numOfConfirmation: input.numOfConfirmation,
      reValidationProlongation: prolongation,
      interval: input.interval,
      repeat: input.repeat,
      memberFeeCents: toCents(input.memberFee),
      nonmemberFeeCents: toCents(input.nonmemberFee),
      // Revalidation fees and message belong to prolongation; without it they are cleared.
      revalidationMemberFeeCents: prolongation ? centsOrNull(input.revalidationMemberFee) : null,
      revalidationNonmemberFeeCents: prolongation ? centsOrNull(input.revalidationNonmemberFee) : null,
      messageConfirmation: input.messageConfirmation,
      messageProlongationReValidation: prolongation ? input.messageProlongationReValidation : '',
      programDeclaration: sanitizeRichText(input.programDeclaration),
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    return toWelderQualificationSettings(row);
  }
}
