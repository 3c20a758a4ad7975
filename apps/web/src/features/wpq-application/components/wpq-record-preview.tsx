import { Anchor, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTimeWithZone, formatDay } from '@certs/shared/common/dates';
import {
  WPQ_RECORD_LABELS,
  WPQ_RECORD_STATUS_COLORS,
  WPQ_RECORD_STATUS_LABELS,
  WPQ_VALIDITY_OPTIONS,
  testMethodLabel,
  type WpqRecord,
} from '@certs/shared/wpq/wpq-record.contract';

const GROUPS: { title: string; fields: (keyof typeof WPQ_RECORD_LABELS)[] }[] = [
  {
    title: 'Identity and administration',
    fields: ['dateOfBirth', 'placeOfBirth', 'identificationNumber', 'methodOfIdentification', 'employer', 'company', 'userId', 'wpsNumber', 'wpsRevision', 'wpsDate', 'qualificationType', 'placeOfTesting', 'testDate', 'testingAcceptanceCriteria', 'validityOption'],
  },
  {
    title: 'Test piece',
    fields: ['parentMaterial1Specification', 'parentMaterial1Group', 'parentMaterial1Subgroup', 'parentMaterial2Specification', 'parentMaterial2Group', 'parentMaterial2Subgroup', 'productType', 'jointType', 'branch', 'additionalJointTypeTest', 'testPieceThickness', 'pipeOD'],
  },
  {
    title: 'Welding',
    fields: [
      'weldingProcess',
      'transferMode',
      'directionOfWelding',
      'weldingPosition',
      'productTypeForAdditionalJointType',
      'weldingPositionForAdditionalJointType',
      'fillerMaterialGroup',
      'fillerMaterialType',
      'fillerMaterialTradeName',
      'backingAndConsumableInsert',
      'depositThickness',
      'layerTechnique',
      'shieldingGas',
      'typeOfCurrentAndPolarity',
      'auxiliaries',
    ],
  },
];

const DAY_FIELDS: ReadonlySet<keyof typeof WPQ_RECORD_LABELS> = new Set(['dateOfBirth', 'wpsDate', 'testDate']);

function display(record: WpqRecord, field: keyof typeof WPQ_RECORD_LABELS): string {
  const value = record[field];
  if (value === null || value === undefined || value === '') return '-';
  if (field === 'validityOption') return WPQ_VALIDITY_OPTIONS.find((o) => o.value === value)?.label ?? String(value);
  // Days are kept as YYYY-MM-DD and read as DD-MMM-YYYY (issue 45 item 9).
  if (DAY_FIELDS.has(field)) return formatDay(String(value));
  return String(value);
}

export function WpqStatusBadge({ record }: { record: WpqRecord }) {
  return (
    <StatusBadge label={WPQ_RECORD_STATUS_LABELS[record.status]} color={WPQ_RECORD_STATUS_COLORS[record.status]} />
  );
}

/** The record read-only (`preview`), with the schedule, the examiner's tests and the outcome as far as they go. */
export function WpqRecordPreview({ record, onOpenFile }: { record: WpqRecord; onOpenFile?: (resourceKey: string) => void }) {
  const file = (f: { name: string; resourceKey: string }) =>
    onOpenFile ? (
      <Anchor component="button" type="button" size="sm" onClick={() => onOpenFile(f.resourceKey)}>
        {f.name}
      </Anchor>
    ) : (
      <Text size="sm">{f.name}</Text>
    );
  return (
    <Stack gap="md" data-testid="wpq-record-preview">
      {GROUPS.map((group) => (
        <Stack key={group.title} gap={4}>
          <Title order={3} size="h5">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
            {group.fields.map((field) => (
              <div key={field}>
                <Text component="dt" size="xs" c="dimmed">
                  {WPQ_RECORD_LABELS[field]}
                </Text>
                <Text component="dd" m={0} size="sm">
                  {display(record, field)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {record.schedule && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            The test
          </Title>
          <Text size="sm">
            {formatDateTimeWithZone(record.schedule.scheduledAt, record.schedule.scheduleTimeZone)}, {record.schedule.durationMinutes} minutes, at{' '}
            {record.schedule.venue?.title ?? record.schedule.testCentre?.name}; examiner {record.schedule.examiner.name}.
          </Text>
          {record.schedule.note && <Text size="sm">{record.schedule.note}</Text>}
        </Stack>
      )}
      {record.tests.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Test results
          </Title>
          <Table withTableBorder data-testid="wpq-test-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Test</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Calculated value</Table.Th>
                <Table.Th>Evidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.tests.map((test) => (
                <Table.Tr key={test.id}>
                  <Table.Td>
                    {testMethodLabel(test.testName)}
                    {test.isRetest ? ' (retest)' : ''}
                  </Table.Td>
                  <Table.Td>{test.result}</Table.Td>
                  <Table.Td>{test.calculatedValue ?? '-'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">{test.evidence.length > 0 ? test.evidence.map((f) => <span key={f.id}>{file(f)}</span>) : '-'}</Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">Job knowledge: {record.jobKnowledge ?? '-'}</Text>
        </Stack>
      )}
      {record.examSubmission && (
        <List size="sm" spacing={2}>
          <List.Item>Test centre: {record.examSubmission.testCentre?.name ?? '-'}</List.Item>
          <List.Item>Test result file: {record.examSubmission.testResultFile ? file(record.examSubmission.testResultFile) : '-'}</List.Item>
          {record.examSubmission.messageToExaminer && <List.Item>Examiner's message: {record.examSubmission.messageToExaminer}</List.Item>}
        </List>
      )}
      {record.welderQualificationApproved !== null && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Outcome
          </Title>
          <Text size="sm" fw={600}>
            {record.welderQualificationApproved ? `Approved${record.certificateNumber ? `: certificate ${record.certificateNumber}` : ''}` : 'Not approved'}
          </Text>
          {record.programAssessorNotes && <Text size="sm">{record.programAssessorNotes}</Text>}
        </Stack>
      )}
    </Stack>
  );
}
