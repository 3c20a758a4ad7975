import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '@certs/shared/common/dates';
import { WPQ_VALIDITY_OPTIONS } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { DataTable } from '../../../components/ui/data-table';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf, httpStatusOf } from '../../../lib/api-client';
import { useConfirmByExaminer, useSendConfirmationLink, useWpqValidity } from '../api/validity';
import { ConfirmationForm } from './confirmation-form';
import { ExtensionLogSection, RevalidationForm, RevalidationList, type RenderUpload } from './revalidation';

const day = (value: string | null) => (value ? formatDate(value, 'day') : '-');
const optionLabel = (code: WpqValidity['option']) => WPQ_VALIDITY_OPTIONS.find((option) => option.value === code)?.label ?? code;

type Confirmation = WpqValidity['confirmations'][number];

const CONFIRMATION_COLUMNS: PagedTableColumn<Confirmation>[] = [
  { key: 'sequence', header: 'No.', render: (confirmation) => confirmation.sequence },
  { key: 'due', header: 'Due by', noWrap: true, render: (confirmation) => day(confirmation.dueOn) },
  { key: 'confirmed', header: 'Confirmed on', noWrap: true, render: (confirmation) => day(confirmation.confirmedOn) },
  {
    key: 'by',
    header: 'By',
    render: (confirmation) => (confirmation.confirmedBy === 'employer' ? `Employer${confirmation.companyName ? ` (${confirmation.companyName})` : ''}` : 'Examiner'),
  },
  { key: 'signer', header: 'Name and position', render: (confirmation) => `${confirmation.confirmerName}, ${confirmation.confirmerPosition}` },
];

function ConfirmationsTable({ validity }: { validity: WpqValidity }) {
  if (validity.confirmations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No confirmation yet.
      </Text>
    );
  }
  // A table from 768 px up; below, one card per confirmation, nothing cut off at the side (issue 45 item 14).
  return <DataTable label="Confirmations" columns={CONFIRMATION_COLUMNS} rows={validity.confirmations} rowKey={(confirmation) => confirmation.id} minWidth={560} testId="wpq-confirmations" />;
}

/** The program's examiners and managers: mail the employer the link now, or confirm themselves. */
function StaffConfirmationActions({ recordId, validity }: { recordId: string; validity: WpqValidity }) {
  const link = useSendConfirmationLink(recordId);
  const confirm = useConfirmByExaminer(recordId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  // Once the last confirmation is made the buttons go; what was just done stays said.
  const isDue = validity.isValid && !!validity.nextConfirmationDue;
  if (!isDue && !confirmed && !link.data) return null;
  return (
    <Stack gap="sm">
      {isDue && (
        <Group gap="sm">
          <Button variant="default" loading={link.isPending} onClick={() => link.mutate()}>
            Mail the employer the confirmation link
          </Button>
          {!isConfirming && (
            <Button variant="default" onClick={() => setIsConfirming(true)}>
              Confirm as examiner
            </Button>
          )}
        </Group>
      )}
      {link.data && (
        <Text size="sm" role="status">
          A new link was mailed to {link.data.sentTo} for the confirmation due by {day(link.data.dueOn)}.
        </Text>
      )}
      {link.error && (
        <Alert color="red" variant="light" title="The link was not sent">
          {httpStatusOf(link.error) === 403 ? "Only the program's examiners and managers send it." : errorMessageOf(link.error)}
        </Alert>
      )}
      {confirmed && (
        <Text size="sm" role="status">
          {confirmed}
        </Text>
      )}
      {isDue && isConfirming && (
        <ConfirmationForm
          label="Confirm as examiner"
          statement={`I confirm, as examiner, that the welder has kept welding within the range of this qualification up to the confirmation due by ${day(validity.nextConfirmationDue)}.`}
          isPending={confirm.isPending}
          onConfirm={async (request) => {
            const done = await confirm.mutateAsync({ ...request, evidenceAttachmentIds: [] });
            setIsConfirming(false);
            setConfirmed(`Confirmation ${done.confirmation.sequence} recorded. ${done.messageConfirmation}`.trim());
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A welder qualification's validity now (issue 18, decision 026), for the welder and staff: valid
 * until, the next 6-monthly confirmation, the option, and each confirmation and revalidation; inside
 * the revalidation window (9.3 b) the form asking for it; staff also send the employer's link,
 * confirm as examiner and decide a revalidation.
 */
export function WpqValidityPanel({ recordId, isStaff = false, renderUpload, onOpenFile }: { recordId: string; isStaff?: boolean; renderUpload?: RenderUpload; onOpenFile?: (resourceKey: string) => void }) {
  const validity = useWpqValidity(recordId);
  if (validity.isPending) return null;
  if (validity.error || !validity.data) {
    return (
      <Alert color="gray" variant="light">
        {errorMessageOf(validity.error)}
      </Alert>
    );
  }
  const data = validity.data;
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="wpq-validity-heading" data-testid="wpq-validity">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id="wpq-validity-heading">
            Validity
          </Title>
          <StatusBadge label={data.isValid ? 'Valid' : 'Ended'} color={data.isValid ? 'green' : 'red'} />
        </Group>
        <Text size="sm" data-testid="wpq-validity-summary">
          {data.isValid
            ? `Valid until ${day(data.validUntil)}${data.nextConfirmationDue ? `; the next confirmation is due by ${day(data.nextConfirmationDue)}` : ''}.`
            : `Ended${data.endedOn ? ` on ${day(data.endedOn)}` : ''}: ${data.reason}`}
        </Text>
        <Text size="sm" c="dimmed">
          Validity option {optionLabel(data.option)}. Test date {day(data.testDate)}.
        </Text>
        {data.messageConfirmation && <Text size="sm">{data.messageConfirmation}</Text>}
        <ConfirmationsTable validity={data} />
        <RevalidationList recordId={recordId} validity={data} canDecide={isStaff} onOpenFile={onOpenFile} />
        {data.revalidationWindow && renderUpload && <RevalidationForm recordId={recordId} window={data.revalidationWindow} fee={data.revalidationFee} renderUpload={renderUpload} />}
        {isStaff && <StaffConfirmationActions recordId={recordId} validity={data} />}
        {isStaff && <ExtensionLogSection recordId={recordId} />}
      </Stack>
    </Paper>
  );
}
