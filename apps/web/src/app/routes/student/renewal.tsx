import { Alert, Anchor, Breadcrumbs, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { RenewalForm } from '../../../features/renewal/components/renewal-form';
import { renewalTypeOf, useRenewalForm } from '../../../features/renewal/api/renewal';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';
import { STUDENT_PROFILE_PATH } from '../../route-paths';

/** The renewal form of one of the holder's awards (the Renew button of their Awards list). */
export function studentRenewalPath(awardId: string): string {
  return `/student/awards/${encodeURIComponent(awardId)}/renew`;
}

export function StudentRenewalRoute() {
  usePageTitle('Renew a certification');
  const { awardId = '' } = useParams();
  const [params] = useSearchParams();
  const form = useRenewalForm(awardId, renewalTypeOf(params.get('type')));
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={STUDENT_APPLICATIONS_PATH}>
          Applications and awards
        </Anchor>
        <Text>Renewal</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{form.data ? `Renew ${form.data.programTitle}` : 'Renew a certification'}</Title>
        <Text c="dimmed">Show how you have kept up your practice: answer the program&apos;s renewal requirements and count your professional development.</Text>
      </Stack>
      {form.isPending && <Loader aria-label="Loading the renewal" />}
      {form.error && (
        <Alert color="red" variant="light" title="Could not open the renewal">
          {errorMessageOf(form.error)}
        </Alert>
      )}
      {form.data && <RenewalForm key={`${form.data.id ?? 'new'}-${form.data.status ?? ''}`} renewal={form.data} profileHref={STUDENT_PROFILE_PATH} />}
    </Stack>
  );
}
