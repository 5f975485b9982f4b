// Reads a text/event-stream answer as it arrives. EventSource cannot send the bearer the API needs, so the stream
// comes through the base query as a fetch whose body is read here.

export interface ServerSentEvent {
  /** 'message' when the server names none. */
  type: string;
  data: string;
}

/** Splits one event block into its type and data; comments (': alive') and unknown fields are skipped. */
function parseEvent(block: string): ServerSentEvent | null {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { type, data: data.join('\n') } : null;
}

/** Calls `onEvent` for each event until the server ends the stream; resolves with how many there were. */
export async function readServerSentEvents(
  response: Response,
  onEvent: (event: ServerSentEvent) => void,
): Promise<number> {
  if (!response.body) return 0;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let count = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return count;
    buffered += decoder.decode(value, { stream: true });
    const blocks = buffered.split(/\r?\n\r?\n/);
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = parseEvent(block);
      if (!event) continue;
      count += 1;
      onEvent(event);
    }
  }
}
