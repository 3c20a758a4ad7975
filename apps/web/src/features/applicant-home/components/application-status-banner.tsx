import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { statusLabelOf } from '@certs/shared/application/application-labels';
import type { Application } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useNextStepData } from '../api/next-step-data';
import { nextStepOf } from '../model/next-step';
import { NextStepDetails } from './next-step-details';

/**
 * The banner of a submitted application (issue 21 item 4): what happens now and what the
 * applicant must do, with Pay as the page's main action while a payment is due.
 */
interface ApplicationStatusBannerProps {
  type: ApplicationTypePath;
  application: Application;
  /** The awards this application led to (the award feature reads them). */
  awards: readonly AwardRow[];
}

export function ApplicationStatusBanner({ type, application, awards }: ApplicationStatusBannerProps) {
  const [data] = useNextStepData([{ id: application.id, type, status: application.status }]);
  // The moment the page opened: what is due is judged against it, not re-read on every render.
  const [now] = useState(() => Date.now());
  const step = data && !data.isPending ? nextStepOf({ type, status: application.status, payments: data.payments, examinations: data.examinations, resits: data.resits, awards, now }) : null;
  return (
    <Alert color="blue" variant="light" bg="blue.0" title={statusLabelOf(application.status)} data-testid="application-read-only">
      <Stack gap="xs">
        <Text size="sm">
          Submitted <DateDisplay value={application.submittedOn} withTime />. A submitted application cannot be changed.
        </Text>
        {data?.error ? (
          <Text size="sm" c="red.8">
            What happens next could not be loaded: {errorMessageOf(data.error)}
          </Text>
        ) : step ? (
          <NextStepDetails step={step} />
        ) : (
          <Loader size="xs" aria-label="Loading what happens next" />
        )}
      </Stack>
    </Alert>
  );
}
