import { useState } from 'react';
import { awardDateIssue, type AwardDateRange } from '@certs/shared/award/award-date';
import { DateField } from './date-field';

/** Today on this device, as a fallback when the server gave no range (it always does to who may award). */
function deviceToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export interface AwardDate {
  /** The day to send (YYYY-MM-DD): today in the body's zone until staff choose another. */
  awardedOn: string;
  /** Judges the day as the server will; shows the message and answers false when it may not be sent. */
  check: () => boolean;
  fieldProps: AwardDateFieldProps;
}

/**
 * The award date of a form that awards (issue 41): the day the awarding body decided the award,
 * by default its today, between the submission day and today (the range the server offers).
 * The range may arrive after the form first renders; until staff pick a day, it follows it.
 */
export function useAwardDate(range: AwardDateRange | null | undefined): AwardDate {
  const offered = range ?? { earliest: null, latest: deviceToday() };
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const awardedOn = chosen ?? offered.latest;
  return {
    awardedOn,
    check: () => {
      const issue = awardDateIssue(awardedOn, offered);
      setError(issue);
      return issue === null;
    },
    fieldProps: {
      range: offered,
      value: awardedOn,
      error,
      onChange: (day) => {
        setChosen(day);
        setError(null);
      },
    },
  };
}

export interface AwardDateFieldProps {
  range: AwardDateRange;
  value: string;
  error: string | null;
  onChange: (day: string) => void;
}

/** The "Award date" field every awarding form shows (result, review, re-sit result, WPQ approval). */
export function AwardDateField({ range, value, error, onChange }: AwardDateFieldProps) {
  return (
    <DateField
      label="Award date"
      description="The day the awarding body decided the award; the certificate and its expiry count from it."
      required
      withAsterisk
      value={value}
      min={range.earliest ?? undefined}
      max={range.latest}
      error={error}
      onChange={onChange}
      maw={260}
    />
  );
}
