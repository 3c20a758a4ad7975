import { Alert, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { hasReachedPreExam, preExamTypeOf, type PreExamView } from '@certs/shared/pre-exam/pre-exam.contract';
import { FEE_BASIS_LABELS, MODULE_CHOICE_LABELS, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import { errorMessageOf } from '../../../lib/api-client';
import { usePreExam } from '../api/find-pre-exam';
import { usePreExamMoves } from '../api/pre-exam-moves';
import { PreExamForm } from '../forms/pre-exam-form';
import { InvoiceSummary } from './invoice-summary';

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pre-exam-stage-heading" data-testid="pre-exam-stage">
      <Title order={2} size="h4" id="pre-exam-stage-heading" mb="md">
        Pre-exam and invoice
      </Title>
      {children}
    </Paper>
  );
}

/** The selection as it stands, for staff who may read but not change it. */
function ModulesReadOnly({ view }: { view: PreExamView }) {
  if (!view.hasModules) return null;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Modules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Module</Table.Th>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">For this candidate</Table.Th>
            <Table.Th scope="col" ta="right">
              Fee ({FEE_BASIS_LABELS[view.feeBasis].toLowerCase()})
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.modules.map((module) => (
            <Table.Tr key={module.programModuleId}>
              <Table.Td>{module.moduleCode}</Table.Td>
              <Table.Td>{module.moduleTitle}</Table.Td>
              <Table.Td>{MODULE_CHOICE_LABELS[module.choice]}</Table.Td>
              <Table.Td ta="right">{module.choice === 'notTaken' ? '-' : formatMoney(module.feeCents, view.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface PreExamStageProps {
  type: ApplicationTypePath;
  applicationId: string;
  status: string;
  workflowStage: string | null;
  /** The invoice was issued (or the application moved): the page reads the application again. */
  onMoved: () => void;
}

/**
 * The staff's pre-exam section, once the application is accepted into examinations: the modules
 * for this candidate and the invoice's totals (staff who manage the application choose and issue),
 * then the issued tax invoice with its PDF.
 */
export function PreExamStage({ type, applicationId, status, workflowStage, onMoved }: PreExamStageProps) {
  const preExamType = preExamTypeOf(type);
  const isShown = !!preExamType && hasReachedPreExam(status, workflowStage);
  const view = usePreExam(preExamType, applicationId, isShown);
  const moves = usePreExamMoves(preExamType ?? 'qualificationapplicationmodule', applicationId, onMoved);
  if (!isShown) return null;
  if (view.isPending) {
    return (
      <Section>
        <Center py="md">
          <Loader size="sm" aria-label="Loading the pre-exam stage" />
        </Center>
      </Section>
    );
  }
  if (view.error || !view.data) {
    return (
      <Section>
        <Alert color="red" variant="light" title="Could not load the pre-exam stage">
          {errorMessageOf(view.error)}
        </Alert>
      </Section>
    );
  }
  const data = view.data;
  return (
    <Section>
      <Stack gap="md">
        {data.invoice ? (
          <>
            <InvoiceSummary invoice={data.invoice} />
            <ModulesReadOnly view={data} />
          </>
        ) : data.canEdit ? (
          <PreExamForm
            // A new answer from the server (saved elsewhere, or refused) starts the form from it.
            key={`${data.isSelectionSaved}-${data.couponCode ?? ''}-${data.modules.map((m) => m.choice).join()}`}
            view={data}
            onSave={async (request) => {
              await moves.save.mutateAsync(request);
              notifications.show({ color: 'green', title: 'Pre-exam saved', message: 'The modules and discount code are saved; nothing has been sent yet.' });
            }}
            onIssue={async (request) => {
              const issued = await moves.issue.mutateAsync(request);
              notifications.show({ color: 'green', title: `Invoice ${issued.invoice?.invoiceNumberText ?? ''} issued`, message: 'The applicant has been mailed the invoice and the payment link.' });
            }}
          />
        ) : (
          <Stack gap="sm">
            {data.couponError && (
              <Alert color="yellow" variant="light" title="Discount code">
                {data.couponError}
              </Alert>
            )}
            <ModulesReadOnly view={data} />
            <Text size="sm" c="dimmed">
              {data.status === 'Assessment Completed' ? 'The program manager or an administrator chooses the modules and issues the invoice.' : 'No invoice was issued at the pre-exam stage.'}
            </Text>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
