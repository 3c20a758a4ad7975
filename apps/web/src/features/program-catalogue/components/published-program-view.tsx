import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title, Typography } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { currencySymbol } from '@certs/shared/pre-exam/pre-exam-rules';
import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import type { ProgramModule } from '@certs/shared/program/program-module.contract';
import { formatFee, plainTextOf } from '@certs/shared/program/program-rules';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { ProgramCode } from '../../../components/ui/program-code';
import { ApplicantStatusBadge } from './applicant-status-badge';
import { programTypeName } from './program-type-name';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

/** Declarations are rich text that the server sanitized when they were saved; only they are shown as markup. */
function Declaration({ html }: { html: string }) {
  return (
    <Typography>
      <div data-testid="program-declaration" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** The columns of a program's modules and their fees (spec's program module fields). */
function moduleColumns(symbol: string): PagedTableColumn<ProgramModule>[] {
  return [
    { key: 'code', header: 'Module Code', isRowHeader: true, noWrap: true, render: (module) => module.moduleCode },
    {
      key: 'title',
      header: 'Module Title',
      render: (module) => (
        <>
          <Text size="sm" fw={500}>
            {module.moduleTitle}
          </Text>
          {module.moduleDescription && (
            <Text size="xs" c="dimmed">
              {module.moduleDescription}
            </Text>
          )}
          {module.reSitAllowed && (
            <Text size="xs" c="dimmed">
              Re-sit: {formatFee(module.reSitMemberFee)} member / {formatFee(module.reSitNonMemberFee)} non-member
            </Text>
          )}
        </>
      ),
    },
    { key: 'type', header: 'Examination Type', render: (module) => module.examinationType },
    { key: 'member', header: `Member Fee (${symbol})`, align: 'right', noWrap: true, render: (module) => formatFee(module.memberFee) },
    { key: 'nonMember', header: `Non Member Fee (${symbol})`, align: 'right', noWrap: true, render: (module) => formatFee(module.nonMemberFee) },
    { key: 'pass', header: 'Pass Mark', align: 'right', noWrap: true, render: (module) => `${module.passPercentage}%` },
  ];
}

/** A table from 768 px up; below, one card per module with its fees, none cut off at the side (issue 45 item 14). */
function ModulesTable({ label, modules, symbol }: { label: string; modules: readonly ProgramModule[]; symbol: string }) {
  const offered = modules.filter((module) => !module.isInactive);
  if (offered.length === 0) return <Text c="dimmed">None listed.</Text>;
  return <DataTable label={label} columns={moduleColumns(symbol)} rows={offered} rowKey={(module) => module.id} minWidth={640} striped />;
}

function yearsText(years: number | null): string {
  if (years === null) return '-';
  return years === 1 ? '1 year' : `${years} years`;
}

/** Everything an applicant reads about one published program before applying. */
export function PublishedProgramView({ program }: { program: PublishedProgramDetail }) {
  const certification = program.certificationSettings;
  // Fees are the program's body's: "NZ$" on a New Zealand body's program.
  const symbol = currencySymbol(program.currency);
  const renewal = program.renewalSettings;
  const welder = program.welderQualificationSettings;
  const hasModules = program.programType === PROGRAM_TYPES.Qualification || program.programType === PROGRAM_TYPES.AICIP;
  const declaration = [program.programDeclaration, certification?.programDeclaration, welder?.programDeclaration].find(
    (html): html is string => !!html && plainTextOf(html).length > 0,
  );
  const tooltips = [program.programTooltips, certification?.certificationTooltips].filter((text): text is string => !!text?.trim());

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{program.programTitle}</Title>
        <Group gap="sm">
          <Badge variant="outline" color="gray.7" radius="sm" tt="none">
            <ProgramCode code={program.programCode} />
          </Badge>
          <Badge variant="light" radius="sm" tt="none">
            {programTypeName(program.programType)}
          </Badge>
          <ApplicantStatusBadge status={program.applicantStatus} />
          <Text size="sm" c="dimmed">
            Published <DateDisplay value={program.publishedOn} />
          </Text>
        </Group>
      </Stack>

      {tooltips.length > 0 && (
        <Alert color="blue" variant="light" title="Good to know" role="note" styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}>
          <Stack gap={4}>
            {tooltips.map((text) => (
              <Text key={text} size="sm" style={{ whiteSpace: 'pre-line' }}>
                {text}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      {certification && (
        <Section title="Fees and renewal" testId="program-fees">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Fact label={`Member fee (${symbol})`}>{formatFee(certification.memberFee)}</Fact>
            <Fact label={`Non-member fee (${symbol})`}>{formatFee(certification.nonmemberFee)}</Fact>
            <Fact label="Renewal period">{yearsText(certification.renewalPeriod)}</Fact>
            <Fact label="Review">{certification.reviewAllowed ? 'Allowed' : 'Not offered'}</Fact>
          </SimpleGrid>
          {renewal && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="md">
              <Fact label={`Renewal member fee (${symbol})`}>{formatFee(renewal.memberFee)}</Fact>
              <Fact label={`Renewal non-member fee (${symbol})`}>{formatFee(renewal.nonmemberFee)}</Fact>
            </SimpleGrid>
          )}
        </Section>
      )}

      {welder && (
        <Section title="Qualification and fees" testId="program-fees">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Fact label="Standard">{welder.standard}</Fact>
            <Fact label="Confirmations">
              {welder.numOfConfirmation}, every {welder.interval} months{welder.repeat ? ', repeating' : ''}
            </Fact>
            <Fact label={`Member fee (${symbol})`}>{formatFee(welder.memberFee)}</Fact>
            <Fact label={`Non-member fee (${symbol})`}>{formatFee(welder.nonmemberFee)}</Fact>
          </SimpleGrid>
          {welder.reValidationProlongation && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="md">
              <Fact label={`Revalidation member fee (${symbol})`}>{formatFee(welder.revalidationMemberFee)}</Fact>
              <Fact label={`Revalidation non-member fee (${symbol})`}>{formatFee(welder.revalidationNonmemberFee)}</Fact>
            </SimpleGrid>
          )}
        </Section>
      )}

      <Section title="Instructions" testId="program-instructions">
        {program.instructions.length === 0 ? (
          <Text c="dimmed">None listed.</Text>
        ) : (
          <List type="ordered" spacing="xs">
            {program.instructions.map((instruction) => (
              <List.Item key={instruction.id}>
                <Text style={{ whiteSpace: 'pre-line' }}>{instruction.instruction}</Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Requirements" testId="program-requirements">
        {program.requirements.length === 0 ? (
          <Text c="dimmed">None listed.</Text>
        ) : (
          <Table verticalSpacing="sm" aria-label="Requirements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={140}>
                  Code
                </Table.Th>
                <Table.Th scope="col">Requirement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {program.requirements.map((requirement) => (
                <Table.Tr key={requirement.id}>
                  <Table.Th scope="row" fw={600}>
                    {requirement.requirementCode}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{requirement.requirementDescription}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      {hasModules && (
        <Section title="Modules" testId="program-modules">
          <ModulesTable label="Modules" modules={program.modules} symbol={symbol} />
        </Section>
      )}
      {program.programType === PROGRAM_TYPES.AICIP && (
        <Section title="Renewal modules" testId="program-renewal-modules">
          <ModulesTable label="Renewal modules" modules={program.renewalModules} symbol={symbol} />
        </Section>
      )}

      {declaration && (
        <Section title="Declaration" testId="program-declaration-section">
          <Text size="sm" c="dimmed" mb="sm">
            Applicants accept this declaration when they apply.
          </Text>
          <Declaration html={declaration} />
        </Section>
      )}
    </Stack>
  );
}
