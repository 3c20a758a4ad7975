import { Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { APPEAL_CHANGE_MAX, APPEAL_MESSAGES, type Appeal, type AppealStaffView } from '@certs/shared/appeal/appeal.contract';
import { type CaseOutcome } from '@certs/shared/case/case.contract';
import { CaseFailureAlert, CaseNoteForm, CaseOutcomeFields, CaseStatusForm } from '../../../components/case/case-forms';
import { AwardDateField, useAwardDate } from '../../../components/ui/award-date-field';
import { errorMessageOf } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { useAddAppealNote, useAppealHandlers, useAssignAppealHandler, useDecideAppeal, useMoveAppealStatus } from '../api/staff-appeals';

/** Taking the appeal oneself (anyone of the program who took no part in the application). */
export function TakeAppealButton({ appeal, userId }: { appeal: Appeal; userId: string }) {
  const assign = useAssignAppealHandler(appeal.id);
  const [failure, setFailure] = useState<string | null>(null);
  const take = async () => {
    setFailure(null);
    try {
      await assign.mutateAsync({ handlerId: userId });
      notifications.show({ color: 'green', title: 'Appeal taken', message: `You handle ${appeal.reference} now.` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  return (
    <Stack gap="xs">
      <CaseFailureAlert message={failure} />
      <Group>
        <Button variant="light" onClick={() => void take()} loading={assign.isPending}>
          Take this appeal
        </Button>
      </Group>
    </Stack>
  );
}

/** The program's managers give the appeal to a staff member; those who took part in the application are named and cannot be chosen. */
export function AssignHandlerForm({ appeal }: { appeal: Appeal }) {
  const handlers = useAppealHandlers(appeal.id, true);
  const assign = useAssignAppealHandler(appeal.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { handlerId: '' } });
  const options = handlers.data?.rows ?? [];
  const submit = async (values: { handlerId: string }) => {
    setFailure(null);
    try {
      await assign.mutateAsync({ handlerId: values.handlerId });
      notifications.show({ color: 'green', title: 'Handler assigned', message: options.find((option) => option.id === values.handlerId)?.name ?? '' });
      form.reset();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Assign the handler">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Handler"
            miw={280}
            data={[
              { value: '', label: 'Choose a staff member' },
              ...options.map((option) => ({ value: option.id, label: option.involvedAs ? `${option.name} (involved: ${option.involvedAs})` : option.name })),
            ]}
            {...form.getInputProps('handlerId')}
          />
          <Button type="submit" disabled={!form.values.handlerId || assign.isPending} loading={assign.isPending}>
            Assign handler
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          The handler may not have taken part in the application: its assessors, examiners, invigilators and whoever decided it are refused.
        </Text>
      </Stack>
    </form>
  );
}

/** Received -> under investigation; an open appeal (not of a result) recorded as withdrawn at the person's word. */
export function AppealStatusForm({ appeal }: { appeal: Appeal }) {
  const move = useMoveAppealStatus(appeal.id);
  return (
    <CaseStatusForm
      status={appeal.status}
      noteLabel="Note on the change"
      withdrawLabel={appeal.reviewId ? null : 'Withdrawn by the person'}
      move={(status, note) => move.mutateAsync({ status, ...(note ? { note } : {}) })}
      pending={move.isPending}
    />
  );
}

/** A note of the investigation; one shared with the person is mailed to them and shown on their page. */
export function AppealNoteForm({ appealId }: { appealId: string }) {
  const addNote = useAddAppealNote(appealId);
  return <CaseNoteForm save={(values) => addNote.mutateAsync(values)} shareLabel="Share with the person (it is mailed to them)" />;
}

interface DecisionValues {
  outcome: CaseOutcome | '';
  reasons: string;
  moduleIds: string[];
  changeDescription: string;
}

/**
 * The outcome with reasons (mailed to the person). Upheld changes what was appealed: for a result
 * with modules, the modules that now pass; a result's award date; where the platform changes
 * nothing itself, what the outcome changes in words. Partly upheld on a result with modules
 * passes the modules chosen, and the result stays Failed.
 */
export function AppealDecisionForm({ appeal, staff }: { appeal: Appeal; staff: AppealStaffView }) {
  const decide = useDecideAppeal(appeal.id);
  const awardDate = useAwardDate(staff.awardDateRange);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DecisionValues>({ initialValues: { outcome: '', reasons: '', moduleIds: [], changeDescription: '' } });
  const isUpheld = form.values.outcome === 'upheld';
  const isResult = appeal.subject === 'result';
  const passesModules = (outcome: DecisionValues['outcome']) => staff.needsModules && (outcome === 'upheld' || outcome === 'partly_upheld');
  const submit = async (values: DecisionValues) => {
    setFailure(null);
    const errors: Record<string, string> = {};
    if (!values.outcome) errors.outcome = 'Outcome is required';
    if (!values.reasons.trim()) errors.reasons = 'Reasons are required';
    if (passesModules(values.outcome) && values.moduleIds.length === 0) errors.moduleIds = values.outcome === 'upheld' ? APPEAL_MESSAGES.modulesRequired : APPEAL_MESSAGES.partlyUpheldModulesRequired;
    if (values.outcome === 'upheld' && staff.needsDescription && !values.changeDescription.trim()) errors.changeDescription = APPEAL_MESSAGES.descriptionRequired;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (values.outcome === 'upheld' && isResult && !awardDate.check()) return;
    try {
      await decide.mutateAsync({
        outcome: values.outcome as CaseOutcome,
        reasons: values.reasons,
        moduleIds: passesModules(values.outcome) ? values.moduleIds : [],
        ...(values.outcome === 'upheld' && isResult ? { awardedOn: awardDate.awardedOn } : {}),
        changeDescription: values.changeDescription,
      });
      notifications.show({ color: 'green', title: 'Appeal decided', message: 'The outcome and your reasons were mailed to the person.' });
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Decide the appeal">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <CaseOutcomeFields form={form} reasonsLabel="Reasons (mailed to the person)" />
        {passesModules(form.values.outcome) && (
          <Checkbox.Group label="Modules that now pass" required withAsterisk {...form.getInputProps('moduleIds')}>
            <Stack gap={6} mt="xs">
              {staff.modules.map((module) => (
                <Checkbox key={module.id} value={module.id} label={`${module.moduleCode} ${module.moduleTitle} (${module.result ?? '-'}${module.resultPercentage !== null ? ` ${module.resultPercentage}%` : ''})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {isUpheld && isResult && (
          <>
            <Text size="sm">Upheld, the result is corrected: the application is awarded and its certificate issued.</Text>
            <AwardDateField {...awardDate.fieldProps} />
          </>
        )}
        {form.values.outcome === 'partly_upheld' && staff.needsModules && <Text size="sm">Partly upheld, the modules chosen pass and the result stays Failed: at least one module stays not passed.</Text>}
        {isUpheld && (appeal.subject === 'award_hold' || appeal.subject === 'award_cancellation') && <Text size="sm">Upheld, the award is reinstated: current again.</Text>}
        {form.values.outcome !== 'dismissed' && !(isUpheld && !staff.needsDescription) && (
          <Textarea
            label="What the outcome changes"
            description={staff.needsDescription && isUpheld ? 'The platform changes nothing itself here: say what is done.' : 'Optional: what is done because of it.'}
            required={staff.needsDescription && isUpheld}
            withAsterisk={staff.needsDescription && isUpheld}
            autosize
            minRows={2}
            maxLength={APPEAL_CHANGE_MAX}
            {...form.getInputProps('changeDescription')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            Record the decision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
