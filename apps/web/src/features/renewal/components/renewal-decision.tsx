import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  RENEWAL_MESSAGES,
  RENEWAL_STATUS_COLORS,
  RENEWAL_STATUS_LABELS,
  type Renewal,
  type RenewalAction,
} from "@certs/shared/renewal/renewal.contract";
import { DateDisplay } from "../../../components/ui/date-display";
import { StatusBadge } from "../../../components/ui/status-badge";
import { errorMessageOf } from "../../../lib/api-client";
import { formatDay } from "@certs/shared/common/dates";
import { formatMoney } from "@certs/shared/pre-exam/pre-exam-rules";
import { cpdHoursText } from "@certs/shared/renewal/renewal-rules";
import { renewalKeys, useRenewalAction } from "../api/renewal";
import { RenewalModulesPanel, type RenderInvoiceActions } from "./renewal-modules-panel";
import { OverrideReasonField, useImpartialityOverride } from "../../../components/ui/override-reason";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** Staff's page of one renewal: what the holder answered and listed, and Renew or Refuse (with a reason). */
export function RenewalDecision({ renewal, renderInvoiceActions }: { renewal: Renewal; renderInvoiceActions?: RenderInvoiceActions }) {
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Renewing moves the award to a new period at once: staff confirm before it is sent (issue 45 item 7).
  const [confirmingRenew, setConfirmingRenew] = useState(false);
  const action = useRenewalAction(renewal.id ?? "", renewal.typePath);
  // Renewing or refusing is a certification decision: a refusal on impartiality a manager may override with a reason (issue 43).
  const impartiality = useImpartialityOverride();
  const queryClient = useQueryClient();
  const counted = renewal.development.filter((d) => d.inPeriod);

  const decide = (chosen: RenewalAction) => {
    if (chosen === "refuse" && !reason.trim()) {
      setReasonError(RENEWAL_MESSAGES.reasonRequired);
      return;
    }
    setReasonError(null);
    action.mutate(
      { action: chosen, reason: reason.trim(), ...impartiality.requestPart() },
      {
        onSuccess: (done) => {
          impartiality.reset();
          notifications.show({
            color: "teal",
            title: chosen === "renew" ? "Renewed" : "Renewal refused",
            message:
              chosen === "renew"
                ? `Valid until ${formatDay(done.newExpiresOn)}`
                : renewal.awardStatus === "expired"
                  ? "The award stays expired."
                  : "The award is withdrawn.",
          });
        },
        onError: (error) => {
          impartiality.noteFailure(error);
          notifications.show({
            color: "red",
            title: "The decision was not recorded",
            message: errorMessageOf(error),
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Holder">{renewal.holderName}</Fact>
          <Fact label="Certificate number">{renewal.certificateNumber}</Fact>
          <Fact label="Application number">{renewal.applicationNumber}</Fact>
          <Fact label="Expires on" testId="renewal-expires-on">
            <DateDisplay value={renewal.expiresOn} />
          </Fact>
          {renewal.isLate && (
            <Fact label="Late renewal" testId="renewal-late">
              {`Applied after expiry${renewal.lateFeeCents ? `, late fee ${formatMoney(renewal.lateFeeCents, renewal.currency)}` : ""}`}
            </Fact>
          )}
          {renewal.invoice && !renewal.hasModules && (
            <Fact label="Invoice" testId="renewal-invoice">
              {`${renewal.invoice.invoiceNumberText}: ${formatMoney(renewal.invoice.totalCents, renewal.invoice.currency)}, ${renewal.invoice.status === "Paid" ? "paid" : "awaiting payment"}`}
            </Fact>
          )}
          <Fact label="CPD hours in the period" testId="renewal-cpd">
            {cpdHoursText(renewal.cpdHours, renewal.requiredCpdHours)}
          </Fact>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            {renewal.status && (
              <span data-testid="renewal-status">
                <StatusBadge
                  label={RENEWAL_STATUS_LABELS[renewal.status]}
                  color={RENEWAL_STATUS_COLORS[renewal.status]}
                />
              </span>
            )}
          </Stack>
        </SimpleGrid>
        {/* A late Certification renewal's unpaid late fee: a new link or a bank transfer, as for every invoice (issue 41). */}
        {renewal.invoice && !renewal.hasModules && renewal.status === "submitted" && renewal.invoice.status === "Issued" && (
          <Group mt="md">
            {renderInvoiceActions?.({
              renewal,
              amountText: `${formatMoney(renewal.invoice.totalCents, renewal.invoice.currency)} (${renewal.invoice.invoiceNumberText})`,
              onMoved: () => void queryClient.invalidateQueries({ queryKey: renewalKeys.all }),
            })}
          </Group>
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Renewal requirements
          </Title>
          {renewal.requirements.map((requirement) => (
            <Stack key={requirement.id} gap={2}>
              <Text
                fw={600}
              >{`${requirement.code}: ${requirement.description}`}</Text>
              <Text style={{ whiteSpace: "pre-wrap" }}>
                {requirement.answerText || "-"}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Continuing professional development
          </Title>
          {renewal.development.length === 0 ? (
            <Text c="dimmed">None listed.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Professional development listed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Start date</Table.Th>
                    <Table.Th ta="right">Hours</Table.Th>
                    <Table.Th>Counted</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {renewal.development.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{entry.provider}</Table.Td>
                      <Table.Td>{entry.personalDevelopmentType}</Table.Td>
                      <Table.Td>
                        <DateDisplay value={entry.startDate} />
                      </Table.Td>
                      <Table.Td ta="right">{entry.numOfHours}</Table.Td>
                      <Table.Td>
                        {entry.inPeriod ? "Yes" : "No: outside the period"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text
            size="sm"
            c="dimmed"
          >{`${counted.length} of ${renewal.development.length} entries started within the period.`}</Text>
        </Stack>
      </Paper>

      {renewal.hasModules && <RenewalModulesPanel renewal={renewal} renderInvoiceActions={renderInvoiceActions} />}

      {renewal.status === "submitted" ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              Decision
            </Title>
            <Textarea
              label="Reason"
              description="Required to refuse; a note to the holder when renewing."
              autosize
              minRows={2}
              maxLength={1000}
              value={reason}
              error={reasonError}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <OverrideReasonField state={impartiality} />
            {renewal.renewBlockedReason && (
              <Alert color="blue" variant="light" role="note" data-testid="renew-blocked">
                {`Not ready to renew: ${renewal.renewBlockedReason}`}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                color="red"
                variant="light"
                onClick={() => decide("refuse")}
                loading={
                  action.isPending && action.variables?.action === "refuse"
                }
              >
                Refuse renewal
              </Button>
              <Button
                disabled={renewal.renewBlockedReason !== null}
                onClick={() => setConfirmingRenew(true)}
                loading={
                  action.isPending && action.variables?.action === "renew"
                }
              >
                Renew
              </Button>
            </Group>
            <ConfirmDialog
              opened={confirmingRenew}
              title="Renew this award?"
              confirmLabel="Confirm renewal"
              failureTitle="The decision was not recorded"
              // The outcome (or an impartiality refusal to override) shows on the page, as for Refuse.
              onConfirm={async () => decide("renew")}
              onClose={() => setConfirmingRenew(false)}
            >
              <Text>
                {`${renewal.holderName}'s ${renewal.programCode} award ${renewal.certificateNumber} will be renewed for a new period and the renewal recorded as decided by you. ${reason.trim() ? "Your reason is kept as a note to the holder." : ""}`.trim()}
              </Text>
            </ConfirmDialog>
          </Stack>
        </Paper>
      ) : (
        <Alert
          color={renewal.status === "renewed" ? "teal" : "gray"}
          variant="light"
          title={renewal.status ? RENEWAL_STATUS_LABELS[renewal.status] : ""}
          role="status"
        >
          {renewal.status === "renewed" && (
            <>
              Renewed until <DateDisplay value={renewal.newExpiresOn} /> (was{" "}
              <DateDisplay value={renewal.previousExpiresOn} />
              ).
              {renewal.newCertificateNumber &&
                renewal.newCertificateNumber !== renewal.previousCertificateNumber &&
                ` New certificate number ${renewal.newCertificateNumber} (was ${renewal.previousCertificateNumber ?? ""}).`}
            </>
          )}
          {renewal.status === "refused" &&
            `Refused: ${renewal.decisionReason ?? ""}`}
        </Alert>
      )}
    </Stack>
  );
}
