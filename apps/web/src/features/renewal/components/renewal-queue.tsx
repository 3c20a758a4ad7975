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
import { cpdHoursText } from "@certs/shared/renewal/renewal-rules";
import { DateDisplay } from "../../../components/ui/date-display";
import { ExportButton } from "../../../components/ui/export-button";
import { StatusBadge } from "../../../components/ui/status-badge";
import {
  PagedTable,
  type PagedTableColumn,
} from "../../../components/ui/paged-table";
import { csvFileName, pagesOf, type CsvColumn } from "../../../lib/export-csv";
import { useDebouncedSearch, usePaging } from "../../../lib/use-paging";
import { pagedTableProps } from "../../../lib/paged-table-props";
import { findRenewalQueue, useRenewalQueue, type RenewalQueueParams } from "../api/renewal";
import { SearchInput } from "../../../components/ui/search-input";

export interface ProgramOption {
  id: string;
  label: string;
  /** The program's code, for the exported file's name. */
  code?: string;
}

const cpdText = (row: RenewalQueueRow) =>
  row.cpdHours === null ? "-" : cpdHoursText(row.cpdHours, row.requiredCpdHours ?? 0);

/** The renewal queue as a file. */
export const RENEWAL_CSV_COLUMNS: readonly CsvColumn<RenewalQueueRow>[] = [
  { header: "Application Number", value: (row) => row.applicationNumber },
  { header: "Name", value: (row) => row.holderName },
  { header: "ID", value: (row) => row.memberNumber },
  { header: "Certificate Number", value: (row) => row.certificateNumber },
  { header: "Expiry", value: (row, dates) => dates.date(row.expiresOn) },
  { header: "CPD Hours", value: (row) => row.cpdHours },
  { header: "Required CPD Hours", value: (row) => row.requiredCpdHours },
  { header: "Submitted", value: (row, dates) => dates.date(row.submittedOn) },
  { header: "Status", value: (row) => RENEWAL_STATUS_LABELS[row.status] },
];

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
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState("");
  const filter: Omit<RenewalQueueParams, "page" | "pageSize"> = {
    typePath,
    programId,
    searchTerm: search.term,
    status: isRenewalStatus(status) ? status : undefined,
  };
  const list = useRenewalQueue({ ...filter, page, pageSize });
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
      render: cpdText,
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
        <ExportButton
          table="Renewals"
          fileName={csvFileName("renewals", programs.find((program) => program.id === programId)?.code, status)}
          disabled={!programId}
          source={{ kind: "pages", columns: RENEWAL_CSV_COLUMNS, fetchPage: pagesOf(findRenewalQueue, filter) }}
        />
      </Group>
      <PagedTable
        label="Renewals"
        testId="renewals-table"
        columns={columns}
        rowKey={(row) => row.id}
        {...pagedTableProps(list, paging)}
        emptyText={
          programId
            ? "No renewals match."
            : "Choose a program to see its renewals."
        }
        minWidth={1000}
      />
    </Stack>
  );
}
