import type { RangeRequest } from '@certs/shared/wpq/wpq.contract';

/** Query keys of this feature. Reference data never changes within a release, so it is kept for the session. */
export const wpqKeys = {
  all: ['wpq-options'] as const,
  reference: () => [...wpqKeys.all, 'reference'] as const,
  weldProcesses: () => [...wpqKeys.all, 'weld-processes'] as const,
  processOptions: (weldingProcess: string) => [...wpqKeys.all, 'process', weldingProcess] as const,
  jointOptions: (productType: string, jointType: string) => [...wpqKeys.all, 'joint', productType, jointType] as const,
  materialSubgroups: (materialGroup: string) => [...wpqKeys.all, 'subgroups', materialGroup] as const,
  fillerMaterialTypes: (weldingProcess: string) => [...wpqKeys.all, 'filler-types', weldingProcess] as const,
  additionalJointTypeOptions: (additionalJointTypeTest: string) => [...wpqKeys.all, 'additional', additionalJointTypeTest] as const,
  weldingPositions: (productType: string, jointType: string) => [...wpqKeys.all, 'positions', productType, jointType] as const,
  range: (request: RangeRequest | null) => [...wpqKeys.all, 'range', request] as const,
};

/** Option lists are the same for everyone until the next release. */
export const REFERENCE_STALE_TIME = Number.POSITIVE_INFINITY;
