import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { Attachment, PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import { EXAM_MESSAGES, type AnswerPaperPage, type AnswerPaperQrResponse } from '@certs/shared/exam/exam.contract';
import { ROLES } from '@certs/shared/auth/roles';
import type { ExamType } from '@certs/shared/program/program-type';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ExamContent } from './exam-content';
import type { ExamRepositories } from './exam-repositories';
import type { InstanceRow } from './exam.repository';
import type { ExamService } from './exam.service';

/** Photos and scans only: what a phone's camera or scanner gives. */
const ANSWER_PAPER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf']);

interface TokenClaims {
  /** Exam instance, question instance, expiry (epoch seconds: the deadline when the code was made). */
  e: string;
  q: string;
  x: number;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Answer papers (issue 7): a QR code on the exam screen opens, on a phone without signing in, a
 * page that uploads photos for ONE question instance. The link is an HMAC-signed token naming the
 * sitting and the question and expiring at the deadline; every use also checks that the sitting is
 * still open and the question still allows answer papers. Files go through the attachment flow,
 * owned by the candidate.
 */
export class AnswerPaperService {
  private readonly key: Buffer;
  private readonly now: () => Date;

  constructor(
    private readonly repositories: Pick<ExamRepositories, 'sittings' | 'questions'>,
    private readonly content: ExamContent,
    private readonly exams: ExamService,
    private readonly attachments: AttachmentService,
    private readonly options: { secret: string; publicUrl: string; graceSeconds: number; now?: () => Date },
  ) {
    // A key of its own, so an answer-paper token can never pass for any other signed value.
    this.key = createHash('sha256').update(`answer-paper:${options.secret}`).digest();
    this.now = options.now ?? (() => new Date());
  }

  async qrCode(actor: CurrentUser, examType: ExamType, examInstanceId: string, questionInstanceId: string): Promise<AnswerPaperQrResponse> {
    const instance = await this.exams.ownInstance(actor, examType, examInstanceId);
    await this.assertOpenQuestion(instance, questionInstanceId);
    const token = this.sign({ e: instance.id, q: questionInstanceId, x: Math.floor(instance.deadline.getTime() / 1000) });
    const url = `${this.options.publicUrl}/answer-paper/${token}`;
    const dataUrl = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
    return { dataUrl, url, expiresOn: instance.deadline.toISOString() };
  }

  /** `unauth/dependent_data/uploadanswerpaper`: what the phone page shows. */
  async page(token: string): Promise<AnswerPaperPage> {
    const { instance, claims, order, text } = await this.use(token);
    const papers = await this.repositories.questions.findAnswerPapers(instance.id, claims.q);
    const header = await this.repositories.sittings.findHeader(instance.id);
    return {
      examTitle: header?.title ?? '',
      questionOrder: order,
      questionText: text,
      expiresOn: instance.deadline.toISOString(),
      pages: papers.map((paper) => ({ attachmentId: paper.attachmentId, name: paper.name, createdOn: paper.createdOn.toISOString() })),
    };
  }

  /** An upload URL for a photo of this question's answer, bound to the candidate. */
  async presign(token: string, file: { fileName: string; contentType: string; size: number }): Promise<PresignUploadResponse> {
    const { instance } = await this.use(token);
    if (!ANSWER_PAPER_TYPES.has(file.contentType)) throw new AppError('BAD_REQUEST', 'Only photos (PNG, JPEG, WebP, GIF) and PDF scans can be uploaded', { contentType: 'Only photos and PDF scans' });
    return this.attachments.presignUpload(await this.candidateOf(instance), file);
  }

  /** `unauth/update/answerpaper`: saves the uploaded file and attaches it to this question instance only. */
  async attach(token: string, resourceKey: string): Promise<AnswerPaperPage> {
    const { instance, claims } = await this.use(token);
    const candidate = await this.candidateOf(instance);
    const saved: Attachment = await this.attachments.save(candidate, resourceKey);
    if (!ANSWER_PAPER_TYPES.has(saved.contentType)) throw new AppError('BAD_REQUEST', 'Only photos (PNG, JPEG, WebP, GIF) and PDF scans can be uploaded');
    await this.repositories.questions.addAnswerPaper(claims.q, saved.id, candidate.id);
    return this.page(token);
  }

  private sign(claims: TokenClaims): string {
    const body = b64(JSON.stringify(claims));
    return `${body}.${b64(createHmac('sha256', this.key).update(body).digest())}`;
  }

  private verify(token: string): TokenClaims {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) throw new AppError('NOT_FOUND', EXAM_MESSAGES.answerPaperLinkInvalid);
    const expected = createHmac('sha256', this.key).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('NOT_FOUND', EXAM_MESSAGES.answerPaperLinkInvalid);
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
      if (typeof claims.e !== 'string' || typeof claims.q !== 'string' || typeof claims.x !== 'number') throw new Error('shape');
      return claims;
    } catch {
      throw new AppError('NOT_FOUND', EXAM_MESSAGES.answerPaperLinkInvalid);
    }
  }

  /** A valid, unexpired token whose sitting is still open and whose question takes answer papers. */
  private async use(token: string) {
    const claims = this.verify(token);
    const now = this.now().getTime();
    // The link ends with the exam: the sitting's deadline now, which extra time granted after the
    // code was made may have moved past the one signed into it (claims.x).
    const instance = await this.repositories.sittings.findInstance(claims.e);
    if (!instance) throw new AppError('NOT_FOUND', EXAM_MESSAGES.answerPaperLinkInvalid);
    if (instance.status !== 'InProgress' || instance.deadline.getTime() + this.options.graceSeconds * 1000 < now) throw new AppError('CONFLICT', EXAM_MESSAGES.answerPaperLinkExpired);
    const { order, text } = await this.assertOpenQuestion(instance, claims.q);
    return { instance, claims, order, text };
  }

  private async assertOpenQuestion(instance: InstanceRow, questionInstanceId: string): Promise<{ order: number; text: string }> {
    if (instance.status !== 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.answerPaperLinkExpired);
    const states = await this.repositories.questions.findQuestionStates(instance.id);
    const state = states.find((row) => row.id === questionInstanceId);
    if (!state) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notInExam);
    const version = (await this.content.get([state.questionVersionId])).get(state.questionVersionId);
    if (!version?.canUploadAnswerPaper) throw new AppError('CONFLICT', EXAM_MESSAGES.answerPaperNotAllowed);
    const text = version.content.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return { order: state.sortOrder, text };
  }

  /** The candidate as the attachment flow knows users: files are theirs, as if they uploaded them signed in. */
  private async candidateOf(instance: InstanceRow): Promise<CurrentUser> {
    const user = await this.repositories.questions.findApplicantUser(instance.applicantId);
    if (!user) throw new AppError('NOT_FOUND', EXAM_MESSAGES.answerPaperLinkInvalid);
    return { id: user.userId, email: user.email, role: ROLES.Applicant, userType: 'applicant', menuItems: [], applicantId: instance.applicantId, accountId: null, companyId: null };
  }
}
