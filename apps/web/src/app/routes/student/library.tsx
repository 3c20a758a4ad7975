import { Stack, Text, Title } from '@mantine/core';
import { LibraryDocumentsScreen } from '../../../features/library-document/components/library-documents-screen';
import { usePageTitle } from '../../../lib/page-title';

/** The applicant's library: the documents their membership allows today. */
export function StudentLibraryRoute() {
  usePageTitle('Library');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Library</Title>
        <Text c="dimmed">Documents of the awarding body open to you. Some are for members, or for current members only.</Text>
      </Stack>
      <LibraryDocumentsScreen canManage={false} />
    </Stack>
  );
}
