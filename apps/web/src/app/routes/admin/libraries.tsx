import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { ADMIN_LIBRARY_DOCUMENTS_PATH } from '../../route-paths';
import { Link, useSearchParams } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { ImportPanel } from '../../../features/question-bank/components/import-panel';
import { QuestionsPanel } from '../../../features/question-bank/components/questions-panel';
import { MyFlaggedQuestions } from '../../../features/exam-quality/components/question-quality-flags';
import { ReferencesPanel } from '../../../features/question-bank/components/references-panel';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { LIBRARIES_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { LIBRARIES_PATH } from '../../route-paths';

const TABS = [
  { value: 'questions', label: 'Questions' },
  { value: 'subjects', label: 'Subjects' },
  { value: 'tags', label: 'Tags' },
  { value: 'import', label: 'Import' },
] as const;
type TabName = (typeof TABS)[number]['value'];


export function questionPath(id: string): string {
  return `${LIBRARIES_PATH}/questions/${encodeURIComponent(id)}`;
}

function LibrariesScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab: TabName = TABS.some((tab) => tab.value === requested) ? (requested as TabName) : 'questions';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Libraries</Title>
          <Text c="dimmed">The question bank: questions of four types, filed under subjects and tags, ready to build tests from.</Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={ADMIN_LIBRARY_DOCUMENTS_PATH} variant="default">
            Documents
          </Button>
          <Button component={Link} to={`${LIBRARIES_PATH}/certificate-templates`} variant="default">
            Certificate templates
          </Button>
          <Button component={Link} to={`${LIBRARIES_PATH}/questions/new`}>
            Add question
          </Button>
        </Group>
      </Group>
      <Tabs value={activeTab} onChange={(value) => setSearchParams(value && value !== 'questions' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label="Library sections" mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="questions">
          <MyFlaggedQuestions questionHref={questionPath} />
          <QuestionsPanel hrefOf={(question) => questionPath(question.id)} />
        </Tabs.Panel>
        <Tabs.Panel value="subjects">
          <ReferencesPanel kind="subject" canEdit />
        </Tabs.Panel>
        <Tabs.Panel value="tags">
          <ReferencesPanel kind="tag" canEdit />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Libraries (menu Libraries): questions with search and export, subjects, tags, import. */
export function AdminLibrariesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Libraries');
  if (!user.menuItems.includes('Libraries')) return <NotAvailable title="Libraries" message={NO_ACCESS_MESSAGE} />;
  return <LibrariesScreen />;
}
