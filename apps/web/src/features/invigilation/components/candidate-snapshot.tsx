import { Box, Text } from '@mantine/core';
import { useSnapshot } from '../api/invigilation';

/** The candidate's latest camera picture (about every 30 s), or a dash before the first. */
export function CandidateSnapshot({ sittingId, applicationModuleId, name, hasSnapshot }: { sittingId: string; applicationModuleId: string; name: string; hasSnapshot: boolean }) {
  const snapshot = useSnapshot(sittingId, applicationModuleId, hasSnapshot);
  if (!hasSnapshot || !snapshot.data) {
    return (
      <Text size="xs" c="dimmed">
        No picture
      </Text>
    );
  }
  return (
    <Box w={60} h={60}>
      <img src={snapshot.data.url} alt={`Camera snapshot of ${name}`} width={60} height={60} style={{ objectFit: 'cover', borderRadius: 4 }} />
    </Box>
  );
}
