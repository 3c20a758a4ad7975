import {
  Anchor,
  Group,
  NativeSelect,
  Stack,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import {
  RENEWAL_STATUSES,
  RENEWAL_STATUS_COLORS,
  RENEWAL_STATUS_LABELS,
  type RenewalQueueRow,
  type RenewalStatus,
  type RenewalTypePath,
} from "@certs/shared/renewal/renewal.contract";
import { DateDisplay } from "../../../components/ui/date-display";
import { StatusBadge } from "../../../components/ui/status-badge";
import {
  PagedTable,
  type PagedTableColumn,
} from "../../../components/ui/paged-table";
import { errorMessageOf } from "../../../lib/api-client";
import { useDebouncedSearch, usePaging } from "../../../lib/use-paging";
import { useRenewalQueue } from "../api/renewal";
import { SearchInput } from "../../../components/ui/search-input";

export interface ProgramOption {
  id: string;
  label: string;
}

interface RenewalQueueProps {
  /** The renewal type of the chosen program (Certification or AICIP). */
  typePath: RenewalTypePath;
  programId: string;
  onProgramChange: (programId: string) => void;
  programs: readonly ProgramOption[];
  renewalHrefOf: (row: RenewalQueueRow) => string;
}

const isRenewalStatus = (value: string): value is RenewalStatus =>
  (RENEWAL_STATUSES as readonly string[]).includes(value);

/** Staff's renewal queue of one program: newest application number first (spec defaults), search and a status filter. */
export function RenewalQueue({
  typePath,
  programId,
  onProgramChange,
  programs,
  renewalHrefOf,
}: RenewalQueueProps) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } =
    usePaging();
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState("");
  const list = useRenewalQueue({
    typePath,
    programId,
    page,
    pageSize,
    searchTerm: search.term,
    status: isRenewalStatus(status) ? status : undefined,
  });
  const columns: PagedTableColumn<RenewalQueueRow>[] = [
    {
      key: "number",
      header: "Application Number",
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor
          component={Link}
          to={renewalHrefOf(row)}
          aria-label={`Renewal ${row.applicationNumber} of ${row.holderName}`}
        >
          {row.applicationNumber}
        </Anchor>
      ),
    },
    { key: "name", header: "Name", render: (row) => row.holderName },
    {
      key: "id",
      header: "ID",
      noWrap: true,
      render: (row) => row.memberNumber,
    },
    {
      key: "certificate",
      header: "Certificate Number",
      noWrap: true,
      render: (row) => row.certificateNumber,
    },
    {
      key: "expiry",
      header: "Expiry",
      noWrap: true,
      render: (row) => <DateDisplay value={row.expiresOn} />,
    },
    {
      key: "cpd",
      header: "CPD Hours",
      noWrap: true,
      render: (row) =>
        row.cpdHours === null
          ? "-"
          : `${row.cpdHours} of ${row.requiredCpdHours ?? 0}`,
    },
    {
      key: "submitted",
      header: "Submitted",
      noWrap: true,
      render: (row) => <DateDisplay value={row.submittedOn} />,
    },
    {
      key: "status",
      header: "Status",
      noWrap: true,
      render: (row) => (
        <StatusBadge
          label={RENEWAL_STATUS_LABELS[row.status]}
          color={RENEWAL_STATUS_COLORS[row.status]}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Program"
          value={programId}
          onChange={(event) => {
            onProgramChange(event.currentTarget.value);
            resetPage();
          }}
          data={[
            { value: "", label: "Choose a program" },
            ...programs.map((program) => ({
              value: program.id,
              label: program.label,
            })),
          ]}
          w={300}
        />
        <SearchInput search={search} placeholder="Name, ID, certificate or application number" w={340} />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value);
            resetPage();
          }}
          data={[
            { value: "", label: "Submitted and decided" },
            ...RENEWAL_STATUSES.filter((s) => s !== "draft").map((value) => ({
              value,
              label: RENEWAL_STATUS_LABELS[value],
            })),
          ]}
          w={200}
        />
      </Group>
      <PagedTable
        label="Renewals"
        testId="renewals-table"
        columns={columns}
        rowKey={(row) => row.id}
        rows={list.data?.rows ?? []}
        page={page}
        pageSize={pageSize}
        totalRows={list.data?.totalRows ?? 0}
        isLoading={list.isFetching}
        error={list.error ? errorMessageOf(list.error) : null}
        emptyText={
          programId
            ? "No renewals match."
            : "Choose a program to see its renewals."
        }
        minWidth={1000}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Stack>
  );
}
