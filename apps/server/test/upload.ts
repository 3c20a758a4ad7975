import type { FastifyInstance } from 'fastify';
import { bearer } from './sign-in';

export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The whole upload flow through the app: presign, PUT the body to the URL, save. */
export async function uploadFile(app: FastifyInstance, jwt: string, file: { name: string; contentType: string; body: Buffer }) {
  const presigned = await app.inject({
    method: 'POST',
    url: '/api/attachment/presigned-upload',
    headers: bearer(jwt),
    payload: { fileName: file.name, contentType: file.contentType, size: file.body.length },
  });
  if (presigned.statusCode !== 200) return { presigned, saved: undefined };
  const { url, headers, resourceKey } = presigned.json();
  // The local storage's URLs are relative (the app itself); an S3 bucket's are absolute, at the S3 server.
  const target = new URL(url, 'http://localhost');
  const status = target.pathname.startsWith('/unauth/storage/upload/')
    ? (await app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, headers, payload: file.body })).statusCode
    : (await fetch(url, { method: 'PUT', headers, body: file.body })).status;
  if (status !== 200) throw new Error(`upload PUT failed: ${status}`);
  const saved = await app.inject({ method: 'POST', url: '/unauth/save/attachment', headers: bearer(jwt), payload: { resourceKey } });
  return { presigned, saved, resourceKey: resourceKey as string };
}
