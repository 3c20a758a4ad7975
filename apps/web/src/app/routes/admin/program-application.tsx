import { Anchor, Breadcrumbs, Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { isReviewTypePath } from '@certs/shared/review/review.contract';
import { resitTypeOf } from '@certs/shared/resit/resit-rules';
import { NotAvailable } from '../../../components/ui/not-available';
import { applicationWorkflowKeys } from '../../../features/application-workflow/api/application-workflow.keys';
import { useStaffApplication } from '../../../features/application-workflow/api/find-staff-application';
import { StaffApplicationScreen } from '../../../features/application-workflow/components/staff-application-screen';
import { openAttachment } from '../../../features/attachment/api/find-download-url';
import { AwardPanel } from '../../../features/award/components/award-panel';
import { ApplicantBackground } from '../../../features/applicant-admin/components/applicant-record-screen';
import { applicantAdminPath } from '@certs/shared/applicant-admin/applicant-admin.contract';
import { ExamScheduleStage } from '../../../features/exam-schedule/components/exam-schedule-stage';
import { ApplicationSittings } from '../../../features/exam-marking/components/application-sittings';
import { IrregularityReports } from '../../../features/invigilation/components/irregularity-reports';
import { StaffPaymentsStage } from '../../../features/payment/components/staff-payments-stage';
import { PreExamStage } from '../../../features/pre-exam/components/pre-exam-stage';
import { StaffReviewPanel } from '../../../features/review/components/staff-review-panel';
import { StaffApplicationAppeals } from '../../../features/appeal/components/staff-application-appeals';
import { StaffPaymentActions } from '../../../features/payment/components/staff-payment-actions';
import { StaffResitPanel } from '../../../features/resit/components/staff-resit-panel';
import { useRecordedResits } from '../../../features/resit/api/resit';
import { ApplicationRenewals } from '../../../features/renewal/components/application-renewals';
import { RENEWAL_TYPE_PATHS, RENEWAL_TYPES } from '@certs/shared/renewal/renewal.contract';
import { AttachmentPicker } from '../../../features/attachment/components/attachment-picker';
import { WpqStaffPanel } from '../../../features/wpq-application/components/wpq-panels';
import { WpqValidityPanel } from '../../../features/wpq-validity/components/validity-panel';
import { DocumentUpload } from '../../../features/attachment/components/document-upload';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationsPath } from './program-applications';
import { sittingMarkingPath } from './sittings';
import { adminWpqRangePath } from './wpq-range';
import { adminRenewalPath } from './renewals';
import { sittingReviewPath } from './invigilation';

const isTypePath = (value: string | undefined): value is ApplicationTypePath => !!value && value in APPLICATION_TYPES;
/** The renewal type of an application type: Certification and AICIP awards are renewed. */
const renewalTypeOfApplication = (type: ApplicationTypePath) => RENEWAL_TYPE_PATHS.find((path) => RENEWAL_TYPES[path].applicationTypePath === type);

function ApplicationScreen({ programId, type, id }: { programId: string; type: ApplicationTypePath; id: string }) {
  const canReadAppeals = useRequiredSession().user.menuItems.includes('Appeals');
  const details = useStaffApplication(type, id);
  // Recorded re-sits: the results list a re-sat module's latest sitting first (issue 45 item 5); the Re-sits panel's own query.
  const laterAttempts = useRecordedResits(resitTypeOf(type), id);
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
  const renewalType = renewalTypeOfApplication(type);
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
      <Anchor component={Link} to={applicantAdminPath(details.data.applicant.id)} size="sm">
        Open the applicant&apos;s record ({details.data.applicant.firstName} {details.data.applicant.lastName})
      </Anchor>
      {renewalType && (
        <ApplicationRenewals typePath={renewalType} programId={programId} applicationNumber={application.applicationNumber} renewalHrefOf={(row) => adminRenewalPath(row.id, renewalType)} />
      )}
      {/* What assessors read about the applicant (issue 20): the profile's education and experience. */}
      <ApplicantBackground applicantId={details.data.applicant.id} />
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
            {/* A welder qualification has one test, recorded on the welder's record (features/wpq-application), not modules. */}
            {type === 'welderqualificationapplication' ? (
              <WpqStaffPanel
                applicationId={id}
                renderFiles={(slot) => <AttachmentPicker {...slot} />}
                rangeHref={adminWpqRangePath}
                onOpenFile={openFile}
                renderValidity={(recordId) => <WpqValidityPanel recordId={recordId} isStaff onOpenFile={openFile} renderUpload={({ label, onUploaded }) => <DocumentUpload label={label} onUploaded={onUploaded} />} />}
              />
            ) : (
              <ExamScheduleStage
                type={type}
                applicationId={id}
                status={application.status}
                workflowStage={details.data.workflowStage}
                onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
                onOpenAttachment={openFile}
                laterAttempts={laterAttempts}
              />
            )}
            <ApplicationSittings applicationId={id} applicationNumber={application.applicationNumber} markingHref={sittingMarkingPath} />
            <IrregularityReports applicationId={id} reviewHref={sittingReviewPath} />
            {/* A review of a failed result, between the result and the award it may lead to (features/review). */}
            {/* Re-sits of failed modules: their stages, schedule, assessment and result (features/resit). */}
            {resitTypeOf(type) && (
              <StaffResitPanel
                word={resitTypeOf(type)!}
                applicationId={id}
                renderInvoiceActions={({ resit, amountText, onMoved }) => <StaffPaymentActions type={resitTypeOf(type)!} applicationId={id} id={resit.id} amountText={amountText} onMoved={onMoved} />}
                onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })}
              />
            )}
            {isReviewTypePath(type) && (
              <StaffReviewPanel type={type} applicationId={id} onOpenFile={openFile} onMoved={() => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) })} />
            )}
            {/* Appeals of any decision on the application, each opening its appeal page (features/appeal, issue 43). */}
            <StaffApplicationAppeals applicationId={id} enabled={canReadAppeals} />
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
