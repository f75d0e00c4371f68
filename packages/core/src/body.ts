/**
 * Reading a request body while counting its bytes, with or without a declared length: the
 * one rule behind the companion server's and the sandbox's body limits. A chunked body is
 * stopped as soon as it passes `maxBytes`; nothing past the limit is kept.
 *
 * @example
 * const read = await readBodyLimited(request.body, 64 * 1024);
 * if (read.kind === 'too_large') return new Response(null, { status: 413 });
 */

export type LimitedBody =
  /** The whole body, at most `maxBytes`. */
  | { kind: 'complete'; bytes: Uint8Array<ArrayBuffer> }
  /**
   * Past the limit: reading stopped and the stream was released, not cancelled. On Node a
   * cancel destroys the socket before the answer is written, and a client still sending
   * would lose the 413 to the reset; released, the runtime drains and closes in its own time.
   */
  | { kind: 'too_large' }
  /** The stream failed before its end: the client went away or was too slow. */
  | { kind: 'incomplete'; error: unknown };

export async function readBodyLimited(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<LimitedBody> {
  if (!stream) return { kind: 'complete', bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (error) {
      return { kind: 'incomplete', error };
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return { kind: 'too_large' };
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'complete', bytes };
}
