import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { MyComplaint, MyComplaints } from '../../../features/complaint/components/my-complaints';
import { usePageTitle } from '../../../lib/page-title';

/** The applicant's complaints (issue 43), and the form to make one. */
export function StudentComplaintsRoute() {
  usePageTitle('Complaints');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Complaints</Title>
        <Text c="dimmed">About an awarding body, an examiner, a venue or a certificate holder. To have a decision on your own application looked at again, appeal it from the application instead.</Text>
      </Stack>
      <MyComplaints area="applicant" canLodge />
    </Stack>
  );
}

export function StudentComplaintRoute() {
  usePageTitle('Complaint');
  return <MyComplaint area="applicant" id={useParams().id ?? ''} />;
}
