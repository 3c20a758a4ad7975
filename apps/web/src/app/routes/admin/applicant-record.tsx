import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import { ApplicantRecordScreen } from '../../../features/applicant-admin/components/applicant-record-screen';
import { ApplicantAwardsList } from '../../../features/award/components/applicant-awards-list';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { ADMIN_APPLICANTS_PATH } from '../../route-paths';
import { awardApplicationPath } from './awards';

/**
 * Staff's page of one applicant (issue 20), from Users → Applicants and from every staff application
 * page. The server decides who may read it: administrators, and a program's staff for applicants with
 * an application in their program.
 */
export function AdminApplicantRecordRoute() {
  const { applicantId = '' } = useParams();
  const { user } = useRequiredSession();
  usePageTitle('Applicant');
  const isAdministrator = user.role === ROLES.SuperUser || user.role === ROLES.AccountAdministrator;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        {user.menuItems.includes('Users') ? (
          <Anchor component={Link} to={ADMIN_APPLICANTS_PATH}>
            Applicants
          </Anchor>
        ) : (
          <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
            Programs
          </Anchor>
        )}
        <Text>Applicant</Text>
      </Breadcrumbs>
      <ApplicantRecordScreen
        applicantId={applicantId}
        awards={<ApplicantAwardsList applicantId={applicantId} applicantName="this applicant" applicationHrefOf={awardApplicationPath} />}
        renderApplicationLink={(row) =>
          isAdministrator || user.menuItems.includes('Programs') ? (
            <Anchor component={Link} to={awardApplicationPath({ programId: row.programId, programType: row.programType, applicationId: row.id })}>
              {row.applicationNumber}
            </Anchor>
          ) : (
            row.applicationNumber
          )
        }
      />
    </Stack>
  );
}
