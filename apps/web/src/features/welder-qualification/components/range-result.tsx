import { Alert, Badge, Box, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '@certs/shared/common/dates';
import type { RangeRequest, RangeResponse } from '@certs/shared/wpq/wpq.contract';
import { thicknessText, type RequiredTestRule } from '@certs/shared/wpq/wpq-range';
import { diameterRangeText } from '@certs/shared/wpq/wpq-range-text';
import {
  DIRECTIONS_OF_WELDING,
  PRODUCT_TYPES,
  TEST_METHODS,
  TRANSFER_MODES,
  fillerTypeLabel,
  type FillerType,
  type WeldProcess,
} from '@certs/shared/wpq/wpq-reference';
import classes from './range-calculator.module.css';

type Range = RangeResponse;

const list = (values: readonly (string | number)[], empty = '-') => (values.length > 0 ? values.join(', ') : empty);
const labelOf = <T extends { value: string; label: string }>(options: readonly T[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '-';
const mm = (value: number) => `${value} mm`;
const methodLabel = (method: string) => TEST_METHODS.find((m) => m.value === method)?.label ?? method;

const TEST_RULE_LABELS: Record<RequiredTestRule, string> = {
  always: 'Always',
  'one of': 'One of',
  'also after radiography': 'Also, after radiography',
  'may replace': 'May replace the bend or fracture tests',
  'bend specimens': 'Bend test specimens',
  recommended: 'Recommended',
};

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.figure}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="md" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

interface RangeResultProps {
  range: Range;
  /** What was sent, for the "tested" column. */
  request: RangeRequest;
}

/** The range of qualification as the certificate states it: each variable tested and qualified, then why. */
export function RangeResult({ range, request }: RangeResultProps) {
  const process = request.weldingProcess as WeldProcess;
  const second = request.secondProcess ?? null;
  const isButt = request.jointType === 'BW';
  const s = request.depositThickness ?? request.testPieceThickness;
  const thicknessTested = isButt
    ? second
      ? `s ${s} + ${second.depositThickness} mm (t ${request.testPieceThickness} mm)`
      : `s = t = ${mm(s)}`
    : `t ${mm(request.testPieceThickness)}`;
  const fillerTested = second
    ? `${request.fillerMaterialType} / ${second.fillerMaterialType}`
    : fillerTypeLabel(process, request.fillerMaterialType as FillerType);

  const rows: { variable: string; tested: ReactNode; qualified: ReactNode; testId?: string }[] = [
    {
      variable: 'Welding process',
      tested: second ? `${request.weldingProcess} (root) / ${second.weldingProcess}` : request.weldingProcess,
      qualified: list(range.processes),
      testId: 'range-processes',
    },
    ...(range.transferModes.length > 0
      ? [
          {
            variable: 'Transfer mode',
            tested: labelOf(TRANSFER_MODES, request.transferMode),
            qualified: range.transferModes.map((m) => labelOf(TRANSFER_MODES, m)).join(', '),
          },
        ]
      : []),
    ...(range.directionsOfWelding.length > 0
      ? [
          {
            variable: 'Direction of welding',
            tested: labelOf(DIRECTIONS_OF_WELDING, request.directionOfWelding),
            qualified: range.directionsOfWelding.map((d) => labelOf(DIRECTIONS_OF_WELDING, d)).join(', '),
          },
        ]
      : []),
    {
      variable: 'Product type',
      tested: `${labelOf(PRODUCT_TYPES, request.productType)}${request.pipeOD ? `, D ${mm(request.pipeOD)}` : ''}`,
      qualified: diameterRangeText(range.diameter),
      testId: 'range-product',
    },
    {
      variable: 'Type of weld',
      tested: `${request.jointType}${request.additionalJointTypeTest === 'FW' ? ' + supplementary FW' : ''}`,
      qualified: `${list(range.weldTypes)}${range.branchConnections ? '; branch connections at 60° or more' : ''}`,
    },
    { variable: 'Filler material group', tested: request.fillerMaterialGroup ?? 'none', qualified: list(range.fillerGroups, 'none') },
    { variable: 'Filler material type', tested: fillerTested, qualified: list(range.fillerTypes), testId: 'range-filler-types' },
    { variable: 'Thickness', tested: thicknessTested, qualified: thicknessText(range.thickness), testId: 'range-thickness' },
    ...(range.processRanges.length > 1
      ? range.processRanges.map((p) => ({
          variable: `Thickness, process ${p.testedProcess} (${p.fillerMaterialType})`,
          tested: p.depositThickness !== null ? `s ${mm(p.depositThickness)}` : '-',
          qualified: `${thicknessText(p.thickness)}${p.isRootOnly ? ', root only' : ''}`,
        }))
      : []),
    { variable: 'Welding position', tested: request.weldingPosition, qualified: list(range.positions), testId: 'range-positions' },
    {
      variable: 'Weld details',
      tested: (isButt ? request.backingAndConsumableInsert : request.layerTechnique) ?? '-',
      qualified: list(range.weldDetails),
    },
    {
      variable: 'Parent material group',
      tested: request.parentMaterialGroup ? `${request.parentMaterialGroup}${request.parentMaterialSubgroup ? ` (${request.parentMaterialSubgroup})` : ''}` : 'not recorded',
      qualified: range.parentGroups.length === 11 ? '1 to 11' : list(range.parentGroups),
    },
    ...(range.supplementaryFillet
      ? [
          {
            variable: 'Fillet welds (supplementary test)',
            tested: `FW in ${request.weldingPositionForAdditionalJointType ?? 'PB'}`,
            qualified: `${list(range.supplementaryFillet.positions)}; ${list(range.supplementaryFillet.layerTechniques)}; ${thicknessText(range.supplementaryFillet.thickness)}`,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h3">
            Range of qualification
          </Title>
          <Badge variant="light" size="lg" radius="sm">
            {range.standard}
          </Badge>
        </Group>
        {range.designations.map((designation) => (
          <Text key={designation} className={classes.designation} data-testid="range-designation">
            {designation}
          </Text>
        ))}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label="Thickness" value={thicknessText(range.thickness)} testId="figure-thickness" />
        <Figure label="Positions" value={list(range.positions)} testId="figure-positions" />
        <Figure label="Processes" value={list(range.processes)} testId="figure-processes" />
      </SimpleGrid>

      <Box style={{ overflowX: 'auto' }}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Range of qualification per variable" data-testid="range-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Variable</Table.Th>
              <Table.Th scope="col">Test piece</Table.Th>
              <Table.Th scope="col">Range of qualification</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.variable}>
                <Table.Th scope="row" fw={600}>
                  {row.variable}
                </Table.Th>
                <Table.Td>{row.tested}</Table.Td>
                <Table.Td data-testid={row.testId}>{row.qualified}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>

      <Stack gap="xs" component="section" aria-labelledby="tests-required-heading">
        <Title order={3} size="h4" id="tests-required-heading">
          Tests required
        </Title>
        <List spacing={8} size="sm">
          {range.requiredTests.map((test, index) => (
            <List.Item key={`${test.testPiece}-${test.appliesTo}-${test.rule}-${index}`}>
              <Text size="sm" fw={600}>
                {TEST_RULE_LABELS[test.rule]}
                {test.appliesTo === 'supplementary fillet test' ? ' (supplementary fillet test)' : ''}: {test.methods.map(methodLabel).join(', ')}
              </Text>
              <Text size="sm" c="dimmed">
                {test.note} <Text span size="xs">{test.clause}</Text>
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>

      {range.validity && (
        <Stack gap="xs" component="section" aria-labelledby="validity-heading">
          <Title order={3} size="h4" id="validity-heading">
            Validity from the test date {formatDay(range.validity.testDate)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="range-validity">
            <Text size="sm">First confirmation due: {formatDay(range.validity.firstConfirmation)}</Text>
            <Text size="sm">9.3 a) new test by: {formatDay(range.validity.retestBy)}</Text>
            <Text size="sm">9.3 b) revalidation by: {formatDay(range.validity.revalidationBy)}</Text>
            <Text size="sm">9.3 c) confirmed from: {formatDay(range.validity.confirmationBy)}, then every 6 months</Text>
          </SimpleGrid>
        </Stack>
      )}

      <Stack gap="xs" component="section" aria-labelledby="reasons-heading">
        <Title order={3} size="h4" id="reasons-heading">
          Why: the rules applied
        </Title>
        <List spacing={6} size="sm" data-testid="range-reasons">
          {range.reasons.map((reason, index) => (
            <List.Item key={`${reason.part}-${index}`}>
              <Text span size="sm">
                {range.designations.length > 1 && reason.testPiece !== null ? `Test piece ${reason.testPiece}: ` : ''}
                {reason.text}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {reason.clause}
                {reason.table ? `, ${reason.table}` : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}

/** What the panel says before there is a range. */
export function RangeResultPlaceholder({ missing, hasErrors }: { missing: string[]; hasErrors: boolean }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Range of qualification
      </Title>
      {hasErrors ? (
        <Alert color="red" variant="light" title="These variables cannot be ranged">
          Correct the fields marked in the form; the range appears as soon as they can be ranged.
        </Alert>
      ) : (
        <Text c="dimmed">The range appears here as you enter the test variables.</Text>
      )}
      {missing.length > 0 && (
        <Text size="sm" data-testid="range-missing">
          Still needed: {missing.join(', ')}.
        </Text>
      )}
    </Stack>
  );
}
