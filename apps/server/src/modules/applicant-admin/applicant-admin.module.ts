import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { ApplicantService } from '../applicant/applicant.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { ApplicantAdminRepository } from './applicant-admin.repository';
import { ApplicantAdminService } from './applicant-admin.service';

/** Wires staff's applicant page: the profile through the applicant module, the programs served as the queue reads them. */
export function createApplicantAdminModule(db: Database, deps: { applicants: ApplicantService; accessLog: PersonalDataAccessLog }) {
  return {
    applicantAdmin: new ApplicantAdminService({ repository: new ApplicantAdminRepository(db), applicants: deps.applicants, programsServed: new ApplicationWorkflowRepository(db), accessLog: deps.accessLog }),
  };
}
