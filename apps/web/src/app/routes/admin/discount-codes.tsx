import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { requestOfCoupon, type Coupon } from '@certs/shared/coupon/coupon.contract';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCouponPrograms, useCoupons, useSaveCoupon } from '../../../features/coupon/api/coupons';
import { CouponsTable } from '../../../features/coupon/components/coupons-table';
import { CouponForm } from '../../../features/coupon/forms/coupon-form';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { useUserTimeZone } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

const SEARCH_DELAY_MS = 300;

function DiscountCodesScreen() {
  const zone = useUserTimeZone();
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const [searchTerm] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const [programSearch, setProgramSearch] = useState('');
  const [programTerm] = useDebouncedValue(programSearch, SEARCH_DELAY_MS);
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [toggling, setToggling] = useState<Coupon | null>(null);
  const list = useCoupons({ page, pageSize, searchTerm });
  const programs = useCouponPrograms(editing ? programTerm : undefined);
  const save = useSaveCoupon();
  const current = editing && editing !== 'new' ? editing : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Discount Codes</Title>
          <Text c="dimmed">Codes staff apply to a candidate&apos;s pre-exam invoice: a percentage or an amount off, for a program type or one program.</Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>New discount code</Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TextInput
            label="Search"
            placeholder="Code or description"
            type="search"
            w={360}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(DEFAULT_PAGE);
            }}
          />
          <CouponsTable
            page={list.data}
            pageNumber={page}
            pageSize={pageSize}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            onEdit={setEditing}
            onToggleActive={setToggling}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(DEFAULT_PAGE);
            }}
          />
        </Stack>
      </Paper>
      <FormDialog opened={editing !== null} title={current ? `Edit ${current.code}` : 'New discount code'} onClose={() => setEditing(null)}>
        <CouponForm
          coupon={current}
          zone={zone}
          submitLabel={current ? 'Save discount code' : 'Create discount code'}
          programs={programs.data ?? []}
          onProgramSearch={setProgramSearch}
          onSubmit={async (request) => {
            const saved = await save.mutateAsync({ id: current?.id ?? null, request });
            setEditing(null);
            notifications.show({ color: 'green', title: 'Discount code saved', message: saved.code });
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.active ? 'Deactivate discount code' : 'Activate discount code'}
        confirmLabel={toggling?.active ? 'Deactivate' : 'Activate'}
        confirmColor={toggling?.active ? 'red' : 'green'}
        failureTitle="Not changed"
        onConfirm={async () => {
          if (!toggling) return;
          await save.mutateAsync({ id: toggling.id, request: { ...requestOfCoupon(toggling), active: !toggling.active } });
        }}
        onClose={() => setToggling(null)}
      >
        <Text>
          {toggling?.active
            ? `Deactivate ${toggling.code}? It can no longer be applied to an invoice; invoices already issued keep their discount.`
            : `Activate ${toggling?.code ?? ''} again? It can be applied within its validity window.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Discount Codes (menu item): list, search, create, edit, deactivate. */
export function AdminDiscountCodesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Discount Codes');
  if (!user.menuItems.includes('Discount Codes')) return <NotAvailable title="Discount Codes" message={NO_ACCESS_MESSAGE} />;
  return <DiscountCodesScreen />;
}
