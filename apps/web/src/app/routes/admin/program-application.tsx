import { Anchor, Breadcrumbs, Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { isReviewTypePath } from '@certs/shared/review/review.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { applicationWorkflowKeys } from '../../../features/application-workflow/api/application-workflow.keys';
import { useStaffApplication } from '../../../features/application-workflow/api/find-staff-application';
import { StaffApplicationScreen } from '../../../features/application-workflow/components/staff-application-screen';
import { openAttachment } from '../../../features/attachment/api/find-download-url';
import { AwardPanel } from '../../../features/award/components/award-panel';
import { ExamScheduleStage } from '../../../features/exam-schedule/components/exam-schedule-stage';
import { ApplicationSittings } from '../../../features/exam-marking/components/application-sittings';
import { StaffPaymentsStage } from '../../../features/payment/components/staff-payments-stage';
import { PreExamStage } from '../../../features/pre-exam/components/pre-exam-stage';
import { StaffReviewPanel } from '../../../features/review/components/staff-review-panel';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationsPath } from './program-applications';
import { sittingMarkingPath } from './sittings';

const isTypePath = (value: string | undefined): value is ApplicationTypePath => !!value && value in APPLICATION_TYPES;

function ApplicationScreen({ programId, type, id }: { programId: string; type: ApplicationTypePath; id: string }) {
  const details = useStaffApplication(type, id);
  const queryClient = useQueryClient();
  usePageTitle(details.data ? `Application ${details.data.application.applicationNumber}` : 'Application');
  if (details.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the application" />
      </Center>
    );
  }
  if (details.error || !details.data) {
    const status = details.error instanceof ApiError ? details.error.status : 0;
    if (status === 404) return <NotAvailable title="Application" message="This application does not exist or has not been submitted." />;
    if (status === 403) return <NotAvailable title="Application" message="You do not serve on this program, so its applications are not open to you." />;
    return <NotAvailable title="Application" message={errorMessageOf(details.error)} />;
  }
  const { application } = details.data;
  const openFile = (resourceKey: string) =>
    void openAttachment(resourceKey).catch((error: unknown) => notifications.show({ color: 'red', title: 'The file could not be opened', message: errorMessageOf(error) }));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        <Anchor component={Link} to={`${ADMIN_MENU_PATHS.Programs}/${programId}`}>
          {application.programCode}
        </Anchor>
        <Anchor component={Link} to={programApplicationsPath(programId)}>
          Applications
        </Anchor>
        <Text>{application.applicationNumber}</Text>
      </Breadcrumbs>
      <StaffApplicationScreen
        type={type}
        details={details.data}
        onOpenAttachment={openFile}
        preExamStage={
          <PreExamStage
            type={type}
            applicationId={id}
            status={application.status}
            workflowStage={details.data.workflowStage}
            onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
          />
        }
        paymentStage={
          <StaffPaymentsStage
            type={type}
            applicationId={id}
            status={application.status}
            workflowStage={details.data.workflowStage}
            canManage={details.data.permissions.canManage}
            onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
          />
        }
        examScheduleStage={
          <>
            <ExamScheduleStage
              type={type}
              applicationId={id}
              status={application.status}
              workflowStage={details.data.workflowStage}
              onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
              onOpenAttachment={openFile}
            />
            <ApplicationSittings applicationId={id} applicationNumber={application.applicationNumber} markingHref={sittingMarkingPath} />
            {/* A review of a failed result, between the result and the award it may lead to (features/review). */}
            {isReviewTypePath(type) && (
              <StaffReviewPanel type={type} applicationId={id} onOpenFile={openFile} onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })} />
            )}
            {/* The award follows the result that made it (features/award). */}
            <AwardPanel
              type={type}
              application={application}
              canManage={details.data.permissions.canManage}
              onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
            />
          </>
        }
      />
    </Stack>
  );
}

/** One application for staff: assessor and assessment stages, applicant, answers, history, file notes. */
export function AdminProgramApplicationRoute() {
  const { user } = useRequiredSession();
  const { programId = '', type, id = '' } = useParams();
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Application" message={NO_ACCESS_MESSAGE} />;
  if (!isTypePath(type)) return <NotAvailable title="Application" message="This application does not exist." />;
  return <ApplicationScreen programId={programId} type={type} id={id} />;
}
