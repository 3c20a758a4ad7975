import { Alert, Anchor, Breadcrumbs, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { NotAvailable } from '../../../components/ui/not-available';
import { usePrograms } from '../../../features/program/api/find-programs';
import { renewalTypeOfProgram, type RenewalTypePath } from '@certs/shared/renewal/renewal.contract';
import { renewalTypeOf, useRenewal } from '../../../features/renewal/api/renewal';
import { RenewalDecision } from '../../../features/renewal/components/renewal-decision';
import { RenewalQueue } from '../../../features/renewal/components/renewal-queue';
import { StaffPaymentActions } from '../../../features/payment/components/staff-payment-actions';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ProgramsPageHeader } from './programs-page-header';
import { ADMIN_RENEWALS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_RENEWALS_PATH } from '../../route-paths';


/** The renewal queue of one program (the program page may link here). */
export function programRenewalsPath(programId: string): string {
  return `${ADMIN_RENEWALS_PATH}?${new URLSearchParams({ programId }).toString()}`;
}

export function adminRenewalPath(id: string, typePath?: RenewalTypePath): string {
  return `${ADMIN_RENEWALS_PATH}/${encodeURIComponent(id)}${typePath ? `?${new URLSearchParams({ type: typePath }).toString()}` : ''}`;
}

const LARGEST_PAGE = Math.max(...PAGE_SIZE_OPTIONS);

function RenewalsScreen() {
  const [params, setParams] = useSearchParams();
  const programId = params.get('programId') ?? '';
  // Certification and AICIP programs the caller may see; the server refuses those they do not manage.
  const renewable: number[] = [PROGRAM_TYPES.Certification, PROGRAM_TYPES.AICIP];
  const programs = usePrograms({ page: 1, pageSize: LARGEST_PAGE, searchBy: 'All', programTypes: renewable });
  const rows = (programs.data?.rows ?? []).filter((p) => renewable.includes(p.programType));
  const options = rows.map((p) => ({ id: p.id, label: `${p.programCode} ${p.programTitle}`, code: p.programCode }));
  const chosen = rows.find((p) => p.id === programId);
  const typePath = renewalTypeOfProgram(chosen?.programType ?? PROGRAM_TYPES.Certification) ?? 'certificationrenewalapplication';
  return (
    <Stack gap="lg">
      <ProgramsPageHeader title="Renewals" description="Certification and AICIP renewals of a program you manage: open one to renew it or refuse it with a reason (an AICIP renewal after its renewal modules are invoiced, paid and passed)." />
      <Paper withBorder radius="md" p="lg">
        <RenewalQueue
          typePath={typePath}
          programId={programId}
          onProgramChange={(next) => setParams(next ? { programId: next } : {}, { replace: true })}
          programs={options}
          renewalHrefOf={(row) => adminRenewalPath(row.id, typePath)}
        />
      </Paper>
    </Stack>
  );
}

/** Staff's renewal queue per program (`?programId=`); Programs menu, and the server limits it to the program's managers. */
export function AdminRenewalsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Renewals');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Renewals" message={NO_ACCESS_MESSAGE} />;
  return <RenewalsScreen />;
}

function RenewalScreen({ id, typePath }: { id: string; typePath: RenewalTypePath }) {
  const renewal = useRenewal(id, typePath);
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={renewal.data ? programRenewalsPath(renewal.data.programId) : ADMIN_RENEWALS_PATH}>
          Renewals
        </Anchor>
        <Text>{renewal.data?.applicationNumber ?? 'Renewal'}</Text>
      </Breadcrumbs>
      <Title order={1}>{renewal.data ? `Renewal of ${renewal.data.certificateNumber}` : 'Renewal'}</Title>
      {renewal.isPending && <Loader aria-label="Loading the renewal" />}
      {renewal.error && (
        <Alert color="red" variant="light" title="Could not open the renewal">
          {errorMessageOf(renewal.error)}
        </Alert>
      )}
      {renewal.data && (
        <RenewalDecision
          renewal={renewal.data}
          renderInvoiceActions={({ renewal: shown, amountText, onMoved }) => (
            <StaffPaymentActions
              type={shown.hasModules ? 'aicipapplicationrenewalmodule' : 'certificationrenewalapplication'}
              applicationId={shown.applicationId}
              id={shown.id ?? ''}
              amountText={amountText}
              onMoved={onMoved}
            />
          )}
        />
      )}
    </Stack>
  );
}

export function AdminRenewalRoute() {
  const { user } = useRequiredSession();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  usePageTitle('Renewal');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Renewal" message={NO_ACCESS_MESSAGE} />;
  return <RenewalScreen id={id} typePath={renewalTypeOf(params.get('type'))} />;
}
