import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MESSAGES,
  Attachment,
  AttachmentIdParams,
  DownloadUrlResponse,
  PresignUploadRequest,
  PresignUploadResponse,
  ProfilePhoto,
  ProfilePhotoRequest,
  SaveAttachmentRequest,
} from '@certs/shared/attachment/attachment.contract';
import { createReadStream } from 'node:fs';
import { AppError } from '../../platform/app-error';
import { currentUserOf, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { LocalStorage } from '../../platform/storage/local-storage';
import type { AttachmentService } from './attachment.service';

const doc = { tags: ['files'], security: [{ bearer: [] }] };

/** Files (spec section 7, file storage) for the signed-in user; registered in the authenticated scope. */
export function registerAttachmentRoutes(api: FastifyInstance, service: AttachmentService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/attachment/presigned-upload',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'A presigned URL to PUT a file to', body: PresignUploadRequest, response: { 200: PresignUploadResponse } } },
    async (request) => service.presignUpload(currentUserOf(request), request.body),
  );
  r.get(
    '/api/attachment/mine',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "The signed-in user's files", response: { 200: z.array(Attachment) } } },
    async (request) => service.listMine(currentUserOf(request)),
  );
  r.delete(
    '/api/attachment/mine/:id',
    {
      onRequest: requireApplicant(),
      schema: { ...doc, summary: 'Remove a file of mine that no submitted application, exam or record uses', params: AttachmentIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.removeMine(currentUserOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/api/attachment/profilephoto',
    { onRequest: requireApplicant(), schema: { ...doc, summary: "The applicant's profile photograph (printed on a welder qualification certificate)", response: { 200: ProfilePhoto } } },
    async (request) => service.profilePhoto(currentUserOf(request)),
  );
  r.post(
    '/api/attachment/profilephoto',
    { onRequest: requireApplicant(), schema: { ...doc, summary: 'Make one of my saved JPEG or PNG files my profile photograph, or take it off (null)', body: ProfilePhotoRequest, response: { 200: ProfilePhoto } } },
    async (request) => service.setProfilePhoto(currentUserOf(request), request.body.attachmentId),
  );
  r.get(
    '/api/attachment/presigned-download/*',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'A short-lived URL that shows a file (its owner or staff)', response: { 200: DownloadUrlResponse } } },
    async (request) => service.downloadUrl(currentUserOf(request), (request.params as { '*': string })['*']),
  );
}

/**
 * `unauth/save/attachment` keeps the spec's path, but still needs the uploader's token: the file is
 * bound to whoever asked for the upload URL. Registered in a scope that authenticates it.
 */
export function registerSaveAttachmentRoute(scope: FastifyInstance, service: AttachmentService): void {
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/unauth/save/attachment',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'Save an uploaded file: checks its size and type from its bytes', body: SaveAttachmentRequest, response: { 200: Attachment } } },
    async (request) => service.save(currentUserOf(request), request.body.resourceKey),
  );
}

/**
 * Images in question content (spec section 2: files open for viewing through an unauthenticated
 * path): a saved image uploaded by staff, and nothing else. Registered outside the authenticated scope.
 */
export function registerQuestionImageRoute(app: FastifyInstance, service: AttachmentService, localStorage?: LocalStorage): void {
  app.get('/unauth/questionimage/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const image = await service.questionImage(key);
    if (image.redirectUrl) return reply.redirect(image.redirectUrl, 302);
    if (!localStorage) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=86400').send(createReadStream(localStorage.pathOf(key)));
  });
}
