export interface PublishedProgramListParams {
  page: number;
  pageSize: number;
  search?: string;
  programType?: number;
}

/** Query keys of the applicants' catalogue of published programs. */
export const programCatalogueKeys = {
  all: ['program-catalogue'] as const,
  list: (params: PublishedProgramListParams) => [...programCatalogueKeys.all, 'list', params] as const,
  detail: (id: string) => [...programCatalogueKeys.all, 'detail', id] as const,
};
