import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLES } from '@certs/shared/auth/roles';
import { useNominate, useNominationPeople, useNominationPrograms, useNominations } from '../../../features/employer-billing/api/employer-billing';
import { NominationsTable } from '../../../features/employer-billing/components/nominations-table';
import { NominateForm } from '../../../features/employer-billing/forms/nominate-form';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/**
 * The applications the company pays for (issue 42). The coordinator nominates one of the company's
 * people for a published program: the application is started for the person, who completes and
 * submits it, and its invoice is issued to the company. A viewer sees the list.
 */
export function EmployerNominationsRoute() {
  usePageTitle('Nominations');
  const { user } = useRequiredSession();
  const isCoordinator = user.role === ROLES.CompanyCoordinator;
  const nominations = useNominations();
  const people = useNominationPeople(isCoordinator);
  const programs = useNominationPrograms(isCoordinator);
  const nominate = useNominate();
  const choicesError = people.error ?? programs.error;

  const rows = nominations.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Nominations</Title>
        <Text c="dimmed">Applications your company pays for. The person completes and submits their application; its tax invoice is issued to your company.</Text>
      </Stack>
      {isCoordinator && (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="nominate-heading">
          <Title order={2} size="h4" id="nominate-heading" mb="md">
            Nominate a person
          </Title>
          {choicesError ? (
            <Alert color="red" variant="light">
              {errorMessageOf(choicesError)}
            </Alert>
          ) : people.data && people.data.length === 0 ? (
            <Text c="dimmed">You have no people to nominate yet: approve your employees&apos; claims first.</Text>
          ) : (
            <NominateForm
              people={people.data ?? []}
              programs={programs.data ?? []}
              billingContact={{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }}
              onNominate={async (request) => {
                const created = await nominate.mutateAsync(request);
                notifications.show({ color: 'green', title: 'Nominated', message: `${created.personName}: application ${created.applicationNumber} started for ${created.programCode}. We have mailed them to complete it.` });
              }}
            />
          )}
        </Paper>
      )}
      {nominations.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(nominations.error)}
        </Alert>
      )}
      {nominations.isSuccess && rows.length === 0 && <Text c="dimmed">Your company pays for no application yet.</Text>}
      {rows.length > 0 && <NominationsTable nominations={rows} />}
    </Stack>
  );
}
