import { Alert, Anchor, Button, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ComplaintLodged, ComplaintPersonView } from '@certs/shared/complaint/complaint.contract';
import { ComplaintPersonPanel } from '../../../features/complaint/components/complaint-person-view';
import { ComplaintReceived } from '../../../features/complaint/components/my-complaints';
import { useComplaintBodies, useLodgePublicComplaint, useLookupComplaint } from '../../../features/complaint/api/public-complaints';
import { ComplaintForm } from '../../../features/complaint/forms/complaint-form';
import { ComplaintLookupForm } from '../../../features/complaint/forms/complaint-lookup-form';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { PUBLIC_COMPLAINT_LOOKUP_PATH } from '../../route-paths';

/**
 * The public complaint form (issue 43, ISO/IEC 17024 9.9): anyone, signed in or not, complains
 * about an awarding body, an examiner, a venue or a certificate holder; the reference is mailed.
 */
export function PublicComplaintRoute() {
  usePageTitle('Make a complaint');
  const bodies = useComplaintBodies();
  const lodge = useLodgePublicComplaint();
  const [lodged, setLodged] = useState<ComplaintLodged | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Make a complaint</Title>
        <Text c="dimmed">About an awarding body, one of its examiners or venues, or a certificate holder. A staff member who is not involved looks into it, and we write to you with the outcome and our reasons.</Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg" pos="relative">
            {lodged ? (
              <Stack gap="md">
                <ComplaintReceived lodged={lodged}>
                  <Anchor component={Link} to={`${PUBLIC_COMPLAINT_LOOKUP_PATH}?reference=${encodeURIComponent(lodged.reference)}`} size="sm">
                    Follow your complaint
                  </Anchor>
                </ComplaintReceived>
                <Button
                  variant="default"
                  w="fit-content"
                  onClick={() => {
                    setLodged(null);
                    setFormKey((key) => key + 1);
                  }}
                >
                  Make another complaint
                </Button>
              </Stack>
            ) : bodies.error ? (
              <Alert color="red" variant="light">
                {errorMessageOf(bodies.error)}
              </Alert>
            ) : bodies.isPending ? (
              <Loader aria-label="Loading the form" />
            ) : (
              <ComplaintForm key={formKey} isPublic bodies={bodies.data} onSubmit={async (request) => setLodged(await lodge.mutateAsync(request))} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" bg="indigo.0">
            <Stack gap="xs">
              <Title order={2} size="h5">
                Already sent one?
              </Title>
              <Text size="sm">Follow it with the reference from our mail and your email address.</Text>
              <Anchor component={Link} to={PUBLIC_COMPLAINT_LOOKUP_PATH} size="sm">
                Follow a complaint
              </Anchor>
              <Text size="sm" mt="xs">
                Want a decision about your own result reviewed? That is an appeal: sign in and open your application.
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A complaint by its reference and the email it was sent with: status, the updates shared, the outcome. */
export function PublicComplaintLookupRoute() {
  usePageTitle('Follow a complaint');
  const [searchParams] = useSearchParams();
  const lookup = useLookupComplaint();
  const [complaint, setComplaint] = useState<ComplaintPersonView | null>(null);
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Follow a complaint</Title>
        <Text c="dimmed">Enter the reference from our acknowledgement mail and the email address you sent the complaint with.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ComplaintLookupForm initialReference={searchParams.get('reference') ?? ''} onSubmit={async (request) => setComplaint(await lookup.mutateAsync(request))} />
      </Paper>
      {complaint && <ComplaintPersonPanel complaint={complaint} />}
    </Stack>
  );
}
