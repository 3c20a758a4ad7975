import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '../../../lib/api-client';
import { useProfilePhoto, useSetProfilePhoto } from '../api/profile-photo';
import { viewAttachment } from './attachments-table';
import { DocumentUpload } from './document-upload';
import { FileName } from './file-name';

/**
 * The profile's photograph (issue 18): a JPEG or PNG of the applicant's face, printed on a welder
 * qualification certificate as ISO 9606-1's form asks. Uploaded here, it becomes the photograph at once.
 */
export function ProfilePhotoSection() {
  const photo = useProfilePhoto();
  const setPhoto = useSetProfilePhoto();
  const current = photo.data?.photo ?? null;
  const choose = (attachmentId: string | null, title: string) =>
    setPhoto.mutate(attachmentId, {
      onSuccess: () => notifications.show({ color: 'green', title, message: 'Certificates that show it are issued again with it.' }),
    });
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-photo-heading" data-testid="profile-photo">
      <Stack gap={2}>
        <Title order={2} size="h4" id="profile-photo-heading">
          Photograph
        </Title>
        <Text size="sm" c="dimmed">
          A recent photograph of your face, JPEG or PNG. A welder qualification certificate prints it.
        </Text>
      </Stack>
      {current ? (
        <Group gap="sm" wrap="nowrap">
          <FileName name={current.name} />
          <Button size="compact-sm" variant="subtle" onClick={() => viewAttachment(current)} aria-label={`View ${current.name}`}>
            View
          </Button>
          <Button size="compact-sm" variant="default" loading={setPhoto.isPending} onClick={() => choose(null, 'Photograph taken off')}>
            Take it off
          </Button>
        </Group>
      ) : (
        photo.isSuccess && (
          <Text size="sm" data-testid="no-photo">
            No photograph yet.
          </Text>
        )
      )}
      {setPhoto.error && (
        <Alert color="red" variant="light" title="Not your photograph">
          {errorMessageOf(setPhoto.error)}
        </Alert>
      )}
      <DocumentUpload label={current ? 'Upload a new photograph' : 'Upload a photograph'} onUploaded={(attachment) => choose(attachment.id, 'Photograph saved')} />
    </Stack>
  );
}
