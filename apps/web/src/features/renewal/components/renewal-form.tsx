import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import {
  RENEWAL_STATUS_COLORS,
  RENEWAL_STATUS_LABELS,
  type Renewal,
} from "@certs/shared/renewal/renewal.contract";
import { formatDay } from "@certs/shared/common/dates";
import { cpdHoursInPeriod, cpdHoursText, formatCpdHours } from "@certs/shared/renewal/renewal-rules";
import { DateDisplay } from "../../../components/ui/date-display";
import { StatusBadge } from "../../../components/ui/status-badge";
import { errorMessageOf } from "../../../lib/api-client";
import { formatMoney } from "@certs/shared/pre-exam/pre-exam-rules";
import { useSaveRenewal } from "../api/renewal";
import { HolderRenewalModules } from "./holder-renewal-modules";
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RenewalFormProps {
  renewal: Renewal;
  profileHref: string;
}

/**
 * The holder's renewal form (decision 023): the program's renewal requirements, and the profile's
 * Professional development entries to count, with the hours within the award's period against the
 * program's required hours. Save keeps a draft; Submit applies (Applied for Renewal).
 */
export function RenewalForm({ renewal, profileHref }: RenewalFormProps) {
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(renewal.requirements.map((r) => [r.id, r.answerText])),
  );
  const [chosen, setChosen] = useState<Set<string>>(
    () =>
      new Set(renewal.development.filter((d) => d.selected).map((d) => d.id)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Submitting hands the renewal to staff and ends editing: the holder confirms first (issue 45 item 7).
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const save = useSaveRenewal(renewal.awardId, renewal.typePath);
  const editable =
    renewal.canApply && (renewal.status === null || renewal.status === "draft");
  const total = editable
    ? cpdHoursInPeriod(
        renewal.development.filter((d) => chosen.has(d.id)),
        renewal.periodStart,
        renewal.expiresOn,
      )
    : renewal.cpdHours;
  const short = total < renewal.requiredCpdHours;

  /** Marks unanswered requirements when submitting; true when the form may be sent. */
  const checkAnswers = (submit: boolean) => {
    const missing = submit
      ? renewal.requirements.filter((r) => !(answers[r.id] ?? "").trim())
      : [];
    setErrors(
      Object.fromEntries(missing.map((r) => [r.id, "Answer is required"])),
    );
    return missing.length === 0;
  };

  const send = (submit: boolean) => {
    if (!checkAnswers(submit)) return;
    save.mutate(
      {
        body: {
          awardId: renewal.awardId,
          answers: renewal.requirements.map((r) => ({
            requirementId: r.id,
            answerText: answers[r.id] ?? "",
          })),
          developmentIds: [...chosen],
        },
        submit,
      },
      {
        onSuccess: () =>
          notifications.show({
            color: "teal",
            title: submit ? "Renewal submitted" : "Draft saved",
            message: submit
              ? "We will write to you when it is decided."
              : "You can come back to it before you submit.",
          }),
        onError: (error) =>
          notifications.show({
            color: "red",
            title: submit
              ? "Could not submit the renewal"
              : "Could not save the draft",
            message: errorMessageOf(error),
          }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group gap="xl" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Certificate number
            </Text>
            <Text fw={600}>{renewal.certificateNumber}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Expires on
            </Text>
            <Text fw={600} data-testid="renewal-expires-on">
              <DateDisplay value={renewal.expiresOn} />
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Renewal status
            </Text>
            {renewal.status ? (
              <span data-testid="renewal-status">
                <StatusBadge
                  label={RENEWAL_STATUS_LABELS[renewal.status]}
                  color={RENEWAL_STATUS_COLORS[renewal.status]}
                />
              </span>
            ) : (
              <Text>Not started</Text>
            )}
          </Stack>
        </Group>
      </Paper>
      {renewal.blockedReason && renewal.status !== "submitted" && (
        <Alert
          color="yellow"
          variant="light"
          title="You cannot apply to renew now"
        >
          {renewal.blockedReason}
        </Alert>
      )}
      {renewal.status === "submitted" && (
        <Alert
          color="blue"
          variant="light"
          title="Renewal submitted"
          role="status"
        >
          {renewal.isLate
            ? "This is a late renewal: your certificate stays expired until it is renewed."
            : "Your certificate stays current while we assess your renewal."}{" "}
          {renewal.hasModules && !renewal.invoice
            ? "We will invoice your renewal modules, then schedule them."
            : "We will write to you when it is decided."}
        </Alert>
      )}
      {renewal.canApply && renewal.expiresOn && renewal.status !== "submitted" && renewal.awardStatus === "expired" && (
        <Alert color="yellow" variant="light" title="Late renewal" role="note">
          {`Your certificate expired; the program takes late renewals until ${formatDay(renewal.graceEndsOn)}, with a late fee.`}
        </Alert>
      )}
      {renewal.invoice && (
        <Paper withBorder radius="md" p="lg" data-testid="renewal-invoice">
          <Group justify="space-between" wrap="wrap">
            <Text>{`Invoice ${renewal.invoice.invoiceNumberText}: ${formatMoney(renewal.invoice.totalCents, renewal.invoice.currency)} incl. GST, ${renewal.invoice.status === "Paid" ? "paid" : "awaiting payment"}.`}</Text>
            {renewal.invoice.payPath && (
              <Button component={Link} to={renewal.invoice.payPath}>
                Pay invoice
              </Button>
            )}
          </Group>
        </Paper>
      )}
      {renewal.hasModules && renewal.modules.length > 0 && <HolderRenewalModules renewal={renewal} />}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Renewal requirements
          </Title>
          {renewal.requirements.length === 0 && (
            <Text c="dimmed">This program lists no requirements.</Text>
          )}
          {renewal.requirements.map((requirement) => (
            <Textarea
              key={requirement.id}
              label={`${requirement.code}: ${requirement.description}`}
              description="How you have met this requirement since your certificate was issued."
              required
              withAsterisk
              autosize
              minRows={2}
              maxLength={4000}
              readOnly={!editable}
              value={answers[requirement.id] ?? ""}
              error={errors[requirement.id]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAnswers((current) => ({
                  ...current,
                  [requirement.id]: value,
                }));
              }}
            />
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Continuing professional development
          </Title>
          <Text size="sm">
            Choose the entries of your Professional development list to count.
            Only those that started within your certificate&apos;s period (
            <DateDisplay value={renewal.periodStart} /> to{" "}
            <DateDisplay value={renewal.expiresOn} />) count.{" "}
            <Anchor component={Link} to={profileHref}>
              Add or edit entries in your profile
            </Anchor>
            .
          </Text>
          {renewal.development.length === 0 ? (
            <Text c="dimmed">Your Professional development list is empty.</Text>
          ) : (
            <ScrollRegion label="Professional development">
              <Table miw={640} striped aria-label="Professional development">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Count</Table.Th>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Start date</Table.Th>
                    <Table.Th ta="right">Hours</Table.Th>
                    <Table.Th>In the period</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {renewal.development.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Count ${entry.provider}, ${formatCpdHours(entry.numOfHours)} hours`}
                          checked={chosen.has(entry.id)}
                          disabled={!editable}
                          onChange={(event) => {
                            const on = event.currentTarget.checked;
                            setChosen((current) => {
                              const next = new Set(current);
                              if (on) next.add(entry.id);
                              else next.delete(entry.id);
                              return next;
                            });
                          }}
                        />
                      </Table.Td>
                      <Table.Td>{entry.provider}</Table.Td>
                      <Table.Td>{entry.personalDevelopmentType}</Table.Td>
                      <Table.Td>
                        <DateDisplay value={entry.startDate} />
                      </Table.Td>
                      <Table.Td ta="right">{formatCpdHours(entry.numOfHours)}</Table.Td>
                      <Table.Td>
                        {entry.inPeriod ? "Yes" : "No: outside the period"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          )}
          <Alert
            color={short ? "yellow" : "teal"}
            variant="light"
            data-testid="cpd-total"
            role="status"
          >
            {`Total hours in the period: ${cpdHoursText(total, renewal.requiredCpdHours)}.`}
            {short && " You may still submit; staff decide with what you list."}
          </Alert>
        </Stack>
      </Paper>

      {editable && (
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => send(false)}
            loading={save.isPending && !save.variables?.submit}
          >
            Save draft
          </Button>
          <Button
            onClick={() => {
              if (checkAnswers(true)) setConfirmingSubmit(true);
            }}
            loading={save.isPending && save.variables?.submit === true}
          >
            Submit renewal
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirmingSubmit}
        title="Submit this renewal?"
        confirmLabel="Confirm and submit"
        failureTitle="Could not submit the renewal"
        // The outcome shows as a notification, as for Save draft.
        onConfirm={async () => send(true)}
        onClose={() => setConfirmingSubmit(false)}
      >
        <Text>
          {`Your renewal of certificate ${renewal.certificateNumber} goes to staff to decide, with your answers and the ${chosen.size === 1 ? "1 development entry" : `${chosen.size} development entries`} you ticked. You cannot change them after you submit.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
