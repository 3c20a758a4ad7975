import { useQuery } from '@tanstack/react-query';
import {
  AdditionalJointTypeOptionsResponse,
  FillerMaterialTypesResponse,
  JointOptionsResponse,
  MaterialSubgroupsResponse,
  ProcessOptionsResponse,
  WeldingPositionsResponse,
} from '@certs/shared/wpq/wpq.contract';
import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_TIME, wpqKeys } from './wpq-options.keys';

const BASE = '/api/welderqualificationoptions';
const part = (value: string) => encodeURIComponent(value);

export function fetchProcessOptions(weldingProcess: string, signal?: AbortSignal): Promise<ProcessOptionsResponse> {
  return apiRequest(`${BASE}/dependentoptions/process/${part(weldingProcess)}`, { schema: ProcessOptionsResponse, signal });
}

export function fetchJointOptions(productType: string, jointType: string, signal?: AbortSignal): Promise<JointOptionsResponse> {
  return apiRequest(`${BASE}/dependentoptions/product/${part(productType)}/joint/${part(jointType)}`, { schema: JointOptionsResponse, signal });
}

export function fetchMaterialSubgroups(materialGroup: string, signal?: AbortSignal): Promise<MaterialSubgroupsResponse> {
  return apiRequest(`${BASE}/materialsubgroups/${part(materialGroup)}`, { schema: MaterialSubgroupsResponse, signal });
}

export function fetchFillerMaterialTypes(weldingProcess: string, signal?: AbortSignal): Promise<FillerMaterialTypesResponse> {
  return apiRequest(`${BASE}/fillermaterialtypes/${part(weldingProcess)}`, { schema: FillerMaterialTypesResponse, signal });
}

export function fetchAdditionalJointTypeOptions(additionalJointTypeTest: string, signal?: AbortSignal): Promise<AdditionalJointTypeOptionsResponse> {
  return apiRequest(`${BASE}/producttypes/${part(additionalJointTypeTest)}`, { schema: AdditionalJointTypeOptionsResponse, signal });
}

export function fetchWeldingPositions(productType: string, jointType: string, signal?: AbortSignal): Promise<WeldingPositionsResponse> {
  return apiRequest(`${BASE}/weldingpositions/${part(productType)}/${part(jointType)}`, { schema: WeldingPositionsResponse, signal });
}

// Each list depends on an earlier choice and is asked for only once that choice is made.

export function useProcessOptions(weldingProcess: string) {
  return useQuery({
    queryKey: wpqKeys.processOptions(weldingProcess),
    queryFn: ({ signal }) => fetchProcessOptions(weldingProcess, signal),
    enabled: !!weldingProcess,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useJointOptions(productType: string, jointType: string) {
  return useQuery({
    queryKey: wpqKeys.jointOptions(productType, jointType),
    queryFn: ({ signal }) => fetchJointOptions(productType, jointType, signal),
    enabled: !!productType && !!jointType,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useMaterialSubgroups(materialGroup: string) {
  return useQuery({
    queryKey: wpqKeys.materialSubgroups(materialGroup),
    queryFn: ({ signal }) => fetchMaterialSubgroups(materialGroup, signal),
    enabled: !!materialGroup,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useFillerMaterialTypes(weldingProcess: string) {
  return useQuery({
    queryKey: wpqKeys.fillerMaterialTypes(weldingProcess),
    queryFn: ({ signal }) => fetchFillerMaterialTypes(weldingProcess, signal),
    enabled: !!weldingProcess,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useAdditionalJointTypeOptions(additionalJointTypeTest: string) {
  return useQuery({
    queryKey: wpqKeys.additionalJointTypeOptions(additionalJointTypeTest),
    queryFn: ({ signal }) => fetchAdditionalJointTypeOptions(additionalJointTypeTest, signal),
    enabled: !!additionalJointTypeTest,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useWeldingPositions(productType: string, jointType: string) {
  return useQuery({
    queryKey: wpqKeys.weldingPositions(productType, jointType),
    queryFn: ({ signal }) => fetchWeldingPositions(productType, jointType, signal),
    enabled: !!productType && !!jointType,
    staleTime: REFERENCE_STALE_TIME,
  });
}
