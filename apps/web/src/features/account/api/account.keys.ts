/** Query keys of this feature; invalidating `all` refreshes the header's account, the list and every settings record. */
export const accountKeys = {
  all: ['accounts'] as const,
  current: () => [...accountKeys.all, 'current'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  overview: () => [...accountKeys.all, 'overview'] as const,
  settings: (id: string) => [...accountKeys.all, 'settings', id] as const,
};
