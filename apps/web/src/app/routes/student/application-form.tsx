import { Alert, Anchor, Badge, Breadcrumbs, Center, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Application } from '@certs/shared/application/application.contract';
import { APPLICATION_TYPES, applicationTypeOfProgram, isEditableByApplicant, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import { plainTextOf } from '@certs/shared/program/program-rules';
import { isReviewTypePath } from '@certs/shared/review/review.contract';
import { resitTypeOf } from '@certs/shared/resit/resit-rules';
import { DateDisplay } from '../../../components/ui/date-display';
import { NotAvailable } from '../../../components/ui/not-available';
import { useApplication } from '../../../features/application/api/find-application';
import { useCurrentApplication } from '../../../features/application/api/find-current-application';
import { useSaveApplication } from '../../../features/application/api/save-application';
import { useSubmitApplication } from '../../../features/application/api/submit-application';
import { ApplicationHistory } from '../../../features/application/components/application-history';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { isApplicationTypePath } from '../../../features/application/components/application-type';
import { ApplicationForm } from '../../../features/application/forms/application-form';
import { ApplicationStatusBanner } from '../../../features/applicant-home/components/application-status-banner';
import { openAttachment } from '../../../features/attachment/api/find-download-url';
import { AttachmentPicker } from '../../../features/attachment/components/attachment-picker';
import { useMyApplicationAwards } from '../../../features/award/api/find-my-awards';
import { MyApplicationAward } from '../../../features/award/components/my-application-award';
import { YourExaminations } from '../../../features/exam-schedule/components/your-examinations';
import { ApplicantPaymentsSection } from '../../../features/payment/components/applicant-payments-section';
import { publishedProgramQueryOptions, usePublishedProgram } from '../../../features/program-catalogue/api/find-published-program';
import { ApplicantReviewSection } from '../../../features/review/components/applicant-review-section';
import { ApplicantAppealsSection } from '../../../features/appeal/components/applicant-appeals-section';
import { useRecordedResits } from '../../../features/resit/api/resit';
import { ApplicantResitSection } from '../../../features/resit/components/applicant-resit-section';
import { WpqApplicantSection } from '../../../features/wpq-application/components/wpq-panels';
import { WpqValidityPanel } from '../../../features/wpq-validity/components/validity-panel';
import { DocumentUpload } from '../../../features/attachment/components/document-upload';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';
import { studentProgramPath } from './program-page';
import { studentWpqRangePath } from './wpq-range';

function declarationOf(program: PublishedProgramDetail | null): string | null {
  if (!program) return null;
  const candidates = [program.programDeclaration, program.certificationSettings?.programDeclaration, program.welderQualificationSettings?.programDeclaration];
  return candidates.find((html): html is string => !!html && plainTextOf(html).length > 0) ?? null;
}

function Loading({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={`Loading ${what}`} />
    </Center>
  );
}

/** The banner of a submitted application: what happens now, with the awards it led to (issue 21 item 4). */
function StatusBanner({ type, application }: { type: ApplicationTypePath; application: Application }) {
  const awards = useMyApplicationAwards(application.id);
  return <ApplicationStatusBanner type={type} application={application} awards={awards.data ?? []} />;
}

interface ApplicationScreenProps {
  type: ApplicationTypePath;
  programId: string;
  /** The published program; null when it is no longer open (a submitted application can still be read). */
  program: PublishedProgramDetail | null;
  application: Application | null;
}

/** The application page: instructions, requirements with answers and evidence, declaration, Save draft and Submit. */
function ApplicationScreen({ type, programId, program, application }: ApplicationScreenProps) {
  const save = useSaveApplication(type);
  const submit = useSubmitApplication(type);
  const programTitle = program?.programTitle ?? application?.programTitle ?? 'Program';
  const programCode = program?.programCode ?? application?.programCode ?? '';
  usePageTitle(`Application: ${programTitle}`);
  const isReadOnly = !!application && !isEditableByApplicant(application.status);
  // A re-sit's recorded result is its module's result now, and the award's state is the result's (issue 45).
  const laterAttempts = useRecordedResits(resitTypeOf(type), application?.id ?? '', !!application?.submittedOn);
  const applicationAwards = useMyApplicationAwards(application?.id ?? '');
  const awardStatus = applicationAwards.data?.[0]?.status ?? null;
  const requirements =
    program?.requirements ??
    (application?.answers ?? []).map((answer) => ({
      id: answer.requirementId,
      requirementCode: answer.requirementCode,
      requirementDescription: answer.requirementDescription,
    }));

  if (!program && !isReadOnly) {
    return <NotAvailable title="Application" message="This program is not open for applications." />;
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ROLE_HOME_PATHS[ROLES.Applicant]}>
          Applicant home
        </Anchor>
        <Anchor component={Link} to={STUDENT_APPLICATIONS_PATH}>
          Applications
        </Anchor>
        {program ? (
          <Anchor component={Link} to={studentProgramPath(program.id)}>
            {programCode}
          </Anchor>
        ) : (
          <Text>{programCode}</Text>
        )}
      </Breadcrumbs>
      <Stack gap={6}>
        <Title order={1}>{programTitle}</Title>
        <Group gap="sm">
          <Badge variant="outline" color="gray.7" radius="sm" tt="none">
            {programCode}
          </Badge>
          <Badge variant="light" radius="sm" tt="none">
            {APPLICATION_TYPES[type].label} application
          </Badge>
          {application ? (
            <>
              <Text size="sm" fw={600} data-testid="application-number">
                {application.applicationNumber}
              </Text>
              <ApplicationStatusBadge status={application.status} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Not started
            </Text>
          )}
        </Group>
      </Stack>

      {isReadOnly && application && (
        <StatusBanner type={type} application={application} />
      )}
      {application?.submittedOn && <MyApplicationAward applicationId={application.id} />}
      {application?.submittedOn && <ApplicantPaymentsSection applicationId={application.id} />}
      {application?.submittedOn && <YourExaminations type={type} applicationId={application.id} laterAttempts={laterAttempts} awardStatus={awardStatus} />}
      {/* Re-sits of failed modules where the program allows them (features/resit, decision 024). */}
      {application?.submittedOn && resitTypeOf(type) && (
        <ApplicantResitSection word={resitTypeOf(type)!} applicationId={application.id} payHref={(trackerId) => `/student/payments/${encodeURIComponent(trackerId)}`} />
      )}
      {application?.submittedOn && isReviewTypePath(type) && (
        <ApplicantReviewSection
          type={type}
          applicationId={application.id}
          onOpenFile={(resourceKey) =>
            void openAttachment(resourceKey).catch((error: unknown) => notifications.show({ color: 'red', title: 'The file could not be opened', message: errorMessageOf(error) }))
          }
        />
      )}
      {/* Appeals of any decision on the application, within the program's window (features/appeal, issue 43). */}
      {application?.submittedOn && <ApplicantAppealsSection applicationId={application.id} resultByReview={isReviewTypePath(type)} />}
      {/* A welder qualification application carries the welder's record of the test piece (features/wpq-application). */}
      {application && type === 'welderqualificationapplication' && (
        <WpqApplicantSection applicationId={application.id} rangeHref={studentWpqRangePath} renderValidity={(recordId) => <WpqValidityPanel recordId={recordId} renderUpload={({ label, onUploaded }) => <DocumentUpload label={label} onUploaded={onUploaded} />} />} />
      )}
      {application && <ApplicationHistory type={type} applicationId={application.id} />}
      {!isReadOnly && application?.informationRequest && (
        <Alert color="yellow" variant="light" title="More information requested" data-testid="information-request">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {application.informationRequest.message}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Asked <DateDisplay value={application.informationRequest.requestedOn} withTime />. Add what is asked below and submit the application again.
          </Text>
        </Alert>
      )}
      {!isReadOnly && application && (
        <Text size="sm" c="dimmed">
          Draft last saved <DateDisplay value={application.modifiedOn} withTime />.
        </Text>
      )}

      {program && program.instructions.length > 0 && (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="instructions-heading" data-testid="application-instructions">
          <Title order={2} size="h4" id="instructions-heading" mb="sm">
            Instructions
          </Title>
          <List type="ordered" spacing="xs">
            {program.instructions.map((instruction) => (
              <List.Item key={instruction.id}>
                <Text style={{ whiteSpace: 'pre-line' }}>{instruction.instruction}</Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}

      <ApplicationForm
        key={`${programId}-${application?.id ?? 'new'}`}
        programId={programId}
        requirements={requirements}
        declarationHtml={declarationOf(program)}
        application={application}
        isReadOnly={isReadOnly}
        renderAttachments={(slot) => <AttachmentPicker {...slot} />}
        onSave={async (request) => {
          await save.mutateAsync(request);
          notifications.show({ color: 'green', title: 'Draft saved', message: 'You can come back and finish it later.' });
        }}
        onSubmit={async (request) => {
          const saved = await save.mutateAsync(request);
          const submitted = await submit.mutateAsync(saved.id);
          notifications.show({ color: 'green', title: 'Application submitted', message: `Application ${submitted.applicationNumber} has been submitted.` });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </Stack>
  );
}

/** Start or continue the application of a published program (from the program's page). */
export function StudentProgramApplicationRoute() {
  const { id = '' } = useParams();
  const { user } = useRequiredSession();
  const program = usePublishedProgram(id);
  const type = program.data ? applicationTypeOfProgram(program.data.programType) : undefined;
  const current = useCurrentApplication(type, id, user.applicantId);

  if (program.isPending) return <Loading what="the program" />;
  if (program.error || !program.data || !type) {
    const isMissing = program.error instanceof ApiError && program.error.status === 404;
    return <NotAvailable title="Application" message={isMissing || !type ? 'This program is not open for applications.' : errorMessageOf(program.error)} />;
  }
  if (current.isPending) return <Loading what="your application" />;
  if (current.error) return <NotAvailable title="Application" message={errorMessageOf(current.error)} />;
  return <ApplicationScreen type={type} programId={id} program={program.data} application={current.data?.application ?? null} />;
}

/** One of the applicant's applications, from the Applications table. */
export function StudentApplicationRoute() {
  const { type: typeParam, id = '' } = useParams();
  const type = isApplicationTypePath(typeParam) ? typeParam : undefined;
  const application = useApplication(type, id);
  const programId = application.data?.programId ?? '';
  const program = useQuery({ ...publishedProgramQueryOptions(programId), enabled: !!programId, retry: false });

  if (!type) return <NotAvailable title="Application" message="This application does not exist." />;
  if (application.isPending) return <Loading what="the application" />;
  if (application.error || !application.data) {
    const isMissing = application.error instanceof ApiError && (application.error.status === 404 || application.error.status === 403);
    return <NotAvailable title="Application" message={isMissing ? 'This application does not exist or is not yours.' : errorMessageOf(application.error)} />;
  }
  if (program.isPending) return <Loading what="the program" />;
  return <ApplicationScreen type={type} programId={programId} program={program.data ?? null} application={application.data} />;
}
