import { ServerTimeResponse } from '@certs/shared/exam/exam.contract';
import { apiRequest } from '../../../lib/api-client';
import { ServerClock } from '../model/exam-clock';

/** `launchexam/servertime`: the server's clock in epoch ms (no token needed). */
export async function fetchServerTime(): Promise<number> {
  const { serverTime } = await apiRequest('/api/launchexam/servertime', { schema: ServerTimeResponse });
  return serverTime;
}

/** One clock for the whole tab: the Examinations list and the exam screen share its polls. */
export const serverClock = new ServerClock({ fetchServerTime });
