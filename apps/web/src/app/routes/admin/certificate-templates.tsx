import { Anchor, Breadcrumbs, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROLES } from '@certs/shared/auth/roles';
import { ExportButton } from '../../../components/ui/export-button';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCertificateTemplates } from '../../../features/certificate/api/certificate-templates';
import { GeneratePanel } from '../../../features/certificate/components/generate-panel';
import { TEMPLATE_CSV_COLUMNS, TemplatesTable } from '../../../features/certificate/components/templates-table';
import { errorMessageOf } from '../../../lib/api-client';
import { rowsOnScreen } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { LIBRARIES_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { CERTIFICATE_TEMPLATES_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { CERTIFICATE_TEMPLATES_PATH } from '../../route-paths';


export function certificateTemplatePath(id: string): string {
  return `${CERTIFICATE_TEMPLATES_PATH}/${encodeURIComponent(id)}`;
}

/** Certificate templates sit with the library documents: the Libraries menu, or an administrator role. */
export function canManageCertificateTemplates(user: { role: number; menuItems: readonly string[] }): boolean {
  return user.role === ROLES.SuperUser || user.role === ROLES.AccountAdministrator || user.menuItems.includes('Libraries');
}

function CertificateTemplatesScreen() {
  const templates = useCertificateTemplates();
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={LIBRARIES_PATH}>
          Libraries
        </Anchor>
        <Text>Certificate templates</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Certificate templates</Title>
          <Text c="dimmed">The designs certificates are printed with. A program uses the template assigned to it, otherwise the default (the first template).</Text>
        </Stack>
        <Group gap="sm">
          <ExportButton table="Certificate templates" fileName="certificate-templates.csv" disabled={!templates.data?.length} source={{ kind: 'pages', columns: TEMPLATE_CSV_COLUMNS, fetchPage: rowsOnScreen(templates.data ?? []) }} />
          <Button component={Link} to={`${CERTIFICATE_TEMPLATES_PATH}/new`}>
            New template
          </Button>
        </Group>
      </Group>
      {templates.isPending ? <Loader aria-label="Loading templates" /> : templates.error ? <Text c="red.8">{errorMessageOf(templates.error)}</Text> : <TemplatesTable templates={templates.data} hrefOf={(template) => certificateTemplatePath(template.id)} />}
      <GeneratePanel />
    </Stack>
  );
}

/** Libraries -> Certificate templates: the list, and bulk generation with progress. */
export function AdminCertificateTemplatesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Certificate templates');
  if (!canManageCertificateTemplates(user)) return <NotAvailable title="Certificate templates" message={NO_ACCESS_MESSAGE} />;
  return <CertificateTemplatesScreen />;
}
