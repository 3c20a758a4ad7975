import { Alert, Center, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import type { SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { useApplicant } from '../../../features/applicant-profile/api/find-applicant';
import { useSaveApplicant } from '../../../features/applicant-profile/api/save-applicant';
import { MembershipStatus } from '../../../features/applicant-profile/components/membership-status';
import { EmployerPicker } from '../../../features/company/components/employer-picker';
import { CompanyAccessSection } from '../../../features/company-access/components/company-access-section';
import {
  EducationPanel,
  ExperiencePanel,
  ProfessionalActivitiesPanel,
  ProfessionalDevelopmentPanel,
} from '../../../features/applicant-profile/components/profile-lists';
import { applicantValuesOf } from '../../../features/applicant-profile/forms/applicant-form.values';
import { MembershipForm } from '../../../features/applicant-profile/forms/membership-form';
import { PersonalDetailsForm } from '../../../features/applicant-profile/forms/personal-details-form';
import { TwoStepSignInSection } from '../../../features/auth/components/two-step-sign-in-section';
import { YourDataSection } from '../../../features/privacy/components/your-data-section';
import { ProfilePhotoSection } from '../../../features/attachment/components/profile-photo-section';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_PROFILE_PATH } from '../../route-paths';


const TABS = [
  { value: 'personal', label: 'Personal & contact' },
  { value: 'education', label: 'Education' },
  { value: 'experience', label: 'Experience' },
  { value: 'activities', label: 'Professional activities' },
  { value: 'development', label: 'Professional development' },
  { value: 'membership', label: 'Membership' },
  { value: 'companies', label: 'Companies' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/** The applicant's own profile (spec section 3): personal and contact details, four lists, membership. */
export function StudentProfileRoute() {
  usePageTitle('Profile');
  const { user } = useRequiredSession();
  const applicantId = user.applicantId;
  const applicant = useApplicant(applicantId);
  const save = useSaveApplicant();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'personal';

  const saveDetails = async (request: SaveApplicantRequest, what: string) => {
    await save.mutateAsync(request);
    notifications.show({ color: 'green', title: 'Saved', message: `Your ${what} have been saved.` });
  };

  let body;
  if (!applicantId) {
    body = <Alert color="red" variant="light" bg="red.0" title="No applicant profile">This account has no applicant profile.</Alert>;
  } else if (applicant.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  } else if (applicant.error || !applicant.data) {
    body = (
      <Alert color="red" variant="light" bg="red.0" title="Could not load your profile">
        {errorMessageOf(applicant.error)}
      </Alert>
    );
  } else {
    const record = applicant.data;
    const formKey = `${record.id}-${record.membershipType}-${record.memberNumber}-${record.memberships.map((m) => m.accountId).join(',')}`;
    body = (
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value && value !== 'personal' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List aria-label="Profile sections">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder radius="md" p="lg" style={{ borderTopLeftRadius: 0, borderTop: 'none' }} bg="white">
          <Tabs.Panel value="personal">
            <Stack gap="xl">
              <PersonalDetailsForm key={record.id} initialValues={applicantValuesOf(record)} signInEmail={record.email} onSubmit={(request) => saveDetails(request, 'details')} />
              <ProfilePhotoSection />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="education">
            <EducationPanel applicantId={record.id} />
          </Tabs.Panel>
          <Tabs.Panel value="experience">
            <Stack gap="xl">
              <EmployerPicker />
              <ExperiencePanel applicantId={record.id} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="activities">
            <ProfessionalActivitiesPanel applicantId={record.id} />
          </Tabs.Panel>
          <Tabs.Panel value="development">
            <ProfessionalDevelopmentPanel applicantId={record.id} />
          </Tabs.Panel>
          <Tabs.Panel value="membership">
            <Stack gap="lg">
              <Stack gap={2}>
                <Title order={2} size="h4">
                  Membership
                </Title>
                <Text size="sm" c="dimmed">
                  Members pay an awarding body's member fees once its staff have confirmed their membership.
                </Text>
              </Stack>
              <MembershipStatus applicant={record} />
              <MembershipForm key={formKey} initialValues={applicantValuesOf(record)} onSubmit={(request) => saveDetails(request, 'membership details')} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="companies">
            <CompanyAccessSection />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Profile</Title>
        <Text c="dimmed">What assessors read about you: keep it complete and current before you apply.</Text>
      </Stack>
      {body}
      {applicantId && <TwoStepSignInSection />}
      {applicantId && <YourDataSection />}
    </Stack>
  );
}
