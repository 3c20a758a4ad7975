import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render-with-providers';
import { RichTextField } from './rich-text-field';

const IMAGE_SRC = '/unauth/questionimage/attachments/0b5c7f3e-8a7d-4c1e-9f2a-3d4e5f6a7b8c.png';

function Field({ onInsertImage, onChange }: { onInsertImage?: (file: File) => Promise<string>; onChange?: (html: string) => void }) {
  const [value, setValue] = useState('<p>Name the joint.</p>');
  return (
    <RichTextField
      label="Content"
      value={value}
      testId="content-editor"
      onInsertImage={onInsertImage}
      onChange={(html) => {
        setValue(html);
        onChange?.(html);
      }}
    />
  );
}

// jsdom lays nothing out; the editor scrolls the inserted image into view with these.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  document.elementFromPoint ??= () => null;
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fillet weld.png', { type: 'image/png' });

describe('RichTextField images', () => {
  it('offers no Insert image control without an uploader', async () => {
    renderWithProviders(<Field />);
    await screen.findByRole('toolbar', { name: 'Content formatting' });
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull();
  });

  it('uploads the chosen file and inserts the image it returns', async () => {
    const user = userEvent.setup();
    const onInsertImage = vi.fn().mockResolvedValue(IMAGE_SRC);
    const onChange = vi.fn();
    renderWithProviders(<Field onInsertImage={onInsertImage} onChange={onChange} />);
    const button = await screen.findByRole('button', { name: 'Insert image' });
    const input = screen.getByTestId('content-editor-image-input') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    const opened = vi.spyOn(input, 'click');
    await user.click(button);
    expect(opened).toHaveBeenCalled();
    const file = png();
    await user.upload(input, file);
    expect(onInsertImage).toHaveBeenCalledWith(file);
    await waitFor(() => expect(screen.getByTestId('content-editor').querySelector(`img[src="${IMAGE_SRC}"]`)).not.toBeNull());
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining(`<img src="${IMAGE_SRC}" alt="fillet weld">`));
  });

  it('says why an image could not be inserted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field onInsertImage={() => Promise.reject(new ApiError(400, 'The file is larger than 64 KB'))} />);
    await screen.findByRole('button', { name: 'Insert image' });
    await user.upload(screen.getByTestId('content-editor-image-input'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 64 KB');
    expect(screen.getByTestId('content-editor').querySelector('img')).toBeNull();
  });
});

function CheckedField() {
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <RichTextField label="Instructions" value="" required error={error} onChange={() => undefined} />
      <button type="button" onClick={() => setError('Instructions are required')}>
        Check
      </button>
    </>
  );
}

describe('RichTextField as a labelled field', () => {
  it('names the editable area by its label and follows a message shown later', async () => {
    renderWithProviders(<CheckedField />);
    const box = await screen.findByRole('textbox', { name: 'Instructions' });
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(box).toHaveAttribute('aria-required', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveAccessibleDescription('Instructions are required');
  });
});
