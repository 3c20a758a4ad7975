import { Anchor, Breadcrumbs, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCreateProgram } from '../../../features/program/api/create-program';
import { useAssignableUsers } from '../../../features/program/api/find-assignable-users';
import { useScreenPrivilege } from '../../../features/program/api/find-screen-privilege';
import { ProgramForm } from '../../../features/program/forms/program-form';
import { emptyProgramValues, toProgramRequest } from '../../../features/program/forms/program-form.values';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programPath } from './programs';

function NewProgramScreen() {
  const navigate = useNavigate();
  const createProgram = useCreateProgram();
  const managers = useAssignableUsers();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to="/admin/programs">
            Programs
          </Anchor>
          <Text>New program</Text>
        </Breadcrumbs>
        <Title order={1}>New program</Title>
        <Text c="dimmed">Once created, add its settings, modules, instructions, requirements and users, then publish it.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        {managers.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <ProgramForm
            mode="create"
            initialValues={emptyProgramValues()}
            managers={managers.data ?? []}
            onCancel={() => void navigate('/admin/programs')}
            onSubmit={async (values) => {
              const program = await createProgram.mutateAsync(toProgramRequest(values));
              notifications.show({ color: 'green', title: 'Program created', message: `${program.programCode} has been created.` });
              await navigate(programPath(program.id));
            }}
          />
        )}
      </Paper>
    </Stack>
  );
}

/** A new program: for users who may create programs (screen privilege "Programs"). */
export function AdminNewProgramRoute() {
  const { user } = useRequiredSession();
  usePageTitle('New program');
  const privilege = useScreenPrivilege('Programs');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="New program" message={NO_ACCESS_MESSAGE} />;
  if (privilege.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!privilege.data?.canCreate) return <NotAvailable title="New program" message="You may not create programs." />;
  return <NewProgramScreen />;
}
