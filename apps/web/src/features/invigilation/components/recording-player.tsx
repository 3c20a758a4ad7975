import { Alert, Box, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { RecordingManifest } from '@certs/shared/exam-integrity/exam-recording.contract';
import { fetchChunkLink } from '../api/invigilation';

type Stream = 'screen' | 'camera';

/** Where a moment of the sitting is in the recording: a segment and the offset in it, or a gap. */
export function locate(manifest: RecordingManifest, atMs: number): { segment: number; offsetMs: number } | null {
  for (const segment of manifest.segments) {
    const chunks = manifest.chunks.filter((chunk) => chunk.segment === segment.segment);
    const start = Date.parse(segment.startedOn);
    const end = Math.max(start, ...chunks.map((chunk) => Date.parse(chunk.endedOn)));
    if (atMs >= start && atMs <= end) return { segment: segment.segment, offsetMs: atMs - start };
  }
  return null;
}

/** One stream of one segment as a playable file: its chunks in order, joined (MediaRecorder's slices only play from the first). */
async function segmentUrl(examInstanceId: string, manifest: RecordingManifest, stream: Stream, segment: number): Promise<string | null> {
  const chunks = manifest.chunks.filter((chunk) => chunk.stream === stream && chunk.segment === segment).sort((a, b) => a.sequence - b.sequence);
  if (chunks.length === 0) return null;
  const parts: Blob[] = [];
  let type = 'video/webm';
  for (const chunk of chunks) {
    const link = await fetchChunkLink(examInstanceId, chunk);
    type = link.contentType.split(';')[0] || type;
    const response = await fetch(link.url);
    if (!response.ok) throw new Error(`chunk ${chunk.sequence} could not be read`);
    parts.push(await response.blob());
  }
  return URL.createObjectURL(new Blob(parts, { type }));
}

/**
 * Screen and camera of a recorded sitting played together (issue 19): the segment holding the chosen
 * moment is loaded (its chunks in order) and both videos seek to it; the screen leads, the camera
 * follows. A moment in a gap says so: nothing is joined across a gap.
 */
export function RecordingPlayer({ examInstanceId, manifest, positionMs, onPosition }: { examInstanceId: string; manifest: RecordingManifest; positionMs: number; onPosition: (atMs: number) => void }) {
  const place = locate(manifest, positionMs);
  const [loaded, setLoaded] = useState<{ segment: number; screen: string | null; camera: string | null } | null>(null);
  const [error, setError] = useState<{ segment: number; message: string } | null>(null);
  const screen = useRef<HTMLVideoElement>(null);
  const camera = useRef<HTMLVideoElement>(null);
  const segment = place?.segment ?? null;

  useEffect(() => {
    if (segment === null || loaded?.segment === segment) return;
    let isCurrent = true;
    void Promise.all([segmentUrl(examInstanceId, manifest, 'screen', segment), segmentUrl(examInstanceId, manifest, 'camera', segment)])
      .then(([screenUrl, cameraUrl]) => {
        if (isCurrent) setLoaded({ segment, screen: screenUrl, camera: cameraUrl });
      })
      .catch((failure: unknown) => isCurrent && setError({ segment, message: failure instanceof Error ? failure.message : 'The recording could not be loaded' }));
    return () => {
      isCurrent = false;
    };
  }, [examInstanceId, manifest, segment, loaded?.segment]);

  useEffect(() => () => {
    if (loaded?.screen) URL.revokeObjectURL(loaded.screen);
    if (loaded?.camera) URL.revokeObjectURL(loaded.camera);
  }, [loaded]);

  // Seek both to the chosen moment when it is not where the screen already is.
  useEffect(() => {
    if (!place || !loaded || loaded.segment !== place.segment) return;
    for (const video of [screen.current, camera.current]) {
      if (video && Math.abs(video.currentTime * 1000 - place.offsetMs) > 1500) video.currentTime = place.offsetMs / 1000;
    }
  }, [place, loaded]);

  const segmentStart = segment === null ? 0 : Date.parse(manifest.segments.find((s) => s.segment === segment)?.startedOn ?? '');
  if (!place) {
    const firstStart = Math.min(...manifest.segments.map((s) => Date.parse(s.startedOn)));
    return (
      <Alert color="orange" variant="light" data-testid="recording-gap-here">
        {positionMs < firstStart ? 'The recording had not started yet at this moment.' : 'Nothing was recorded at this moment (a gap in the recording).'}
      </Alert>
    );
  }
  if (error && error.segment === segment) {
    return (
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    );
  }
  if (!loaded || loaded.segment !== segment) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Loading segment {segment}…</Text>
      </Group>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Screen
        </Text>
        <Box>
          {loaded.screen ? (
            <video
              ref={screen}
              src={loaded.screen}
              controls
              style={{ width: '100%', background: '#000' }}
              aria-label="Screen recording"
              onPlay={() => void camera.current?.play()}
              onPause={() => camera.current?.pause()}
              onTimeUpdate={(event) => onPosition(segmentStart + event.currentTarget.currentTime * 1000)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No screen recording in this segment.
            </Text>
          )}
        </Box>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Camera
        </Text>
        {loaded.camera ? (
          <video ref={camera} src={loaded.camera} muted style={{ width: 180, height: 180, background: '#000' }} aria-label="Camera recording" />
        ) : (
          <Text size="sm" c="dimmed">
            No camera recording in this segment.
          </Text>
        )}
      </Stack>
    </SimpleGrid>
  );
}
