import { Alert, Switch } from '@mantine/core';
import { useState } from 'react';
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
  // The choice being saved, set in the click's own render: the mutation's pending state arrives a
  // moment later, and until then the switch showed the old value (a CI run's click 'did not change it').
  const [saving, setSaving] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (recordExam: boolean) => saveTestRecordingSetting(testId, recordExam),
    onSuccess: (data) => queryClient.setQueryData(recordingKeys.test(testId), data),
    onSettled: () => setSaving(null),
  });
  if (setting.isError) return null;
  return (
    <>
      <Switch
        label="Recorded exam"
        description="Module sittings of this test record the candidate's camera, entire screen and keystrokes, after their consent and a system check."
        // Shows the choice at once while it is saved; a refusal puts it back and says why.
        checked={saving ?? setting.data?.recordExam ?? false}
        disabled={setting.isPending || saving !== null}
        onChange={(event) => {
          const recordExam = event.currentTarget.checked;
          setSaving(recordExam);
          save.mutate(recordExam);
        }}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(save.error)}
        </Alert>
      )}
    </>
  );
}
