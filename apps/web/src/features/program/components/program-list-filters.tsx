import { Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { PROGRAM_SEARCH_BY } from '@certs/shared/program/program.contract';
import { PROGRAM_STATUS_INFO, PROGRAM_STATUS_VALUES } from '@certs/shared/program/program-status';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';

export type ProgramSearchBy = (typeof PROGRAM_SEARCH_BY)[number];

export interface ProgramFilterValues {
  searchBy: ProgramSearchBy;
  searchTerm: string;
  /** '' for every status. */
  programStatus: string;
  programTypes: string[];
}

export function emptyProgramFilters(): ProgramFilterValues {
  return { searchBy: 'All', searchTerm: '', programStatus: '', programTypes: [] };
}

interface ProgramListFiltersProps {
  values: ProgramFilterValues;
  onChange: (values: ProgramFilterValues) => void;
  /** The Archives screen lists one status only. */
  withStatus?: boolean;
}

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...PROGRAM_STATUS_VALUES.map((status) => ({ value: String(status), label: PROGRAM_STATUS_INFO[status].label })),
];
const TYPE_OPTIONS = Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label }));

const PLACEHOLDERS: Record<ProgramSearchBy, string> = {
  All: 'Code, title or type',
  'Program Code': 'e.g. Q-WELD-INSP',
  'Program Type': 'e.g. Qualification',
  'Application Date': '',
};

/** The spec's program search filters (Program Code, Program Type, Application Date, All), status and types. */
export function ProgramListFilters({ values, onChange, withStatus = true }: ProgramListFiltersProps) {
  const isDate = values.searchBy === 'Application Date';
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Search by"
        w={180}
        data={[...PROGRAM_SEARCH_BY]}
        value={values.searchBy}
        onChange={(event) => onChange({ ...values, searchBy: event.currentTarget.value as ProgramSearchBy, searchTerm: '' })}
      />
      <TextInput
        label={isDate ? 'Application date' : 'Search'}
        type={isDate ? 'date' : 'search'}
        placeholder={PLACEHOLDERS[values.searchBy]}
        w={240}
        value={values.searchTerm}
        onChange={(event) => onChange({ ...values, searchTerm: event.currentTarget.value })}
      />
      {withStatus && (
        <NativeSelect
          label="Status"
          w={160}
          data={STATUS_OPTIONS}
          value={values.programStatus}
          onChange={(event) => onChange({ ...values, programStatus: event.currentTarget.value })}
        />
      )}
      <MultiSelect
        label="Program types"
        placeholder={values.programTypes.length === 0 ? 'All types' : undefined}
        data={TYPE_OPTIONS}
        value={values.programTypes}
        onChange={(programTypes) => onChange({ ...values, programTypes })}
        clearable
        miw={240}
        maw={420}
      />
    </Group>
  );
}
