/** Query keys of the staff's sittings and marking. */
export const examMarkingKeys = {
  all: ['exam-marking'] as const,
  sittings: (query: object) => [...examMarkingKeys.all, 'sittings', query] as const,
  marking: (id: string) => [...examMarkingKeys.all, 'marking', id] as const,
  paperUrl: (resourceKey: string) => [...examMarkingKeys.all, 'paper', resourceKey] as const,
};
