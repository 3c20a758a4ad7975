import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { ApplicantReach } from '../applicant/applicant-reach';
import type { ApplicantService } from '../applicant/applicant.service';
import { ApplicantAdminRepository } from './applicant-admin.repository';
import { ApplicantAdminService } from './applicant-admin.service';

/** Wires staff's applicant page: the profile through the applicant module, whose records by the one applicant reach. */
export function createApplicantAdminModule(db: Database, deps: { applicants: ApplicantService; reach: ApplicantReach; accessLog: PersonalDataAccessLog }) {
  return {
    applicantAdmin: new ApplicantAdminService({ repository: new ApplicantAdminRepository(db), applicants: deps.applicants, reach: deps.reach, accessLog: deps.accessLog }),
  };
}
