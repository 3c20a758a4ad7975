import { useQuery } from '@tanstack/react-query';
import {
  AdditionalJointTypeOptionsResponse,
  FillerMaterialTypesResponse,
  JointOptionsResponse,
  MaterialSubgroupsResponse,
  ProcessOptionsResponse,
  WeldingPositionsResponse,
  WpqReferenceResponse,
} from '@certs/shared/wpq/wpq.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * The record form's option lists from `api/welderqualificationoptions` (spec section 7), each
 * asked for once the choice it depends on is made. Kept for the session: they change only with a release.
 */
const BASE = '/api/welderqualificationoptions';
const part = (value: string) => encodeURIComponent(value);
const FOREVER = Number.POSITIVE_INFINITY;

function useOptions<T>(key: readonly string[], path: string, schema: { parse: (value: unknown) => T }, enabled = true) {
  return useQuery({
    queryKey: ['wpq-record-options', ...key],
    queryFn: ({ signal }) => apiRequest(`${BASE}/${path}`, { schema: schema as never, signal }) as Promise<T>,
    enabled,
    staleTime: FOREVER,
  });
}

export const useReference = () => useOptions(['reference'], 'reference', WpqReferenceResponse);
export const useSubgroups = (group: string) => useOptions(['subgroups', group], `materialsubgroups/${part(group)}`, MaterialSubgroupsResponse, !!group);
export const useJointOptions = (productType: string, jointType: string) =>
  useOptions(['joint', productType, jointType], `dependentoptions/product/${part(productType)}/joint/${part(jointType)}`, JointOptionsResponse, !!productType && !!jointType);
export const useProcessOptions = (process: string) => useOptions(['process', process], `dependentoptions/process/${part(process)}`, ProcessOptionsResponse, !!process);
export const useFillerTypes = (process: string) => useOptions(['filler', process], `fillermaterialtypes/${part(process)}`, FillerMaterialTypesResponse, !!process);
export const useAdditionalJointOptions = (additional: string) => useOptions(['additional', additional], `producttypes/${part(additional)}`, AdditionalJointTypeOptionsResponse, !!additional);
export const usePositions = (productType: string, jointType: string) =>
  useOptions(['positions', productType, jointType], `weldingpositions/${part(productType)}/${part(jointType)}`, WeldingPositionsResponse, !!productType && !!jointType);
