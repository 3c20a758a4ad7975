import type { FastifyReply, FastifyRequest } from 'fastify';
import { SNAPSHOT_KIND } from '@certs/shared/invigilation/event-wording';
import type { ConsoleStreamMessage } from '@certs/shared/invigilation/invigilation.contract';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { InvigilationRepository } from './invigilation.repository';
import { consoleOf, type InvigilationService } from './invigilation.service';
import type { SittingEventHub } from './sitting-event-hub';
import { sittingEventOf, type SittingView } from './sitting-view';

export interface ConsoleStreamOptions {
  /** How often progress and check-ins (which raise no event) are read again. */
  refreshMs: number;
  /**
   * The stream ends after this long and the browser opens it again with its current token, so a
   * session ended meanwhile (logout, deactivation) stops the stream too.
   */
  lifetimeMs: number;
  now?: () => Date;
}

export const CONSOLE_STREAM_DEFAULTS: ConsoleStreamOptions = { refreshMs: 3_000, lifetimeMs: 5 * 60_000 };

/**
 * The console as Server-Sent Events (decision 029): after the caller is authorised on the sitting,
 * the whole picture, then each event of its candidates as the hub hears it (with that candidate's
 * row read again), and every few seconds the progress and check-ins that raise no event. Work for
 * one stream runs one step at a time, in order.
 */
export async function streamConsole(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { service: InvigilationService; repository: InvigilationRepository; hub: SittingEventHub; actor: CurrentUser; sittingId: string; options: ConsoleStreamOptions },
): Promise<void> {
  const { service, repository, hub, options } = deps;
  const now = options.now ?? (() => new Date());
  // Authorised before anything is sent: a refusal is an ordinary 403/404 answer.
  const { modules, role } = await service.authorizedSitting(deps.actor, deps.sittingId);
  let view: SittingView = await service.loadView(modules, role);

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let isOpen = true;
  const send = (message: ConsoleStreamMessage) => {
    if (isOpen) raw.write(`event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
  };
  send({ type: 'console', console: consoleOf(view, now()) });

  let chain: Promise<void> = Promise.resolve();
  const step = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => request.log.warn({ err: error }, 'invigilation console stream step failed'));
  };
  const unsubscribe = hub.subscribe({
    end: () => close(),
    wants: (notice) => view.includesModule(notice.applicationModuleId) || view.includesInstance(notice.examInstanceId),
    onEvent: (notice) =>
      step(async () => {
        const event = await repository.findEvent(notice.id);
        if (!event) return;
        const moduleId = view.moduleOf(event);
        if (!moduleId) return;
        view.setEngines(await repository.findEngineRows([moduleId]));
        view.applyEvents([event]);
        // A snapshot changes the candidate's row (its picture), not the console's list of events.
        if (event.kind !== SNAPSHOT_KIND) send({ type: 'event', event: sittingEventOf({ ...event, applicationModuleId: moduleId }) });
        const candidate = view.candidate(moduleId);
        if (candidate) send({ type: 'candidates', candidates: [candidate], serverTime: now().getTime() });
      }),
    onResync: () =>
      step(async () => {
        view = await service.loadView(modules, role);
        send({ type: 'console', console: consoleOf(view, now()) });
      }),
  });
  const refresh = setInterval(
    () =>
      step(async () => {
        view.setEngines(await repository.findEngineRows(view.moduleIds));
        send({ type: 'candidates', candidates: view.candidates(), serverTime: now().getTime() });
      }),
    options.refreshMs,
  );
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    clearInterval(refresh);
    clearTimeout(lifetime);
    unsubscribe();
    raw.end();
  };
  const lifetime = setTimeout(close, options.lifetimeMs);
  request.raw.on('close', close);
  raw.on('close', close);
}
