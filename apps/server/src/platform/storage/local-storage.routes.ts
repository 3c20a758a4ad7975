import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_MESSAGES } from '@certs/shared/attachment/attachment.contract';
import { AppError } from '../app-error';
import type { LocalStorage } from './local-storage';

const LINK_INVALID = 'This link has expired or is not valid';

/**
 * Folders known to exist, so that a recording's chunks (two every 30 s per candidate, in one folder)
 * do not ask the disk again; forgotten on any failed write, so a folder removed since is made again
 * on the client's retry. Bounded: cleared when full.
 */
const madeFolders = new Set<string>();
const MADE_FOLDERS_MAX = 10_000;

async function ensureFolder(folder: string): Promise<void> {
  if (madeFolders.has(folder)) return;
  await mkdir(folder, { recursive: true });
  if (madeFolders.size >= MADE_FOLDERS_MAX) madeFolders.clear();
  madeFolders.add(folder);
}

/**
 * The two URLs the local storage hands out: PUT of a file body (the upload), and GET of a file
 * (the unauthenticated open-file path of the spec, which still needs a valid signature).
 */
export async function registerLocalStorageRoutes(app: FastifyInstance, storage: LocalStorage, maxBytes: number): Promise<void> {
  await app.register(async (scope) => {
    // Uploads arrive as raw bytes of any type: the stream goes to disk untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put('/unauth/storage/upload/*', { bodyLimit: maxBytes + 1, schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query as { expires?: string; signature?: string };
      const contentType = String(request.headers['content-type'] ?? '');
      if (!storage.signer.isValid(['PUT', key, contentType, String(expires)], signature, Number(expires))) {
        throw new AppError('FORBIDDEN', LINK_INVALID);
      }
      const target = storage.pathOf(key);
      const folder = path.dirname(target);
      await ensureFolder(folder);
      const partial = `${target}.part`;
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(received > maxBytes ? new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.tooLarge(maxBytes)) : null, chunk);
        },
      });
      try {
        await pipeline(request.body as NodeJS.ReadableStream, limit, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        madeFolders.delete(folder);
        await rm(partial, { force: true });
        throw error;
      }
      return reply.status(200).send({ resourceKey: key, size: received });
    });
  });

  app.get('/unauth/openfile/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { expires, signature, type = '', name = 'file' } = request.query as Record<string, string | undefined>;
    if (!storage.signer.isValid(['GET', key, type, name, String(expires)], signature, Number(expires))) throw new AppError('FORBIDDEN', LINK_INVALID);
    if ((await storage.sizeOf(key)) === null) throw new AppError('NOT_FOUND', 'File not found');
    return reply
      .header('content-type', type)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, max-age=300')
      .send(createReadStream(storage.pathOf(key)));
  });
}
