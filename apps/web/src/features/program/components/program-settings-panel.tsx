import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { useCertificationSettings } from '../api/find-certification-settings';
import { useRenewalSettings } from '../api/find-renewal-settings';
import { useWelderQualificationSettings } from '../api/find-welder-qualification-settings';
import { useSaveCertificationSettings } from '../api/save-certification-settings';
import { useSaveWelderQualificationSettings } from '../api/save-welder-qualification-settings';
import { CertificationSettingsForm } from '../forms/certification-settings-form';
import {
  certificationSettingsValuesOf,
  toCertificationSettingsRequest,
  toRenewalSettingsRequest,
} from '../forms/certification-settings-form.values';
import { WelderQualificationSettingsForm } from '../forms/welder-qualification-settings-form';
import {
  toWelderQualificationSettingsRequest,
  welderQualificationSettingsValuesOf,
} from '../forms/welder-qualification-settings-form.values';
import { ListState } from './list-state';
import { SectionCard } from './section-card';

interface SettingsProps {
  programId: string;
  isReadOnly: boolean;
}

function savedNotice(what: string) {
  notifications.show({ color: 'green', title: `${what} saved`, message: 'Applicants see them once the program is published.' });
}

function NotSavedYet({ settings }: { settings: unknown }) {
  if (settings) return null;
  return (
    <Alert color="blue" variant="light" role="note" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
      Not saved yet.
    </Alert>
  );
}

type SettingsQuery = ReturnType<typeof useCertificationSettings>;

function InitialSettingsSection(props: SettingsProps) {
  return <CertificationSettingsSection {...props} kind="initial" query={useCertificationSettings(props.programId)} />;
}

function RenewalSettingsSection(props: SettingsProps) {
  return <CertificationSettingsSection {...props} kind="renewal" query={useRenewalSettings(props.programId)} />;
}

function CertificationSettingsSection({ programId, isReadOnly, kind, query }: SettingsProps & { kind: 'initial' | 'renewal'; query: SettingsQuery }) {
  const save = useSaveCertificationSettings();
  const isInitial = kind === 'initial';
  return (
    <SectionCard
      title={isInitial ? 'Certification settings' : 'Renewal settings'}
      description={
        isInitial
          ? 'Fees, review, renewal period, the assessor instruction and the declaration applicants accept.'
          : 'Fees, review, the assessor instruction and the declaration for renewing an AICIP certification.'
      }
      testId={isInitial ? 'certification-settings-section' : 'renewal-settings-section'}
    >
      <ListState isPending={query.isPending} error={query.error} what="settings" />
      {query.isSuccess && (
        <Stack gap="md">
          <NotSavedYet settings={query.data.settings} />
          <CertificationSettingsForm
            key={JSON.stringify(query.data.settings)}
            kind={kind}
            isReadOnly={isReadOnly}
            initialValues={certificationSettingsValuesOf(query.data.settings)}
            onSubmit={async (values) => {
              if (isInitial) await save.mutateAsync({ kind: 'initial', programId, request: toCertificationSettingsRequest(values) });
              else await save.mutateAsync({ kind: 'renewal', programId, request: toRenewalSettingsRequest(values) });
              savedNotice(isInitial ? 'Settings' : 'Renewal settings');
            }}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

function WelderQualificationSettingsSection({ programId, isReadOnly }: SettingsProps) {
  const query = useWelderQualificationSettings(programId);
  const save = useSaveWelderQualificationSettings();
  return (
    <SectionCard
      title="Welder qualification settings"
      description="Standard, confirmations, revalidation and prolongation, fees, messages and the declaration."
      testId="welder-qualification-settings-section"
    >
      <ListState isPending={query.isPending} error={query.error} what="settings" />
      {query.isSuccess && (
        <Stack gap="md">
          <NotSavedYet settings={query.data.settings} />
          <WelderQualificationSettingsForm
            key={JSON.stringify(query.data.settings)}
            isReadOnly={isReadOnly}
            initialValues={welderQualificationSettingsValuesOf(query.data.settings)}
            onSubmit={async (values) => {
              await save.mutateAsync({ programId, request: toWelderQualificationSettingsRequest(values) });
              savedNotice('Settings');
            }}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

/** The settings form(s) of the program's type; a Qualification program has none. */
export function ProgramSettingsPanel({ programId, programType, isReadOnly }: SettingsProps & { programType: number }) {
  switch (programType) {
    case PROGRAM_TYPES.Certification:
      return <InitialSettingsSection programId={programId} isReadOnly={isReadOnly} />;
    case PROGRAM_TYPES.AICIP:
      return (
        <Stack gap="lg">
          <InitialSettingsSection programId={programId} isReadOnly={isReadOnly} />
          <RenewalSettingsSection programId={programId} isReadOnly={isReadOnly} />
        </Stack>
      );
    case PROGRAM_TYPES.WelderQualification:
      return <WelderQualificationSettingsSection programId={programId} isReadOnly={isReadOnly} />;
    default:
      return <Text c="dimmed">A Qualification program has no settings beyond its details and modules.</Text>;
  }
}
