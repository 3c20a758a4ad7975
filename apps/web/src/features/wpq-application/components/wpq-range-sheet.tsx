import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@certs/shared/common/dates';
import { thicknessText, type RangeResult } from '@certs/shared/wpq/wpq-range';
import { diameterRangeText } from '@certs/shared/wpq/wpq-range-text';
import { WPQ_VALIDITY_OPTIONS, storedRangeOf, testMethodLabel, type WpqRecord } from '@certs/shared/wpq/wpq-record.contract';
import classes from './wpq-range-sheet.module.css';

const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(', ') : 'None');

/** Each essential variable: what was welded in the test, and what the welder may weld in production. */
function rowsOf(record: WpqRecord, range: RangeResult): [string, string, string][] {
  const s = record.depositThickness ?? record.testPieceThickness;
  return [
    ['Welding process', `${record.weldingProcess ?? '-'}${record.transferMode ? ` (${record.transferMode})` : ''}`, `${list(range.processes)}${range.transferModes.length > 0 ? `; transfer ${list(range.transferModes)}` : ''}`],
    ['Product type', `${record.productType ?? '-'}${record.pipeOD ? `, D ${record.pipeOD} mm` : ''}`, diameterRangeText(range.diameter)],
    ['Type of weld', record.jointType ?? '-', `${list(range.weldTypes)}${range.branchConnections ? '; branch connections at 60° or more' : ''}`],
    ['Filler material group', record.fillerMaterialGroup ?? '-', list(range.fillerGroups)],
    ['Filler material type', record.fillerMaterialType ?? '-', list(range.fillerTypes)],
    ['Parent material group', record.parentMaterial1Group ? `${record.parentMaterial1Group} (${record.parentMaterial1Subgroup ?? '-'})` : '-', list(range.parentGroups)],
    ['Thickness', `t ${record.testPieceThickness ?? '-'} mm${record.jointType === 'BW' ? `, s ${s ?? '-'} mm` : ''}`, thicknessText(range.thickness)],
    ['Welding position', record.weldingPosition ?? '-', list(range.positions)],
    ['Weld details', [record.backingAndConsumableInsert, record.layerTechnique].filter(Boolean).join(', ') || '-', list(range.weldDetails)],
    ...(range.supplementaryFillet
      ? [['Supplementary fillet test', `${record.productTypeForAdditionalJointType ?? '-'} ${record.weldingPositionForAdditionalJointType ?? ''}`, `FW ${list(range.supplementaryFillet.positions)}; ${thicknessText(range.supplementaryFillet.thickness)}`] as [string, string, string]]
      : []),
  ];
}

/**
 * The range of qualification on one page (issue 18), for staff and the welder to hand to a site
 * supervisor: the designation, each variable's test value and range as stored at approval, the
 * tests and their results, and the validity option.
 */
export function WpqRangeSheet({ record }: { record: WpqRecord }) {
  const range = storedRangeOf(record);
  if (!range) {
    return (
      <Alert color="gray" variant="light" title="No range of qualification yet">
        The range of qualification is stated once the qualification is approved.
      </Alert>
    );
  }
  const validity = WPQ_VALIDITY_OPTIONS.find((o) => o.value === record.validityOption)?.label ?? '-';
  return (
    <Stack gap="sm" className={classes.sheet} data-testid="wpq-range-sheet">
      <Group justify="space-between" className={classes.noPrint}>
        <Text size="sm" c="dimmed">
          This page prints on one A4 sheet.
        </Text>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <Title order={1} size="h3">
        Range of qualification
      </Title>
      <Text fw={600} data-testid="wpq-designation">
        {range.designations.join(' | ')}
      </Text>
      <Text size="sm">
        Welder: {record.applicantName}. Certificate {record.certificateNumber ?? '-'}, issued {record.issueDate ? formatDate(record.issueDate) : '-'}. {record.programCode}: {record.programTitle} ({range.standard}).
      </Text>
      <Text size="sm">
        Employer: {record.employer ?? '-'}. WPS {record.wpsNumber ?? '-'} rev. {record.wpsRevision ?? '-'}. Test date {record.testDate ? formatDate(record.testDate) : '-'} at {record.placeOfTesting ?? '-'}.
      </Text>
      <Table withTableBorder withColumnBorders className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variable</Table.Th>
            <Table.Th>Test piece</Table.Th>
            <Table.Th>Range of qualification</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rowsOf(record, range).map(([variable, tested, qualified]) => (
            <Table.Tr key={variable}>
              <Table.Th scope="row">{variable}</Table.Th>
              <Table.Td>{tested}</Table.Td>
              <Table.Td>{qualified}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        Tests: {record.tests.map((t) => `${testMethodLabel(t.testName)}${t.isRetest ? ' (retest)' : ''}: ${t.result}`).join('; ') || '-'}. Job knowledge: {record.jobKnowledge ?? '-'}.
      </Text>
      <Text size="sm">Validity: {validity}. Confirmed every 6 months by the employer or the examiner.</Text>
    </Stack>
  );
}
