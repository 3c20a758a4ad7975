import { EXAM_EVENT_LABELS } from '@certs/shared/exam-integrity/exam-event';
import { NO_EVENT_FACTS, reduceEvents, type EventFacts } from '@certs/shared/invigilation/console-state';
import { SNAPSHOT_KIND } from '@certs/shared/invigilation/event-wording';
import type { ConsoleCandidate, SittingEvent, SittingSummary } from '@certs/shared/invigilation/invigilation.contract';
import type { EngineRow, EventRow, SittingModuleRow } from './invigilation.repository';

const RECENT_EVENTS = 50;

export function sittingEventOf(row: EventRow): SittingEvent {
  return {
    id: row.id,
    applicationModuleId: row.applicationModuleId,
    examInstanceId: row.examInstanceId,
    kind: row.kind,
    label: (EXAM_EVENT_LABELS as Record<string, string>)[row.kind] ?? row.kind,
    source: row.source,
    detail: row.detail,
    occurredOn: row.occurredOn.toISOString(),
    actorName: row.actorName,
  };
}

/**
 * One sitting as a console sees it: the schedule's candidates, the facts folded from their events
 * and the engine's rows. The GET builds one and answers; a stream keeps one and folds each new
 * event into it, so a change costs one event read and one engine read.
 */
export class SittingView {
  private readonly facts = new Map<string, EventFacts>();
  private readonly engines = new Map<string, EngineRow>();
  private readonly moduleOfInstance = new Map<string, string>();
  private recent: SittingEvent[] = [];
  readonly moduleIds: readonly string[];

  constructor(
    readonly modules: readonly SittingModuleRow[],
    readonly summary: SittingSummary,
  ) {
    this.moduleIds = modules.map((module) => module.applicationModuleId);
  }

  includesModule(id: string | null): boolean {
    return !!id && this.moduleIds.includes(id);
  }

  includesInstance(id: string | null): boolean {
    return !!id && this.moduleOfInstance.has(id);
  }

  /** The module an event belongs to (events of a launched sitting may name only the sitting). */
  moduleOf(event: Pick<EventRow, 'applicationModuleId' | 'examInstanceId'>): string | null {
    if (this.includesModule(event.applicationModuleId)) return event.applicationModuleId;
    return event.examInstanceId ? (this.moduleOfInstance.get(event.examInstanceId) ?? null) : null;
  }

  setEngines(rows: readonly EngineRow[]): void {
    for (const row of rows) {
      this.engines.set(row.applicationModuleId, row);
      this.moduleOfInstance.set(row.examInstanceId, row.applicationModuleId);
    }
  }

  /** Folds events in (each once, whatever order they arrive in); returns the modules they changed. */
  applyEvents(rows: readonly EventRow[]): string[] {
    const byModule = new Map<string, EventRow[]>();
    for (const row of rows) {
      const moduleId = this.moduleOf(row);
      if (!moduleId) continue;
      byModule.set(moduleId, [...(byModule.get(moduleId) ?? []), row]);
      // A snapshot every 30 s per candidate would push every other event out of the latest (issue 45 item 12): the Camera column shows them.
      if (row.kind !== SNAPSHOT_KIND && !this.recent.some((event) => event.id === row.id)) this.recent.push(sittingEventOf({ ...row, applicationModuleId: moduleId }));
    }
    this.recent = this.recent.sort((a, b) => b.id - a.id).slice(0, RECENT_EVENTS);
    for (const [moduleId, events] of byModule) {
      this.facts.set(moduleId, reduceEvents(events.map((event) => ({ id: event.id, kind: event.kind, occurredOn: event.occurredOn.toISOString(), source: event.source })), this.facts.get(moduleId)));
    }
    return [...byModule.keys()];
  }

  candidate(moduleId: string): ConsoleCandidate | null {
    const module = this.modules.find((row) => row.applicationModuleId === moduleId);
    if (!module) return null;
    const engine = this.engines.get(moduleId);
    return {
      applicationModuleId: moduleId,
      examInstanceId: engine?.examInstanceId ?? null,
      applicantName: module.applicantName,
      applicationNumber: module.applicationNumber,
      applicationId: module.applicationId,
      status: engine?.status ?? 'notLaunched',
      answered: engine?.answered ?? 0,
      questions: engine?.questions ?? 0,
      deadline: engine ? engine.deadline.toISOString() : null,
      extraMinutes: engine ? Math.round(engine.extraSeconds / 60) : 0,
      lastSeenOn: engine?.lastSeenOn ? engine.lastSeenOn.toISOString() : null,
      ...(this.facts.get(moduleId) ?? NO_EVENT_FACTS),
    };
  }

  candidates(): ConsoleCandidate[] {
    return this.moduleIds.flatMap((id) => this.candidate(id) ?? []);
  }

  recentEvents(): SittingEvent[] {
    return this.recent;
  }
}
