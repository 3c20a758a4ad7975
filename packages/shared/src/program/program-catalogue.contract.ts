import { z } from 'zod';
import { Instruction, Requirement } from './program-part.contract';
import { ProgramModule } from './program-module.contract';
import { CertificationSettings, WelderQualificationSettings } from './program-settings.contract';
import { APPLICANT_PROGRAM_STATUSES } from './program-status';

/** Everything an applicant reads on a published program's page. */
export const PublishedProgramDetail = z.object({
  id: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  /** The body's currency (AUD, NZD): every fee of the program is in it. */
  currency: z.string(),
  publishedOn: z.string().nullable(),
  programDeclaration: z.string(),
  programTooltips: z.string(),
  applicantStatus: z.enum(APPLICANT_PROGRAM_STATUSES),
  instructions: z.array(Instruction),
  requirements: z.array(Requirement),
  modules: z.array(ProgramModule),
  renewalModules: z.array(ProgramModule),
  certificationSettings: CertificationSettings.nullable(),
  renewalSettings: CertificationSettings.nullable(),
  welderQualificationSettings: WelderQualificationSettings.nullable(),
});
export type PublishedProgramDetail = z.infer<typeof PublishedProgramDetail>;

/** What publishing still lacks; empty when the program is complete. */
export const ProgramCompleteness = z.object({ isComplete: z.boolean(), missing: z.array(z.string()) });
export type ProgramCompleteness = z.infer<typeof ProgramCompleteness>;
