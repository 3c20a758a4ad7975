import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { OVERRIDE_REASON_MAX, impartialityRefusalOf, type ImpartialityRefusalDetails } from '@certs/shared/impartiality/assignment-check.contract';
import { ApiError } from '../../lib/api-client';

/**
 * An impartiality refusal a manager may override (issue 43): every form that assigns an assessor,
 * examiner, invigilator or marker, or records a certification decision, keeps one of these. The
 * refusal's message shows in the form's own alert; this adds the reason field, and the form sends
 * `override` with its next request once a reason is typed.
 */
export function useImpartialityOverride() {
  const [refusal, setRefusal] = useState<ImpartialityRefusalDetails | null>(null);
  const [reason, setReason] = useState('');
  return {
    /** The last refusal, when the caller may override it; null otherwise. */
    refusal,
    reason,
    setReason,
    /** After a failed request: offers the override when the server refused on impartiality and the caller may override. */
    noteFailure(error: unknown) {
      const found = error instanceof ApiError ? impartialityRefusalOf(error.details) : null;
      setRefusal(found?.canOverride ? found : null);
    },
    /** After a request went through: nothing left to override. */
    reset() {
      setRefusal(null);
      setReason('');
    },
    /** What the next request carries: `{ override: { reason } }` once the field is offered and filled, nothing otherwise. */
    requestPart(): { override?: { reason: string } } {
      const trimmed = reason.trim();
      return refusal && trimmed ? { override: { reason: trimmed } } : {};
    },
  };
}

export type ImpartialityOverrideState = ReturnType<typeof useImpartialityOverride>;

/** Sends with the override once its reason is typed; after a refusal the caller may override, the field is offered. */
export async function sendWithOverride<T>(state: ImpartialityOverrideState, send: (part: { override?: { reason: string } }) => Promise<T>): Promise<T> {
  try {
    const sent = await send(state.requestPart());
    state.reset();
    return sent;
  } catch (error) {
    state.noteFailure(error);
    throw error;
  }
}

/** "Override with a reason", shown to a manager under a refusal they may override; nothing otherwise. */
export function OverrideReasonField({ state, disabled = false, error }: { state: ImpartialityOverrideState; disabled?: boolean; error?: string | null }) {
  if (!state.refusal) return null;
  return (
    <Textarea
      label="Override with a reason"
      description="Only where the assignment must stand: say why. The reason is kept on the impartiality record with your name; send again to override."
      autosize
      minRows={2}
      maxLength={OVERRIDE_REASON_MAX}
      value={state.reason}
      onChange={(event) => state.setReason(event.currentTarget.value)}
      disabled={disabled}
      error={error ?? undefined}
      data-testid="override-reason"
    />
  );
}
