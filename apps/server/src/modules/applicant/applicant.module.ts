import type { z } from 'zod';
import type { EducationRequest, ExperienceRequest, ProfessionalActivityRequest, ProfessionalDevelopmentRequest } from '@certs/shared/applicant/applicant.contract';
import type { Database } from '../../db/client';
import { NO_ACCESS_LOG, type PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import {
  applicantEducation,
  applicantExperience,
  applicantProfessionalActivities,
  applicantProfessionalDevelopment,
} from '../../db/schema/applicant-profile';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { ApplicantReach } from './applicant-reach';
import { ApplicantRepository, ProfileListRepository } from './applicant.repository';
import { ApplicantService, ProfileListService } from './applicant.service';

/**
 * Wires the applicant domain: the profile and its four lists, each with how it maps, and the one
 * rule of which applicants a member of staff reaches (staff's applicant page uses it too).
 */
export function createApplicantModule(db: Database, accessLog: PersonalDataAccessLog = NO_ACCESS_LOG) {
  const repository = new ApplicantRepository(db);
  const programsServed = new ApplicationWorkflowRepository(db);
  const reach = new ApplicantReach({
    findProgramIdsServedBy: (userId) => programsServed.findProgramIdsServedBy(userId),
    hasApplicationIn: (applicantId, programIds) => repository.hasApplicationIn(applicantId, programIds),
    isApplicantOfAccount: (applicantId, accountId) => repository.isApplicantOfAccount(applicantId, accountId),
  });
  const education = new ProfileListService({
    repository: new ProfileListRepository(db, applicantEducation),
    notFound: 'Education entry not found',
    toItem: (row) => ({ id: row.id, applicantId: row.applicantId, course: row.course, institution: row.institution, location: row.location, qualificationType: row.qualificationType, startDate: row.startDate, endDate: row.endDate }),
    toColumns: (input: z.output<typeof EducationRequest>) => ({ ...input }),
  }, reach, accessLog);
  const experience = new ProfileListService({
    repository: new ProfileListRepository(db, applicantExperience),
    notFound: 'Experience entry not found',
    toItem: (row) => ({ id: row.id, applicantId: row.applicantId, employer: row.employer, position: row.position, duties: row.duties, startDate: row.startDate, endDate: row.endDate }),
    toColumns: (input: z.output<typeof ExperienceRequest>) => ({ ...input }),
  }, reach, accessLog);
  const activities = new ProfileListService({
    repository: new ProfileListRepository(db, applicantProfessionalActivities),
    notFound: 'Professional activity not found',
    toItem: (row) => ({ id: row.id, applicantId: row.applicantId, activity: row.activity, organisation: row.organisation, role: row.role, startDate: row.startDate, endDate: row.endDate }),
    toColumns: (input: z.output<typeof ProfessionalActivityRequest>) => ({ ...input }),
  }, reach, accessLog);
  const development = new ProfileListService({
    repository: new ProfileListRepository(db, applicantProfessionalDevelopment),
    notFound: 'Professional development entry not found',
    toItem: (row) => ({ id: row.id, applicantId: row.applicantId, provider: row.provider, numOfHours: row.numOfHours, PersonalDevelopmentType: row.personalDevelopmentType, startDate: row.startDate }),
    toColumns: (input: z.output<typeof ProfessionalDevelopmentRequest>) => ({
      provider: input.provider,
      numOfHours: input.numOfHours,
      personalDevelopmentType: input.PersonalDevelopmentType,
      startDate: input.startDate,
    }),
  }, reach, accessLog);
  return { applicants: new ApplicantService(repository, reach, accessLog), reach, lists: { education, experience, activities, development } };
}
