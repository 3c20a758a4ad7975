import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES, shortenFileName, type Attachment } from '@certs/shared/attachment/attachment.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DocumentUpload } from './document-upload';

/** A stand-in for the browser's XMLHttpRequest that the test drives: progress, then the answer. */
class FakeUpload {
  static last: FakeUpload | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number, responseText = '{}') {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
}

const saved: Attachment = {
  id: '00000000-0000-4000-8000-0000000000a1',
  resourceKey: 'attachments/0b7c.pdf',
  name: 'Welding inspector certificate of competency.pdf',
  contentType: 'application/pdf',
  size: 2048,
  createdOn: '2026-03-01T00:00:00.000Z',
};

function serve(saveAnswer: () => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/attachment/presigned-upload') {
      return jsonResponse({
        url: '/unauth/storage/upload/attachments/0b7c.pdf?expires=1&signature=x',
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        resourceKey: 'attachments/0b7c.pdf',
        filePath: 'attachments/0b7c.pdf',
        expiresOn: '2026-03-01T00:15:00.000Z',
      });
    }
    if (call.url === '/unauth/save/attachment') return saveAnswer();
    if (call.url === '/api/attachment/mine') return jsonResponse([]);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
}

function pdf(name = saved.name) {
  return new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
}

describe('DocumentUpload', () => {
  beforeEach(() => {
    FakeUpload.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('PUTs the file to the presigned URL with its content type, shows the progress, then saves it', async () => {
    const { calls } = serve(() => jsonResponse(saved));
    const onUploaded = vi.fn();
    const { container } = renderWithProviders(<DocumentUpload onUploaded={onUploaded} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup().upload(input, pdf());

    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    const request = FakeUpload.last!;
    expect(request.method).toBe('PUT');
    expect(request.url).toContain('/unauth/storage/upload/attachments/0b7c.pdf');
    expect(request.headers['content-type']).toBe('application/pdf');
    expect(request.body).toBeInstanceOf(File);
    expect(calls[0]?.body).toEqual({ fileName: saved.name, contentType: 'application/pdf', size: 13 });

    act(() => request.progress(5, 10));
    const bar = await screen.findByRole('progressbar', { name: `Uploading ${saved.name}` });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();

    act(() => request.finish(200));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(saved));
    expect(calls.find((call) => call.url === '/unauth/save/attachment')?.body).toEqual({ resourceKey: 'attachments/0b7c.pdf' });
    expect(screen.getByRole('progressbar', { name: `Uploading ${saved.name}` })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    // The long name is shortened to 25 characters, the full name kept for hover.
    expect(screen.getByTestId('file-name')).toHaveTextContent(shortenFileName(saved.name));
    expect(screen.getByTestId('file-name').textContent).toHaveLength(25);
    expect(screen.getByTestId('file-name')).toHaveAttribute('title', saved.name);
  });

  it("shows the server's refusal when the bytes are not an allowed type", async () => {
    serve(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: ATTACHMENT_MESSAGES.contentMismatch }, 400));
    const onUploaded = vi.fn();
    const { container } = renderWithProviders(<DocumentUpload onUploaded={onUploaded} />);
    await userEvent.setup().upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdf('renamed.pdf'));
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    act(() => FakeUpload.last!.finish(200));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(ATTACHMENT_MESSAGES.contentMismatch);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file of another type before sending anything', async () => {
    const { calls } = serve(() => jsonResponse(saved));
    const { container } = renderWithProviders(<DocumentUpload />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    // The picker's accept list is only a hint; a dropped or forced file is checked again.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['#!/bin/sh'], 'script.sh', { type: 'application/x-sh' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(ATTACHMENT_MESSAGES.typeNotAllowed);
    expect(calls).toHaveLength(0);
    expect(FakeUpload.last).toBeNull();
  });

  it('shows a refused PUT (e.g. too large) with its message', async () => {
    serve(() => jsonResponse(saved));
    const { container } = renderWithProviders(<DocumentUpload />);
    await userEvent.setup().upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdf());
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    act(() => FakeUpload.last!.finish(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message: ATTACHMENT_MESSAGES.tooLarge(20 * 1024 * 1024) })));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('The file is larger than 20 MB');
  });
  it('says where the file could not be sent when the PUT gets no answer (a blocked or unreachable address)', async () => {
    serve(() => jsonResponse(saved));
    const { container } = renderWithProviders(<DocumentUpload />);
    await userEvent.setup().upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdf());
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    act(() => FakeUpload.last!.onerror?.());
    const error = await screen.findByTestId('upload-error');
    expect(error).toHaveTextContent(`The file could not be sent to ${window.location.host}: the connection failed or the browser blocked the address.`);
    expect(error).not.toHaveTextContent('Something went wrong');
  });
});
