import Uppy, { type Body, type Meta } from '@uppy/core';

import { listenToUppy, type UppyEventHandlers } from '@/components/file-picker/uppy-events';

function pickerWith(handlers: Partial<UppyEventHandlers<{ id: string }>> = {}) {
  const uppy = new Uppy<Meta, Body>();
  const calls = { onChange: jest.fn(), onProblem: jest.fn(), ...handlers };
  listenToUppy(uppy, () => calls);
  const id = uppy.addFile({
    name: 'diploma.pdf',
    type: 'application/pdf',
    data: new File(['%PDF'], 'diploma.pdf'),
  });
  return { uppy, calls, file: uppy.getFile(id) };
}

describe('listenToUppy', () => {
  it('reports the picked file, then the endpoint’s answer', () => {
    const { uppy, calls, file } = pickerWith();
    expect(calls.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'diploma.pdf', source: 'local', status: 'uploading' }),
    );

    uppy.emit('upload-success', file, { status: 201, body: { id: 'up-1' } });
    expect(calls.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'done', progress: 1, answer: { id: 'up-1' } }),
    );
  });

  it('passes a 401 on and words a refused upload with the caller’s reading of the body', () => {
    const onUnauthorized = jest.fn();
    const describeError = jest.fn(() => 'Sign in again');
    const { uppy, calls, file } = pickerWith({ onUnauthorized, describeError });

    uppy.emit('upload-error', file, new Error('Upload failed'), {
      status: 401,
      responseText: '{"error":{"message":"Expired"}}',
    } as never);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(describeError).toHaveBeenCalledWith(401, { error: { message: 'Expired' } });
    expect(calls.onProblem).toHaveBeenLastCalledWith('Sign in again');
    expect(calls.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'failed', error: 'Sign in again' }),
    );
  });
});
