import vm from 'node:vm';

import { readServerSentEvents, type ServerSentEvent } from '../api/server-sent-events';

const NodeReadableStream = vm.runInThisContext('ReadableStream') as typeof ReadableStream;

/** A response whose body arrives in exactly these pieces. */
function streamed(...pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new NodeReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body);
}

describe('readServerSentEvents', () => {
  it('reads events split anywhere, skipping comments, with either line ending', async () => {
    const events: ServerSentEvent[] = [];
    const count = await readServerSentEvents(
      streamed(
        ': alive\n\nevent: progress\nid: 1\nda',
        'ta: {"processed":1}\n\n',
        'event: progress\r\ndata: first line\r\ndata:second line\r\n\r\n',
        'data: unnamed\n\n: alive\n\n',
      ),
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { type: 'progress', data: '{"processed":1}' },
      { type: 'progress', data: 'first line\nsecond line' },
      { type: 'message', data: 'unnamed' },
    ]);
    expect(count).toBe(3);
  });

  it('counts nothing in a body that is not a stream of events', async () => {
    expect(await readServerSentEvents(streamed('<!doctype html><p>Hello</p>'), jest.fn())).toBe(0);
  });
});
