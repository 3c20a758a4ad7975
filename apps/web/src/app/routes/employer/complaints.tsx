import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ROLES } from '@certs/shared/auth/roles';
import { MyComplaint, MyComplaints } from '../../../features/complaint/components/my-complaints';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/** The company's complaints (issue 43): its users read them; its coordinator makes one. */
export function EmployerComplaintsRoute() {
  usePageTitle('Complaints');
  const { user } = useRequiredSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Complaints</Title>
        <Text c="dimmed">Complaints your company made about an awarding body, an examiner, a venue or a certificate holder.</Text>
      </Stack>
      <MyComplaints area="employer" canLodge={user.role === ROLES.CompanyCoordinator} />
    </Stack>
  );
}

export function EmployerComplaintRoute() {
  usePageTitle('Complaint');
  return <MyComplaint area="employer" id={useParams().id ?? ''} />;
}
