import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProfilePhoto } from '@certs/shared/attachment/attachment.contract';
import { apiRequest } from '../../../lib/api-client';
import { attachmentKeys } from './attachment.keys';

const PATH = '/api/attachment/profilephoto';
const photoKey = [...attachmentKeys.all, 'profile-photo'] as const;

/** The applicant's profile photograph (printed on a welder qualification certificate). */
export function useProfilePhoto() {
  return useQuery({ queryKey: photoKey, queryFn: ({ signal }) => apiRequest(PATH, { schema: ProfilePhoto, signal }) });
}

/** Makes one of the applicant's saved JPEG or PNG files the photograph, or takes it off (null). */
export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string | null) => apiRequest(PATH, { method: 'POST', body: { attachmentId }, schema: ProfilePhoto }),
    onSuccess: (saved) => queryClient.setQueryData(photoKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.all }),
  });
}
