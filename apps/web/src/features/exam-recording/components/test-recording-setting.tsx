import { Alert, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../../lib/api-client';
import { findTestRecordingSetting, recordingKeys, saveTestRecordingSetting } from '../api/recording-requests';

/**
 * The test's "recorded exam" setting (issue 19) for its page: sittings of the test record camera,
 * screen and keystrokes unless their scheduled module says otherwise. Not the test's content, so it
 * can change after publishing; sittings already started keep what they took at launch.
 */
export function TestRecordingSettingSwitch({ testId }: { testId: string }) {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: recordingKeys.test(testId), queryFn: () => findTestRecordingSetting(testId) });
  const save = useMutation({
    mutationFn: (recordExam: boolean) => saveTestRecordingSetting(testId, recordExam),
    onSuccess: (data) => queryClient.setQueryData(recordingKeys.test(testId), data),
  });
  if (setting.isError) return null;
  return (
    <>
      <Switch
        label="Recorded exam"
        description="Module sittings of this test record the candidate's camera, entire screen and keystrokes, after their consent and a system check."
        // Shows the choice at once while it is saved; a refusal puts it back and says why.
        checked={save.isPending ? save.variables : (setting.data?.recordExam ?? false)}
        disabled={setting.isPending || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(save.error)}
        </Alert>
      )}
    </>
  );
}
