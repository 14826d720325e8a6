import { write, writeSync } from 'node:fs';

/**
 * Writes chunks of log lines to a file descriptor asynchronously and in order, from buffers it
 * hands back to be filled again. sonic-boom, which wrote them before, copies every buffer it is
 * given before its asynchronous fs.write (on Node >= 22.7) and holds the copy until the write is
 * done, across young-generation collections: under a busy load those copies (a 64 KiB
 * ArrayBuffer every ~300 request lines) were most of what the old generation grew by, so what
 * started its mark-compacts (bench/README.md, issue 46). Here a chunk is written from the buffer
 * it was filled in, and that buffer is filled again once written: under a load that the output
 * keeps up with, three buffers take turns and nothing is allocated. A slow output makes the queue
 * grow with new buffers, as sonic-boom's did; no line is dropped unless the output fails.
 */
export interface ChunkWriter {
  /** Queues `bytes[0, length)` for writing; the caller leaves `bytes` alone from then on. */
  write(bytes: Buffer, length: number): void;
  /** A buffer of `chunkBytes` to fill: one whose chunk was written, or a new one. */
  fresh(): Buffer;
  /** Calls `done` once everything queued is written, or the output failed. */
  whenWritten(done: () => void): void;
  /** Writes what is queued synchronously (before process.exit), giving up on a failing output. */
  flushSync(): void;
}

/** How long an output that answered EAGAIN (a full non-blocking pipe) is given before a retry. */
const BUSY_RETRY_MS = 100;
/** A synchronous flush waits this long for a full pipe, at most SYNC_RETRIES times, then gives up. */
const SYNC_RETRY_MS = 10;
const SYNC_RETRIES = 100;
/** Buffers kept for filling again beyond the one being filled: what a slow output made is let go. */
const SPARE_BUFFERS = 2;

interface Chunk {
  bytes: Buffer;
  start: number;
  end: number;
}

const busy = (error: NodeJS.ErrnoException) => error.code === 'EAGAIN' || error.code === 'EBUSY';

export function chunkWriter(fd: number, chunkBytes: number): ChunkWriter {
  // queue[0] is being written while `writing`; the rest wait in order.
  const queue: Chunk[] = [];
  const spare: Buffer[] = [];
  let writing = false;
  let retry: NodeJS.Timeout | undefined;
  // A write failed for good (EPIPE: the reader of the pipe is gone): what comes is dropped, as
  // pino drops lines to a broken pipe.
  let failed = false;
  let waiting: (() => void)[] = [];

  const settled = () => {
    writing = false;
    const done = waiting;
    waiting = [];
    for (const callback of done) callback();
  };
  const release = (bytes: Buffer) => {
    if (bytes.length === chunkBytes && spare.length < SPARE_BUFFERS) spare.push(bytes);
  };
  const writeHead = () => {
    retry = undefined;
    const chunk = queue[0];
    write(fd, chunk.bytes, chunk.start, chunk.end - chunk.start, null, written);
  };
  function written(error: NodeJS.ErrnoException | null, count: number) {
    if (error) {
      if (busy(error)) {
        retry = setTimeout(writeHead, BUSY_RETRY_MS);
        return;
      }
      failed = true;
      for (const chunk of queue.splice(0)) release(chunk.bytes);
      return settled();
    }
    const chunk = queue[0];
    chunk.start += count;
    if (chunk.start < chunk.end) return writeHead();
    queue.shift();
    release(chunk.bytes);
    if (queue.length > 0) return writeHead();
    settled();
  }

  return {
    write(bytes, length) {
      if (failed || length === 0) return release(bytes);
      queue.push({ bytes, start: 0, end: length });
      if (!writing) {
        writing = true;
        writeHead();
      }
    },
    fresh: () => spare.pop() ?? Buffer.allocUnsafeSlow(chunkBytes),
    whenWritten(done) {
      if (writing) waiting.push(done);
      else done();
    },
    flushSync() {
      // A retry waiting on its timer has nothing in flight: the head is written here with the
      // rest. An fs.write in flight keeps its chunk; the ones after it go now (their order
      // against it is not guaranteed, as with sonic-boom's flushSync).
      if (retry) {
        clearTimeout(retry);
        retry = undefined;
        writing = false;
      }
      const from = writing ? 1 : 0;
      for (let i = from; i < queue.length && !failed; i++) writeAllSync(fd, queue[i], () => (failed = true));
      queue.splice(from);
    },
  };
}

function writeAllSync(fd: number, chunk: Chunk, fail: () => void) {
  let retries = 0;
  while (chunk.start < chunk.end) {
    try {
      chunk.start += writeSync(fd, chunk.bytes, chunk.start, chunk.end - chunk.start);
    } catch (error) {
      if (!busy(error as NodeJS.ErrnoException) || ++retries > SYNC_RETRIES) return fail();
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SYNC_RETRY_MS);
    }
  }
}
