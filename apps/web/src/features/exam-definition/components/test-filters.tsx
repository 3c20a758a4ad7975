import { Group, NativeSelect, TextInput } from '@mantine/core';
import { EXAM_DEFINITION_STATUSES, EXAM_DEFINITION_STATUS_INFO } from '@certs/shared/exam-definition/exam-definition-status';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';

export interface TestFilterValues {
  search: string;
  testType: string;
  programType: string;
  status: string;
}

export function emptyTestFilters(): TestFilterValues {
  return { search: '', testType: '', programType: '', status: '' };
}

/** Search by title or number; filters by test type, program type and published state. */
export function TestFilters({ values, onChange }: { values: TestFilterValues; onChange: (values: TestFilterValues) => void }) {
  const set = (patch: Partial<TestFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Search tests">
      <TextInput label="Search" type="search" placeholder="Title, or T-7" w={260} value={values.search} onChange={(e) => set({ search: e.currentTarget.value })} />
      <NativeSelect
        label="Test type"
        w={150}
        data={[
          { value: '', label: 'All types' },
          { value: 'trial', label: 'Trial' },
          { value: 'module', label: 'Module' },
        ]}
        value={values.testType}
        onChange={(e) => set({ testType: e.currentTarget.value })}
      />
      <NativeSelect
        label="Program type"
        w={200}
        data={[{ value: '', label: 'All program types' }, ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label }))]}
        value={values.programType}
        onChange={(e) => set({ programType: e.currentTarget.value })}
      />
      <NativeSelect
        label="Status"
        w={160}
        data={[{ value: '', label: 'All statuses' }, ...EXAM_DEFINITION_STATUSES.map((status) => ({ value: status, label: EXAM_DEFINITION_STATUS_INFO[status].label }))]}
        value={values.status}
        onChange={(e) => set({ status: e.currentTarget.value })}
      />
    </Group>
  );
}
