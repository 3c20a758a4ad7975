import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import {
  REGISTER_BODY_PARAM,
  REGISTER_SEARCH_BY,
  REGISTER_SEARCH_BY_LABELS,
  RegisterSearchRequest,
  verificationPagePath,
  type PublicCertificate,
  type PublicRegister,
  type RegisterBody,
  type RegisterSearchBy,
  type RegisterSearchRequest as SearchRequest,
} from '@certs/shared/public-register/public-register.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf, httpStatusOf } from '../../../lib/api-client';
import { useRegisterSearch } from '../api/search-register';
import { alertColors } from './alert-colors';
import { AwardStatusBadge } from './award-status-badge';
import { IssuingBody } from './issuing-body';

const ALL_FIELDS = 'all';
const ALL_BODIES = '';
const SEARCH_BY_OPTIONS = [{ value: ALL_FIELDS, label: 'Name, number or program' }, ...REGISTER_SEARCH_BY.map((value) => ({ value, label: REGISTER_SEARCH_BY_LABELS[value] }))];

interface SearchFormValues {
  searchBy: string;
  searchTerm: string;
}

/** The shared schema's message for the term, so the page and the server say the same. */
function termError(term: string): string | null {
  const parsed = RegisterSearchRequest.shape.searchTerm.safeParse(term);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const COLUMNS: readonly PagedTableColumn<PublicCertificate>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name, isRowHeader: true },
  { key: 'programCode', header: 'Program Code', render: (row) => row.programCode, noWrap: true },
  {
    key: 'programTitle',
    header: 'Program Title',
    // A welder qualification names its range, as the certificate does.
    render: (row) => (row.designations.length > 0 ? `${row.programTitle}: ${row.designations.join('; ')}` : row.programTitle),
  },
  {
    key: 'certificateNumber',
    header: 'Certificate Number',
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={verificationPagePath(row.certificateNumber)} aria-label={`Verify certificate ${row.certificateNumber}`}>
        {row.certificateNumber}
      </Anchor>
    ),
  },
  { key: 'awardDate', header: 'Award Date', render: (row) => <DateDisplay value={row.awardDate} />, noWrap: true },
  { key: 'expiresOn', header: 'Expiry', render: (row) => (row.expiresOn ? <DateDisplay value={row.expiresOn} /> : 'Does not expire'), noWrap: true },
  { key: 'status', header: 'Status', render: (row) => <AwardStatusBadge status={row.status} />, noWrap: true },
];

/** With several awarding bodies on the platform, each row says which one issued the certificate. */
const COLUMNS_WITH_BODY: readonly PagedTableColumn<PublicCertificate>[] = [...COLUMNS.slice(0, 4), { key: 'issuingBody', header: 'Awarding Body', render: (row) => <IssuingBody name={row.issuingBody} logoUrl={row.issuingBodyLogoUrl} size={20} /> }, ...COLUMNS.slice(4)];

/**
 * A public register: search by name, certificate number or program, results paged. A search runs
 * when submitted, never per keystroke (each one counts against the visitor's limit). With several
 * awarding bodies, it can be narrowed to one; the choice lives in the address (`?body=<short
 * name>`), so each body's register can be linked to on its own. With one body nothing of this shows.
 */
export function RegisterSearch({ register, label, bodies = [] }: { register: PublicRegister; label: string; bodies?: readonly RegisterBody[] }) {
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const hasSeveralBodies = bodies.length > 1;
  const linkedBody = searchParams.get(REGISTER_BODY_PARAM)?.toLowerCase() ?? ALL_BODIES;
  // A link to a body that is not (or no longer) on the platform searches them all.
  const chosenBody = hasSeveralBodies && bodies.some((body) => body.shortName === linkedBody) ? linkedBody : ALL_BODIES;
  const chooseBody = (shortName: string) =>
    setSearchParams(
      (params) => {
        if (shortName === ALL_BODIES) params.delete(REGISTER_BODY_PARAM);
        else params.set(REGISTER_BODY_PARAM, shortName);
        return params;
      },
      { replace: true },
    );
  const search = useRegisterSearch(register, request);
  const form = useForm<SearchFormValues>({
    initialValues: { searchBy: ALL_FIELDS, searchTerm: '' },
    validate: { searchTerm: (value) => termError(value) },
  });

  const submit = (values: SearchFormValues) => {
    setRequest({
      searchTerm: values.searchTerm.trim(),
      searchBy: values.searchBy === ALL_FIELDS ? undefined : (values.searchBy as RegisterSearchBy),
      ...(chosenBody === ALL_BODIES ? {} : { accountShortName: chosenBody }),
      currentPage: DEFAULT_PAGE,
      perPageCount: request?.perPageCount ?? DEFAULT_PAGE_SIZE,
    });
  };

  const status = httpStatusOf(search.error);
  const page = search.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" bg="white" component="form" role="search" aria-label={`Search the ${label}`} noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {hasSeveralBodies && (
            <NativeSelect
              label="Awarding body"
              data={[{ value: ALL_BODIES, label: 'All awarding bodies' }, ...bodies.map((body) => ({ value: body.shortName, label: body.name }))]}
              value={chosenBody}
              onChange={(event) => chooseBody(event.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
            />
          )}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect label="Search by" data={SEARCH_BY_OPTIONS} w={{ base: '100%', sm: 300 }} {...form.getInputProps('searchBy')} />
            <TextInput
              label="Search for"
              description="At least 3 letters or digits"
              // Neutral: every body's register (AICIP's among them) shows this, so it names no one program (issue 45 item 8).
              placeholder="e.g. Smith, a program code or a certificate number"
              required
              style={{ flex: 1, minWidth: 220 }}
              {...form.getInputProps('searchTerm')}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={search.isFetching} disabled={search.isFetching}>
              Search
            </Button>
          </Group>
        </Stack>
      </Paper>
      {search.error && (
        <Alert {...alertColors(status === 429)} variant="light" title={status === 429 ? 'Please wait a moment' : 'The search could not be run'} role="alert">
          {errorMessageOf(search.error)}
        </Alert>
      )}
      {request && page && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Results
          </Title>
          <PagedTable
            label={`${label} results`}
            testId="register-results"
            columns={hasSeveralBodies ? COLUMNS_WITH_BODY : COLUMNS}
            rows={page.rows}
            rowKey={(row) => row.certificateNumber}
            page={page.page}
            pageSize={page.pageSize}
            totalRows={page.totalRows}
            isLoading={search.isFetching}
            emptyText={`No certificate holder matches “${request.searchTerm}”.`}
            onPageChange={(currentPage) => setRequest({ ...request, currentPage })}
            onPageSizeChange={(perPageCount) => setRequest({ ...request, perPageCount, currentPage: DEFAULT_PAGE })}
          />
        </Stack>
      )}
      {!request && (
        <Text c="dimmed" size="sm">
          Enter a name, a certificate number or a program code or title, then choose Search.
        </Text>
      )}
    </Stack>
  );
}
