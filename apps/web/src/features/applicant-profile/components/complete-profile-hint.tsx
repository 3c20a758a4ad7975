import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useApplicant } from '../api/find-applicant';
import { listInWords, missingProfileDetails } from '../model/profile-completeness';

/**
 * On the applicant's home (issue 45 item 18): while their profile lacks personal details, a
 * suggestion to complete it before applying, naming what is missing. Nothing once it is complete.
 */
export function CompleteProfileHint({ applicantId, profileHref }: { applicantId: string | null; profileHref: string }) {
  const profile = useApplicant(applicantId);
  if (!profile.data) return null;
  const missing = missingProfileDetails(profile.data);
  if (missing.length === 0) return null;
  return (
    <Alert color="indigo" variant="light" title="Complete your profile before you apply" data-testid="complete-profile-hint">
      <Text size="sm">
        Your profile has no {listInWords(missing)} yet. Every application sends your profile to the assessors, so add them first.
      </Text>
      <Anchor component={Link} to={profileHref} fw={600} size="sm" mt={6} display="inline-block">
        Complete your profile
      </Anchor>
    </Alert>
  );
}
