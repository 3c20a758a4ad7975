import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RenewalRules } from '@certs/shared/renewal/renewal-module.contract';
import { LATE_RENEWAL_CHOICES, LATE_RENEWAL_LABELS, type LateRenewalChoice } from '@certs/shared/renewal/renewal-rules';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCurrencySymbol } from '../../../lib/currency';
import { useRenewalRules, useSaveRenewalRules } from '../api/renewal-modules';

const dollars = (cents: number) => (cents / 100).toFixed(2);

function RulesForm({ rules, isReadOnly }: { rules: RenewalRules; isReadOnly: boolean }) {
  const [lateRenewal, setLateRenewal] = useState<LateRenewalChoice>(rules.lateRenewal);
  const [graceDays, setGraceDays] = useState(rules.lateRenewal === 'grace' ? String(rules.graceDays) : '30');
  const [lateFeeMember, setLateFeeMember] = useState(dollars(rules.lateFeeMemberCents));
  const [lateFeeNonMember, setLateFeeNonMember] = useState(dollars(rules.lateFeeNonMemberCents));
  const [newNumber, setNewNumber] = useState(rules.newNumberOnRenewal);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRenewalRules(rules.programId);
  const readOnly = isReadOnly || !rules.canEdit;
  const symbol = useCurrencySymbol();
  const isGrace = lateRenewal === 'grace';

  const submit = () =>
    save.mutate(
      { lateRenewal, graceDays: isGrace ? graceDays : 0, lateFeeMember: isGrace ? lateFeeMember : 0, lateFeeNonMember: isGrace ? lateFeeNonMember : 0, newNumberOnRenewal: newNumber },
      {
        onSuccess: () => {
          setErrors({});
          notifications.show({ color: 'green', title: 'Renewal rules saved', message: 'They apply to renewals applied for from now on.' });
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? (error.fieldErrors ?? {}) : {});
          notifications.show({ color: 'red', title: 'The renewal rules were not saved', message: errorMessageOf(error) });
        },
      },
    );

  return (
    <Stack gap="md">
      <Radio.Group label="Renewal after the expiry day" value={lateRenewal} onChange={(value) => setLateRenewal(value as LateRenewalChoice)}>
        <Stack gap="xs" mt="xs">
          {LATE_RENEWAL_CHOICES.map((choice) => (
            <Radio key={choice} value={choice} label={LATE_RENEWAL_LABELS[choice]} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
      {isGrace && (
        <Group gap="md" align="flex-start" wrap="wrap">
          <TextInput label="Grace Period (days)" value={graceDays} onChange={(e) => setGraceDays(e.currentTarget.value)} error={errors.graceDays} readOnly={readOnly} inputMode="numeric" w={180} />
          <TextInput label={`Late Fee, member (${symbol})`} value={lateFeeMember} onChange={(e) => setLateFeeMember(e.currentTarget.value)} error={errors.lateFeeMember} readOnly={readOnly} inputMode="decimal" w={180} />
          <TextInput label={`Late Fee, non-member (${symbol})`} value={lateFeeNonMember} onChange={(e) => setLateFeeNonMember(e.currentTarget.value)} error={errors.lateFeeNonMember} readOnly={readOnly} inputMode="decimal" w={200} />
        </Group>
      )}
      <Checkbox
        label="New certificate number on renewal"
        description="Off: a renewed certificate keeps its number. On: it takes the next number of the program's series."
        checked={newNumber}
        disabled={readOnly}
        onChange={(e) => setNewNumber(e.currentTarget.checked)}
      />
      {!readOnly && (
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={submit}>
            Save renewal rules
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A Certification or AICIP program's renewal rules (decision 023): late renewal within a grace period with a late fee, and numbering. */
export function RenewalRulesSection({ programId, isReadOnly }: { programId: string; isReadOnly: boolean }) {
  const headingId = useId();
  const rules = useRenewalRules(programId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} data-testid="renewal-rules-section">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Renewal rules
          </Title>
          <Text size="sm" c="dimmed">
            Whether an expired certificate may still be renewed within a grace period, with a late fee, and whether a renewal takes a new certificate number.
          </Text>
        </Stack>
        {rules.error && (
          <Alert color="gray" variant="light" role="note">
            {errorMessageOf(rules.error)}
          </Alert>
        )}
        {rules.data && <RulesForm key={JSON.stringify(rules.data)} rules={rules.data} isReadOnly={isReadOnly} />}
      </Stack>
    </Paper>
  );
}
