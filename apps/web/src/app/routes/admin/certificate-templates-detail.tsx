import { Anchor, Breadcrumbs, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCertificateTemplate } from '../../../features/certificate/api/certificate-templates';
import { AssignPrograms } from '../../../features/certificate/components/assign-programs';
import { TemplateDesigner } from '../../../features/certificate/components/template-designer';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { LIBRARIES_PATH } from '../../route-paths';
import { canManageCertificateTemplates, certificateTemplatePath } from './certificate-templates';
import { CERTIFICATE_TEMPLATES_PATH, widerWindowPath } from '../../route-paths';
import { useRedirectWhenNarrower } from '../../../lib/use-redirect-when-narrower';
import { NO_ACCESS_MESSAGE } from './menu-area';

function TemplateScreen({ id }: { id: string | null }) {
  const navigate = useNavigate();
  // Fields are placed on the page by dragging: a phone gets a page that says so, not a broken stage.
  const location = useLocation();
  useRedirectWhenNarrower('md', widerWindowPath(location.pathname, 'md'));
  const template = useCertificateTemplate(id);
  const title = id ? (template.data?.title ?? 'Certificate template') : 'New certificate template';
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={LIBRARIES_PATH}>
          Libraries
        </Anchor>
        <Anchor component={Link} to={CERTIFICATE_TEMPLATES_PATH}>
          Certificate templates
        </Anchor>
        <Text>{title}</Text>
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
      {id && template.isPending ? (
        <Loader aria-label="Loading the template" />
      ) : id && template.error ? (
        <Text c="red.8">{errorMessageOf(template.error)}</Text>
      ) : (
        <>
          <TemplateDesigner
            key={template.data?.id ?? 'new'}
            template={template.data}
            onSaved={(saved) => {
              notifications.show({ color: 'green', message: 'Template saved' });
              if (!id) navigate(certificateTemplatePath(saved.id), { replace: true });
            }}
          />
          {template.data ? <AssignPrograms template={template.data} /> : null}
        </>
      )}
    </Stack>
  );
}

/** The designer of one certificate template (`new` for a new one). */
export function AdminCertificateTemplateRoute() {
  const { user } = useRequiredSession();
  const { id } = useParams();
  usePageTitle('Certificate template');
  if (!canManageCertificateTemplates(user)) return <NotAvailable title="Certificate templates" message={NO_ACCESS_MESSAGE} />;
  return <TemplateScreen id={id && id !== 'new' ? id : null} />;
}
