import { Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { DIFFICULTIES, QUESTION_TYPES } from '@certs/shared/question-bank/question-type';
import { DateField } from '../../../components/ui/date-field';

export interface QuestionFilterValues {
  text: string;
  questionType: string;
  difficulty: string;
  subjectIds: string[];
  tagIds: string[];
  createdFrom: string;
  createdTo: string;
  modifiedFrom: string;
  modifiedTo: string;
}

export function emptyQuestionFilters(): QuestionFilterValues {
  return { text: '', questionType: '', difficulty: '', subjectIds: [], tagIds: [], createdFrom: '', createdTo: '', modifiedFrom: '', modifiedTo: '' };
}

interface QuestionFiltersProps {
  values: QuestionFilterValues;
  subjects: readonly { id: string; title: string }[];
  tags: readonly { id: string; title: string }[];
  onChange: (values: QuestionFilterValues) => void;
}

/** The bank's search: text or number, type, difficulty, subjects, tags, created and modified days. */
export function QuestionFilters({ values, subjects, tags, onChange }: QuestionFiltersProps) {
  const set = (patch: Partial<QuestionFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Search questions">
      <TextInput label="Search" type="search" placeholder="Words of the question, or Q-12" w={260} value={values.text} onChange={(e) => set({ text: e.currentTarget.value })} />
      <NativeSelect
        label="Type"
        w={200}
        data={[{ value: '', label: 'All types' }, ...QUESTION_TYPES.map((type) => ({ value: type, label: type }))]}
        value={values.questionType}
        onChange={(e) => set({ questionType: e.currentTarget.value })}
      />
      <NativeSelect
        label="Difficulty"
        w={140}
        data={[{ value: '', label: 'All' }, ...DIFFICULTIES.map((d) => ({ value: d, label: d }))]}
        value={values.difficulty}
        onChange={(e) => set({ difficulty: e.currentTarget.value })}
      />
      <MultiSelect
        label="Subjects"
        placeholder={values.subjectIds.length ? undefined : 'Any subject'}
        searchable
        clearable
        miw={200}
        maw={360}
        data={subjects.map((s) => ({ value: s.id, label: s.title }))}
        value={values.subjectIds}
        onChange={(subjectIds) => set({ subjectIds })}
      />
      <MultiSelect
        label="Tags"
        placeholder={values.tagIds.length ? undefined : 'Any tag'}
        searchable
        clearable
        miw={200}
        maw={360}
        data={tags.map((t) => ({ value: t.id, label: t.title }))}
        value={values.tagIds}
        onChange={(tagIds) => set({ tagIds })}
      />
      <DateField label="Created from" w={160} value={values.createdFrom} onChange={(day) => set({ createdFrom: day })} />
      <DateField label="Created to" w={160} value={values.createdTo} onChange={(day) => set({ createdTo: day })} />
      <DateField label="Modified from" w={160} value={values.modifiedFrom} onChange={(day) => set({ modifiedFrom: day })} />
      <DateField label="Modified to" w={160} value={values.modifiedTo} onChange={(day) => set({ modifiedTo: day })} />
    </Group>
  );
}
