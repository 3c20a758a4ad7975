import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WpqRecord } from '@certs/shared/wpq/wpq-record.contract';
import { errorMessageOf, httpStatusOf } from '../../../lib/api-client';
import { useWpqRecord, useWpqRecordOfApplication } from '../api/wpq-record';
import { WpqRangeSheet } from './wpq-range-sheet';
import { WpqRecordForm } from './wpq-record-form';
import { WpqRecordPreview, WpqStatusBadge } from './wpq-record-preview';
import { WpqExaminerForm, WpqOutcomeForm, WpqScheduleForm, type RenderFiles } from './wpq-staff-forms';

/** The approved record's validity, from the wpq-validity feature (composed by the route). */
export type RenderValidity = (recordId: string) => React.ReactNode;

function Loading({ what }: { what: string }) {
  return (
    <Center py="md">
      <Loader aria-label={`Loading ${what}`} />
    </Center>
  );
}

/** What the approved record adds: the designation and the way to the printable range. */
function Approved({ record, rangeHref }: { record: WpqRecord; rangeHref: (id: string) => string }) {
  if (record.status !== 'approved' || !record.id) return null;
  return (
    <Alert color="green" variant="light" title="Welder qualification approved">
      <Stack gap={4}>
        <Text size="sm">Certificate {record.certificateNumber}. The range of qualification below was worked out from this record when it was approved.</Text>
        <Anchor component={Link} to={rangeHref(record.id)} size="sm" fw={600}>
          Print the range of qualification
        </Anchor>
      </Stack>
    </Alert>
  );
}

function Section({ record, children }: { record: WpqRecord; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="wpq-record-heading" data-testid="wpq-record" data-application-id={record.applicationId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="wpq-record-heading">
          Welder qualification record
        </Title>
        <WpqStatusBadge record={record} />
      </Group>
      {children}
    </Paper>
  );
}

/** The welder's record on their application: the form while it can change, then the record read-only with what followed. */
export function WpqApplicantSection({ applicationId, rangeHref, onOpenFile, renderValidity }: { applicationId: string; rangeHref: (id: string) => string; onOpenFile?: (resourceKey: string) => void; renderValidity?: RenderValidity }) {
  const record = useWpqRecordOfApplication(applicationId);
  if (record.isPending) return <Loading what="the welder qualification record" />;
  if (record.error || !record.data) return <Alert color="red">{errorMessageOf(record.error)}</Alert>;
  const data = record.data;
  return (
    <Section record={data}>
      <Stack gap="md">
        <Approved record={data} rangeHref={rangeHref} />
        {data.status === 'approved' && data.id && renderValidity?.(data.id)}
        {data.can.edit ? <WpqRecordForm key={data.status} record={data} /> : <WpqRecordPreview record={data} onOpenFile={onOpenFile} />}
      </Stack>
    </Section>
  );
}

/**
 * Staff's side of the record on the application page: enter it for the welder, schedule the test,
 * record it (the program's examiners), decide the outcome (assessors and managers), each shown
 * only to whom the server allows it and when.
 */
export function WpqStaffPanel({
  applicationId,
  renderFiles,
  rangeHref,
  onOpenFile,
  renderValidity,
}: {
  applicationId: string;
  renderFiles: RenderFiles;
  rangeHref: (id: string) => string;
  onOpenFile?: (resourceKey: string) => void;
  renderValidity?: RenderValidity;
}) {
  const record = useWpqRecordOfApplication(applicationId);
  if (record.isPending) return <Loading what="the welder qualification record" />;
  if (record.error || !record.data) return <Alert color="red">{httpStatusOf(record.error) === 403 ? 'You do not serve on this program.' : errorMessageOf(record.error)}</Alert>;
  const data = record.data;
  return (
    <Section record={data}>
      <Stack gap="md">
        <Approved record={data} rangeHref={rangeHref} />
        {data.status === 'approved' && data.id && renderValidity?.(data.id)}
        {data.can.edit ? <WpqRecordForm key={data.status} record={data} isStaff /> : <WpqRecordPreview record={data} onOpenFile={onOpenFile} />}
        {data.can.schedule && <WpqScheduleForm record={data} />}
        {data.can.examine && <WpqExaminerForm key={data.tests.length} record={data} renderFiles={renderFiles} />}
        {data.can.decide && <WpqOutcomeForm record={data} />}
      </Stack>
    </Section>
  );
}

/** The printable range of one record (staff and the welder). */
export function WpqRangePage({ id }: { id: string }) {
  const record = useWpqRecord(id);
  if (record.isPending) return <Loading what="the range of qualification" />;
  if (record.error || !record.data) {
    const status = httpStatusOf(record.error);
    return <Alert color="gray">{status === 404 ? 'This record does not exist or is not yours.' : status === 403 ? 'You do not serve on this program.' : errorMessageOf(record.error)}</Alert>;
  }
  return <WpqRangeSheet record={record.data} />;
}
