import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';

/** The head of a page reached from Programs (Re-sits, Renewals, Welders due, ...): the trail back, the title and what the page lists. */
export function ProgramsPageHeader({ title, description, between }: { title: string; description: ReactNode; between?: ReactNode }) {
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        {between}
        <Text>{title}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </>
  );
}
