import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { RecordingManifest } from '@certs/shared/exam-integrity/exam-recording.contract';
import { INVIGILATION_MESSAGES, type ChunkLink, type DecisionRequest, type FlagRequest, type SittingReview } from '@certs/shared/invigilation/invigilation.contract';
import { SNAPSHOT_KIND } from '@certs/shared/invigilation/event-wording';
import { retentionDueOn } from '@certs/shared/invigilation/retention';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import type { ProgramService } from '../program/program.service';
import { canReviewSitting } from './invigilation.policy';
import type { InvigilationRepository } from './invigilation.repository';
import { reportOf, snapshotKeyOf } from './invigilation.service';
import type { ReviewedSittingRow, SittingReviewRepository } from './sitting-review.repository';
import { sittingEventOf } from './sitting-view';

/** Chunk and snapshot links: long enough to watch a segment or scroll the snapshot strip. */
const CHUNK_LINK_SECONDS = 15 * 60;

export interface SittingReviewDeps {
  programs: Pick<ProgramService, 'programPrivilege'>;
  storage: Storage;
  /** The recording side's manifest of a sitting (its service; the caller has checked the reader). */
  manifestOf: (examInstanceId: string) => Promise<RecordingManifest>;
  retentionDays: number;
  now?: () => Date;
}

/**
 * The examiner's review of a sitting (issue 19, decision 029): the recording's segments and gaps,
 * every event as a mark, flags with notes, and a decision a person records (no concern, or a
 * concern referred); nothing here changes a result. Also the hold that keeps a recording past its
 * retention date.
 */
export class SittingReviewService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: SittingReviewRepository,
    private readonly invigilation: InvigilationRepository,
    private readonly deps: SittingReviewDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  async review(actor: CurrentUser, examInstanceId: string): Promise<SittingReview> {
    const sitting = await this.reviewable(actor, examInstanceId);
    const [events, flags, decision, reports, hold, manifest] = await Promise.all([
      this.invigilation.findEvents([sitting.applicationModuleId]),
      this.repository.findFlags(examInstanceId),
      this.repository.findDecision(examInstanceId),
      this.invigilation.findReports({ examInstanceId }),
      this.repository.findHold(examInstanceId),
      this.deps.manifestOf(examInstanceId),
    ]);
    const isDeleted = events.some((event) => event.kind === 'recordingDeleted');
    const snapshotRows = events.filter((event) => event.kind === SNAPSHOT_KIND).sort((a, b) => a.occurredOn.getTime() - b.occurredOn.getTime());
    return {
      examInstanceId,
      applicationModuleId: sitting.applicationModuleId,
      applicationId: sitting.applicationId,
      applicationNumber: sitting.applicationNumber,
      applicantName: sitting.applicantName,
      moduleCode: sitting.moduleCode,
      moduleTitle: sitting.moduleTitle,
      startedOn: sitting.startedOn.toISOString(),
      endedOn: sitting.submittedOn?.toISOString() ?? null,
      status: sitting.status,
      events: events.filter((event) => event.kind !== SNAPSHOT_KIND).map(sittingEventOf),
      snapshots: await Promise.all(
        snapshotRows.map(async (event) => {
          const key = isDeleted ? null : snapshotKeyOf(event.detail);
          const url = key ? await this.deps.storage.presignDownload(key, { fileName: 'snapshot.jpg', contentType: 'image/jpeg', expiresSeconds: CHUNK_LINK_SECONDS }) : null;
          return { id: event.id, takenOn: event.occurredOn.toISOString(), url };
        }),
      ),
      flags: flags.map((flag) => ({ ...flag, atOn: flag.atOn.toISOString(), createdOn: flag.createdOn.toISOString() })),
      decision: decision ? { ...decision, decidedOn: decision.decidedOn.toISOString() } : null,
      reports: reports.map(reportOf),
      hold: hold ? { ...hold, heldOn: hold.heldOn.toISOString() } : null,
      retentionDueOn: retentionDueOn({ ...sitting, retentionDays: this.deps.retentionDays }),
      recording: {
        status: isDeleted ? 'deleted' : manifest.recording ? 'available' : 'none',
        manifest: isDeleted || !manifest.recording ? null : manifest,
      },
    };
  }

  /** A short-lived link to one stored chunk of the sitting's recording (never the bytes through this server on S3). */
  async chunkLink(actor: CurrentUser, examInstanceId: string, stream: string, segment: number, sequence: number): Promise<ChunkLink> {
    await this.reviewable(actor, examInstanceId);
    const chunk = await this.repository.findChunkKey(examInstanceId, stream, segment, sequence);
    if (!chunk) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.noRecording);
    const contentType = chunk.mimeType.split(';')[0] || 'video/webm';
    const url = await this.deps.storage.presignDownload(chunk.storageKey, { fileName: `${stream}-${segment}-${sequence}.webm`, contentType, expiresSeconds: CHUNK_LINK_SECONDS });
    return { url, contentType: chunk.mimeType };
  }

  async flag(actor: CurrentUser, examInstanceId: string, input: FlagRequest): Promise<SittingReview> {
    await this.reviewable(actor, examInstanceId);
    await this.repository.insertFlag(examInstanceId, new Date(input.atOn), input.note.trim(), actor.id);
    return this.review(actor, examInstanceId);
  }

  async decide(actor: CurrentUser, examInstanceId: string, input: DecisionRequest): Promise<SittingReview> {
    await this.reviewable(actor, examInstanceId);
    await this.repository.saveDecision(this.repository.db, examInstanceId, input.decision, (input.note ?? '').trim(), actor.id, this.now());
    return this.review(actor, examInstanceId);
  }

  /** Keeps the sitting's recording past its retention date, with a reason (recorded as an event). */
  async hold(actor: CurrentUser, examInstanceId: string, reason: string): Promise<SittingReview> {
    const sitting = await this.reviewable(actor, examInstanceId);
    const now = this.now();
    await this.repository.transaction(async (tx) => {
      await this.repository.saveHold(tx, examInstanceId, reason.trim(), actor.id, now);
      await this.invigilation.insertEvent(tx, {
        examInstanceId,
        applicationModuleId: sitting.applicationModuleId,
        applicantId: sitting.applicantId,
        kind: 'recordingHeld',
        source: 'invigilator',
        detail: { reason: reason.trim() },
        occurredOn: now,
        actorUserId: actor.id,
      });
    });
    return this.review(actor, examInstanceId);
  }

  /** Releases a hold: the recording goes at its retention date again (the release is recorded too). */
  async release(actor: CurrentUser, examInstanceId: string, reason: string): Promise<SittingReview> {
    const sitting = await this.reviewable(actor, examInstanceId);
    const now = this.now();
    await this.repository.transaction(async (tx) => {
      if (!(await this.repository.deleteHold(tx, examInstanceId))) return;
      await this.invigilation.insertEvent(tx, {
        examInstanceId,
        applicationModuleId: sitting.applicationModuleId,
        applicantId: sitting.applicantId,
        kind: 'recordingHeld',
        source: 'invigilator',
        detail: { released: true, reason: reason.trim() },
        occurredOn: now,
        actorUserId: actor.id,
      });
    });
    return this.review(actor, examInstanceId);
  }

  private async reviewable(actor: CurrentUser, examInstanceId: string): Promise<ReviewedSittingRow> {
    const sitting = await this.repository.findSitting(examInstanceId);
    if (!sitting) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const standing = actor.userType === 'admin' ? await this.deps.programs.programPrivilege(actor, sitting.programId) : null;
    if (!canReviewSitting(actor, sitting, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return sitting;
  }
}
