import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CertificateTemplateRow } from '@certs/shared/certificate/certificate-template.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import type { CsvColumn } from '../../../lib/export-csv';

interface TemplatesTableProps {
  templates: CertificateTemplateRow[];
  hrefOf: (template: CertificateTemplateRow) => string;
}

const ORIENTATION_LABELS = { landscape: 'Landscape', portrait: 'Portrait' } as const;

const backgroundOf = (template: CertificateTemplateRow) => (template.background ? template.background.contentType.replace(/^(application|image)\//, '').toUpperCase() : 'Plain page');
const programsOf = (template: CertificateTemplateRow) =>
  template.programs.length > 0 ? template.programs.map((program) => program.programCode).join(', ') : template.isDefault ? 'Programs without a template' : '-';

/** The templates table as a file. */
export const TEMPLATE_CSV_COLUMNS: readonly CsvColumn<CertificateTemplateRow>[] = [
  { header: 'Title', value: (template) => template.title },
  { header: 'Default', value: (template) => (template.isDefault ? 'Yes' : 'No') },
  { header: 'Orientation', value: (template) => ORIENTATION_LABELS[template.orientation] },
  { header: 'Background', value: backgroundOf },
  { header: 'Programs', value: programsOf },
  { header: 'Modified', value: (template, dates) => dates.date(template.modifiedOn) },
];

/** Certificate templates: the default first, then by age; each opens its designer. */
export function TemplatesTable({ templates, hrefOf }: TemplatesTableProps) {
  if (templates.length === 0) return <Text c="dimmed">No certificate templates yet. Certificates use the built-in layout until one is made.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Orientation</Table.Th>
            <Table.Th>Background</Table.Th>
            <Table.Th>Programs</Table.Th>
            <Table.Th>Modified</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td>
                <Anchor component={Link} to={hrefOf(template)}>
                  {template.title}
                </Anchor>{' '}
                {template.isDefault ? (
                  <Badge variant="filled" color="blue.9" ml={4}>
                    Default
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{ORIENTATION_LABELS[template.orientation]}</Table.Td>
              <Table.Td>{backgroundOf(template)}</Table.Td>
              <Table.Td>{programsOf(template)}</Table.Td>
              <Table.Td>
                <DateDisplay value={template.modifiedOn} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
