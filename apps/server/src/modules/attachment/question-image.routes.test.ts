import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSubject, createTag } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';

// A 1x1 transparent PNG.
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let staffJwt: string;
let applicantJwt: string;
let subjectId: string;
let tagId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  staffJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  subjectId = (await createSubject(db, 'Joint design')).id;
  tagId = (await createTag(db, 'Drawings')).id;
});
afterAll(async () => {
  await t.close();
});

const question = (content: string) => ({
  content,
  questionType: 'Descriptive',
  difficulty: 'Medium',
  subjects: [subjectId],
  tags: [tagId],
  options: [],
});

describe('images in question content', () => {
  it('serves a saved image uploaded by staff without signing in, and nothing else', async () => {
    const { resourceKey } = await uploadFile(t.app, staffJwt, { name: 'fillet weld.png', contentType: 'image/png', body: PNG_BYTES });
    const image = await t.app.inject({ method: 'GET', url: `/unauth/questionimage/${resourceKey}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);

    const pdf = await uploadFile(t.app, staffJwt, { name: 'procedure.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const applicantImage = await uploadFile(t.app, applicantJwt, { name: 'me.png', contentType: 'image/png', body: PNG_BYTES });
    expect(applicantImage.saved?.statusCode).toBe(200);
    const pending = (await t.app.inject({ method: 'POST', url: '/api/attachment/presigned-upload', headers: bearer(staffJwt), payload: { fileName: 'x.png', contentType: 'image/png', size: 10 } })).json();
    for (const key of [pdf.resourceKey, applicantImage.resourceKey, pending.resourceKey, 'attachments/00000000-0000-0000-0000-000000000000.png', '../../etc/passwd']) {
      expect((await t.app.inject({ method: 'GET', url: `/unauth/questionimage/${key}` })).statusCode, key).toBe(404);
    }
  });

  it('keeps an image of the question-image path in saved content and drops any other', async () => {
    const { resourceKey } = await uploadFile(t.app, staffJwt, { name: 'butt joint.png', contentType: 'image/png', body: PNG_BYTES });
    const img = `<img src="/unauth/questionimage/${resourceKey}" alt="Butt joint" />`;
    const kept = await t.app.inject({ method: 'POST', url: '/api/question', headers: bearer(staffJwt), payload: question(`<p>Describe this joint.</p>${img}`) });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().content).toBe(`<p>Describe this joint.</p>${img}`);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/question',
      headers: bearer(staffJwt),
      payload: question('<p>Describe this joint.</p><img src="https://evil.example/x.png" alt="x" /><img src="/unauth/questionimage/x.png" onerror="alert(1)" />'),
    });
    expect(foreign.statusCode).toBe(201);
    expect(foreign.json().content).toBe('<p>Describe this joint.</p>');
  });
});
