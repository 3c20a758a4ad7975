import { Paper, SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { RESIT_TYPES, RESIT_TYPE_PATHS, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { NotAvailable } from '../../../components/ui/not-available';
import { ResitQueue } from '../../../features/resit/components/resit-queue';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ProgramsPageHeader } from './programs-page-header';
import { programApplicationPath } from './program-applications';

const isWord = (value: string | null): value is ResitTypePath => !!value && (RESIT_TYPE_PATHS as readonly string[]).includes(value);

/** `/admin/resits`: the re-sits waiting for a step, per type (issue 17, decision 024); each opens its application page. */
export function AdminResitsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Re-sits');
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const word: ResitTypePath = isWord(requested) ? requested : 'qualificationapplicationresitmodule';
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Re-sits" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <ProgramsPageHeader title="Re-sits" description="Re-sits not yet given their result, in the programs you administer or serve on." />
      <SegmentedControl
        aria-label="Application type"
        w="fit-content"
        value={word}
        data={RESIT_TYPE_PATHS.map((path) => ({ value: path, label: APPLICATION_TYPES[RESIT_TYPES[path]].label }))}
        onChange={(value) => setParams({ type: value }, { replace: true })}
      />
      <Paper withBorder radius="md" p="lg">
        <ResitQueue key={word} word={word} hrefOf={(row) => programApplicationPath(row.programId, RESIT_TYPES[word], row.applicationId)} />
      </Paper>
    </Stack>
  );
}
