import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { applicant } from '../../../test/session-fixtures';
import { examCopyKey, readExamCopy, removeExamCopy, saveExamCopy, updateExamCopyTimer } from './exam-copy';
import { forgetSentExamAnswers, readStoredExam, storageKeyOf, writeStoredExam, type StoredExam } from './exam-progress';
import { EXAM_ID, OPT, Q, exam, question } from './exam-test-data';

const OTHER_USER = '00000000-0000-4000-8000-000000000099';
const progress = (sequence: number, values: Partial<StoredExam['progress'][string]> = {}) => ({
  sequence,
  timeTaken: 10,
  numOfAttempts: 1,
  answerOptionGivenByUser: [],
  answerValueGivenByUser: '',
  isMarked: false,
  isAttempted: true,
  isAnswered: false,
  ...values,
});

describe('the copy of a sitting kept on the device', () => {
  afterEach(() => {
    reloadSessionFromStorage();
  });

  it('is read back only for the same user and sitting, with what the server sent and no more', () => {
    const storage = window.localStorage;
    const sitting = exam([question(Q.single), question(Q.blank)]);
    expect(saveExamCopy(storage, applicant.id, sitting, 1500)).toBe(true);
    expect(readExamCopy(storage, applicant.id, 'trial', EXAM_ID)).toEqual({ version: 1, userId: applicant.id, exam: sitting, clockOffsetMs: 1500 });
    expect(readExamCopy(storage, OTHER_USER, 'trial', EXAM_ID)).toBeNull();
    expect(readExamCopy(storage, applicant.id, 'module', EXAM_ID)).toBeNull();
    // A value moved under another user's key is not trusted.
    storage.setItem(examCopyKey(OTHER_USER, 'trial', EXAM_ID), storage.getItem(examCopyKey(applicant.id, 'trial', EXAM_ID)) ?? '');
    expect(readExamCopy(storage, OTHER_USER, 'trial', EXAM_ID)).toBeNull();
    storage.setItem(examCopyKey(applicant.id, 'trial', EXAM_ID), '{"version":1,"exam":"nonsense"}');
    expect(readExamCopy(storage, applicant.id, 'trial', EXAM_ID)).toBeNull();
  });

  it('is not kept for a sitting that is over, and is removed when asked', () => {
    const storage = window.localStorage;
    saveExamCopy(storage, applicant.id, exam(), 0);
    expect(saveExamCopy(storage, applicant.id, exam(undefined, { status: 'Submitted', submittedOn: '2026-03-02T00:20:00.000Z' }), 0)).toBe(false);
    expect(readExamCopy(storage, applicant.id, 'trial', EXAM_ID)).toBeNull();
    saveExamCopy(storage, applicant.id, exam(), 0);
    removeExamCopy(storage, applicant.id, 'trial', EXAM_ID);
    expect(readExamCopy(storage, applicant.id, 'trial', EXAM_ID)).toBeNull();
  });

  it('follows the server’s latest deadline and clock offset', () => {
    const storage = window.localStorage;
    saveExamCopy(storage, applicant.id, exam(), 0);
    updateExamCopyTimer(storage, applicant.id, 'trial', EXAM_ID, { deadline: '2026-03-02T00:40:00.000Z', canSubmitFrom: '2026-03-02T00:10:00.000Z' }, -2500);
    const copy = readExamCopy(storage, applicant.id, 'trial', EXAM_ID);
    expect(copy?.exam.timer).toMatchObject({ deadline: '2026-03-02T00:40:00.000Z', canSubmitFrom: '2026-03-02T00:10:00.000Z' });
    expect(copy?.clockOffsetMs).toBe(-2500);
    // Without a copy there is nothing to update, and nothing is made.
    updateExamCopyTimer(storage, OTHER_USER, 'trial', EXAM_ID, { deadline: '2026-03-02T00:40:00.000Z', canSubmitFrom: '2026-03-02T00:10:00.000Z' }, 0);
    expect(storage.getItem(examCopyKey(OTHER_USER, 'trial', EXAM_ID))).toBeNull();
  });

  it('goes when the user signs out', () => {
    saveSession({ jwt: 'token', user: applicant });
    saveExamCopy(window.localStorage, applicant.id, exam(), 0);
    clearSession('logout');
    expect(readExamCopy(window.localStorage, applicant.id, 'trial', EXAM_ID)).toBeNull();
  });
});

describe('answers kept on the device across a sign-out', () => {
  const pendingUpdate = { questionInstanceId: Q.blank, sequence: 2, timeTaken: 20, numOfAttempts: 2, answerValueGivenByUser: 'fillet', isMarked: false, isAttempted: true };

  it('keeps only the updates not yet sent (and an answer being typed), with their questions’ state, for the same candidate', () => {
    const storage = window.localStorage;
    writeStoredExam(storage, EXAM_ID, {
      version: 1,
      userId: applicant.id,
      currentIndex: 2,
      progress: { [Q.single]: progress(1, { answerOptionGivenByUser: [OPT.a], isAnswered: true }), [Q.blank]: progress(2, { answerValueGivenByUser: 'fillet', isAnswered: true }), [Q.descriptive]: progress(0) },
      pending: [pendingUpdate],
      draft: { questionInstanceId: Q.descriptive, baseSequence: 0, answerOptionGivenByUser: [], answerValueGivenByUser: 'Porosity and und', isMarked: false },
    });
    const sentOnly = '30000000-0000-4000-8000-000000000002';
    writeStoredExam(storage, sentOnly, { version: 1, userId: applicant.id, currentIndex: 0, progress: { [Q.single]: progress(1, { answerOptionGivenByUser: [OPT.b] }) }, pending: [], draft: null });
    storage.setItem(storageKeyOf('30000000-0000-4000-8000-000000000003'), 'unreadable');
    storage.setItem('certs-other.keep', 'not an exam');

    forgetSentExamAnswers(storage);

    const kept = readStoredExam(storage, EXAM_ID, applicant.id);
    expect(kept?.pending).toEqual([pendingUpdate]);
    expect(kept?.draft?.answerValueGivenByUser).toBe('Porosity and und');
    // The answer the server already has (question 1) is gone from this computer.
    expect(Object.keys(kept?.progress ?? {}).sort()).toEqual([Q.blank, Q.descriptive].sort());
    expect(storage.getItem(storageKeyOf(sentOnly))).toBeNull();
    expect(storage.getItem(storageKeyOf('30000000-0000-4000-8000-000000000003'))).toBeNull();
    expect(storage.getItem('certs-other.keep')).toBe('not an exam');
    // Another person signing in at this computer never resumes them.
    expect(readStoredExam(storage, EXAM_ID, OTHER_USER)).toBeNull();
  });
});
