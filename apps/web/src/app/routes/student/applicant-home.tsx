import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MyAwardsSummary } from '../../../features/award/components/my-awards-summary';
import { SignedInSummary } from '../../../features/auth/components/signed-in-summary';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { ApplicantNextSteps } from '../../../features/applicant-home/components/applicant-next-steps';
import { CompleteProfileHint } from '../../../features/applicant-profile/components/complete-profile-hint';
import { PublishedProgramsList } from '../../../features/program-catalogue/components/published-programs-list';
import { fullNameOf } from '../../../features/auth/components/user-labels';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { studentApplicationPath } from './applications';
import { STUDENT_APPLICATIONS_PATH, STUDENT_PROFILE_PATH } from '../../route-paths';
import { studentProgramPath } from './program-page';
import { STUDENT_RANGE_OF_QUALIFICATION_PATH } from '../../route-paths';

/** The applicant's home page (spec section 2, applicantHome): their next steps, then programs and tools (issue 21 item 7). */
export function ApplicantHomeRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Applicant home');
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="indigo.8">
          Applicant home
        </Text>
        <Title order={1}>Welcome, {fullNameOf(user)}</Title>
      </Stack>
      <CompleteProfileHint applicantId={user.applicantId} profileHref={STUDENT_PROFILE_PATH} />
      <ApplicantNextSteps
        applicationHref={studentApplicationPath}
        statusBadge={(status) => <ApplicationStatusBadge status={status} />}
        awards={
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="awards-home-heading">
            <Title order={2} size="h4" id="awards-home-heading" mb={4}>
              Your awards
            </Title>
            <Text c="dimmed" size="sm" mb="sm">
              Your qualifications and certifications, their certificate numbers and whether each is current.
            </Text>
            <MyAwardsSummary
              allAwardsLink={
                <Anchor component={Link} to={`${STUDENT_APPLICATIONS_PATH}#awards`} fw={600}>
                  Your applications and awards
                </Anchor>
              }
            />
          </Paper>
        }
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="programs-heading">
        <Title order={2} size="h4" id="programs-heading" mb={4}>
          Programs
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Qualifications and certifications open to applicants, and where you stand in each.
        </Text>
        <PublishedProgramsList hrefOf={(program) => studentProgramPath(program.id)} />
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="welder-qualification-heading">
        <Title order={2} size="h4" id="welder-qualification-heading" mb={4}>
          Welder qualification
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          See what a welding test qualifies you for under ISO 9606-1 or AS/NZS 2980.
        </Text>
        <Anchor component={Link} to={STUDENT_RANGE_OF_QUALIFICATION_PATH} fw={600}>
          Range of qualification calculator
        </Anchor>
      </Paper>
      {/* Who is signed in stays, last: sign-in and MFA journeys read the email from it. */}
      <SignedInSummary user={user} />
    </Stack>
  );
}
