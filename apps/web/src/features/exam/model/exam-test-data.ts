import { UpdateInstancesRequest, type CandidateExam, type CandidateQuestionInstance, type ExamTimer, type UpdateInstancesResponse, type QuestionInstanceUpdate } from '@certs/shared/exam/exam.contract';
import type { KeyValueStorage } from './exam-progress';

/** Test data for the exam model: one question of each type, ids as the server makes them. */
export const Q = {
  single: '10000000-0000-4000-8000-000000000001',
  multiple: '10000000-0000-4000-8000-000000000002',
  blank: '10000000-0000-4000-8000-000000000003',
  descriptive: '10000000-0000-4000-8000-000000000004',
} as const;
export const OPT = {
  a: '20000000-0000-4000-8000-00000000000a',
  b: '20000000-0000-4000-8000-00000000000b',
  c: '20000000-0000-4000-8000-00000000000c',
  d: '20000000-0000-4000-8000-00000000000d',
} as const;

export function question(id: string, overrides: Partial<CandidateQuestionInstance> = {}): CandidateQuestionInstance {
  const type = id === Q.single ? 'General Single Answer' : id === Q.multiple ? 'Multiple Answer' : id === Q.blank ? 'Fill In The Blank' : 'Descriptive';
  const options =
    id === Q.single
      ? [
          { id: OPT.a, option: 'MMAW', order: 1 },
          { id: OPT.b, option: 'GTAW', order: 2 },
        ]
      : id === Q.multiple
        ? [
            { id: OPT.c, option: 'Crack', order: 1 },
            { id: OPT.d, option: 'Porosity', order: 2 },
          ]
        : [];
  return {
    id,
    order: Object.values(Q).indexOf(id as (typeof Q)[keyof typeof Q]) + 1,
    questionType: type,
    content: `<p>Question ${id.slice(-1)}</p>`,
    marks: 1,
    canUploadAnswerPaper: false,
    options,
    isAnswered: false,
    isAttempted: false,
    isMarked: false,
    timeTaken: 0,
    numOfAttempts: 0,
    answerOptionGivenByUser: [],
    answerValueGivenByUser: '',
    lastSequence: 0,
    answerPaperCount: 0,
    ...overrides,
  };
}

export const EXAM_ID = '30000000-0000-4000-8000-000000000001';

export function timer(overrides: Partial<ExamTimer> = {}): ExamTimer {
  return {
    examInstanceId: EXAM_ID,
    examType: 'trial',
    totalTime: 1800,
    minimumTime: 600,
    extraTime: 0,
    remainingTime: 1800,
    isTimedOut: false,
    startedOn: '2026-03-02T00:00:00.000Z',
    deadline: '2026-03-02T00:30:00.000Z',
    canSubmitFrom: '2026-03-02T00:10:00.000Z',
    serverTime: Date.parse('2026-03-02T00:00:00.000Z'),
    ...overrides,
  };
}

export function exam(questions: CandidateQuestionInstance[] = Object.values(Q).map((id) => question(id)), overrides: Partial<CandidateExam> = {}): CandidateExam {
  return {
    id: EXAM_ID,
    examType: 'trial',
    status: 'InProgress',
    title: 'IWI practice exam',
    instruction: '<p>Answer every question.</p>',
    isSectionSplit: false,
    totalTestMarks: questions.length,
    numOfQuestions: questions.length,
    recordExam: false,
    programTitle: 'Welding Inspector',
    moduleCode: null,
    timer: timer(),
    sections: [{ id: 'default', title: 'Questions', order: -1, questions }],
    submittedOn: null,
    ...overrides,
  };
}

/** localStorage's behaviour in a Map, so tests can look inside and start a "new page" on the same data. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const refusal = (status: number, message: string) => Object.assign(new Error(message), { status });

/** The real server's body limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A server that applies updates by the same rule as the real one (a higher sequence wins), checks a
 * request against the shared contract (400) and the body limit (413), and records what it received.
 */
export function fakeServer(initial: CandidateQuestionInstance[], limits: { bodyBytes?: number } = {}) {
  const state = new Map(initial.map((q) => [q.id, { ...q }]));
  const received: QuestionInstanceUpdate[][] = [];
  let failWith: { status: number; message: string } | null = null;
  const send = async (updates: QuestionInstanceUpdate[]): Promise<UpdateInstancesResponse> => {
    received.push(updates.map((u) => ({ ...u })));
    if (failWith) throw refusal(failWith.status, failWith.message);
    const body = JSON.stringify({ examInstanceId: EXAM_ID, examType: 'trial', sessionId: 'session-of-this-tab', updates });
    if (new TextEncoder().encode(body).length > (limits.bodyBytes ?? BODY_LIMIT_BYTES)) throw refusal(413, 'Request body is too large');
    const parsed = UpdateInstancesRequest.safeParse(JSON.parse(body));
    if (!parsed.success) throw refusal(400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const results: UpdateInstancesResponse['results'] = updates.map((update) => {
      const current = state.get(update.questionInstanceId);
      if (!current) return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'invalid', isAnswered: null };
      if (update.sequence <= current.lastSequence) return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'stale', isAnswered: null, serverSequence: current.lastSequence };
      const next = {
        ...current,
        lastSequence: update.sequence,
        timeTaken: Math.max(current.timeTaken, update.timeTaken),
        numOfAttempts: Math.max(current.numOfAttempts, update.numOfAttempts),
        answerOptionGivenByUser: update.answerOptionGivenByUser ?? current.answerOptionGivenByUser,
        answerValueGivenByUser: update.answerValueGivenByUser ?? current.answerValueGivenByUser,
        isMarked: update.isMarked,
        isAttempted: current.isAttempted || update.isAttempted,
      };
      next.isAnswered = next.answerValueGivenByUser.trim() !== '' || next.answerOptionGivenByUser.length > 0;
      state.set(update.questionInstanceId, next);
      return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'applied', isAnswered: next.isAnswered };
    });
    return { results, timer: timer() };
  };
  return {
    state,
    received,
    send,
    questions: () => [...state.values()].map((q) => ({ ...q })),
    fail: (status: number, message = '') => {
      failWith = { status, message };
    },
    recover: () => {
      failWith = null;
    },
  };
}
