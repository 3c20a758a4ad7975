import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { requestOfCoupon, type Coupon } from '@certs/shared/coupon/coupon.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findCoupons, useCouponPrograms, useCoupons, useSaveCoupon } from '../../../features/coupon/api/coupons';
import { COUPON_CSV_COLUMNS, CouponsTable } from '../../../features/coupon/components/coupons-table';
import { CouponForm } from '../../../features/coupon/forms/coupon-form';
import { useCurrentAccount } from '../../../features/account/api/find-current-account';
import { errorMessageOf } from '../../../lib/api-client';
import { CurrencyProvider } from '../../../lib/currency';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { useUserTimeZone } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';

function DiscountCodesScreen() {
  const zone = useUserTimeZone();
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const programSearch = useDebouncedSearch();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [toggling, setToggling] = useState<Coupon | null>(null);
  const filter = { searchTerm: search.term };
  const list = useCoupons({ page, pageSize, ...filter });
  const programs = useCouponPrograms(editing ? programSearch.term : undefined);
  const save = useSaveCoupon();
  const current = editing && editing !== 'new' ? editing : null;
  // A fixed discount is in the account's own currency ("Amount (NZ$)").
  const account = useCurrentAccount();

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
          <Group justify="space-between" align="flex-end">
            <SearchInput search={search} placeholder="Code or description" w={360} />
            <ExportButton table="Discount codes" fileName="discount-codes.csv" source={{ kind: 'pages', columns: COUPON_CSV_COLUMNS, fetchPage: pagesOf(findCoupons, filter) }} />
          </Group>
          <CouponsTable
            page={list.data}
            pageNumber={page}
            pageSize={pageSize}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            onEdit={setEditing}
            onToggleActive={setToggling}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
          />
        </Stack>
      </Paper>
      <FormDialog opened={editing !== null} title={current ? `Edit ${current.code}` : 'New discount code'} onClose={() => setEditing(null)}>
        <CurrencyProvider currency={account.data?.account.currency}>
          <CouponForm
            coupon={current}
            zone={zone}
            submitLabel={current ? 'Save discount code' : 'Create discount code'}
            programs={programs.data ?? []}
            onProgramSearch={programSearch.onTextChange}
            onSubmit={async (request) => {
              const saved = await save.mutateAsync({ id: current?.id ?? null, request });
              setEditing(null);
              notifications.show({ color: 'green', title: 'Discount code saved', message: saved.code });
            }}
          />
        </CurrencyProvider>
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
