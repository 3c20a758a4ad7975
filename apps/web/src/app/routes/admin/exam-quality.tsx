import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExamQualityScreen, type QualitySelection } from '../../../features/exam-quality/components/exam-quality-screen';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

/** Exam Quality (menu item, issue 43): a module test's reliability and item statistics for a period, with CSV and PDF for the auditor. */
export function AdminExamQualityRoute() {
  const { user } = useRequiredSession();
  const [params, setParams] = useSearchParams();
  usePageTitle('Exam quality');
  if (!user.menuItems.includes('Exam Quality')) return <NotAvailable title="Exam quality" message={NO_ACCESS_MESSAGE} />;
  const selection: QualitySelection = { testId: params.get('testId') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const change = (next: QualitySelection) => setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Exam quality</Title>
        <Text c="dimmed">How reliable each module test is and how its questions perform, from its marked sittings: the evidence ISO/IEC 17024 asks for.</Text>
      </Stack>
      <ExamQualityScreen selection={selection} onChange={change} />
    </Stack>
  );
}
