import pino, { type DestinationStream, type Logger } from 'pino';
import sonicBoom from 'sonic-boom';

// A CommonJS module whose types declare ES exports: its class is a property of the default import.
const { SonicBoom } = sonicBoom;

/**
 * Structured JSON logs on standard output; credentials are redacted wherever they would appear.
 * Request lines are collected in a buffer (64 KiB) and written asynchronously: one synchronous
 * write per request line halved the throughput of cached responses. The buffer is written out
 * when full and at least once a second (a process killed outright loses at most the last second of
 * request lines); every other line (start-up, warnings, errors) is written out at once, taking
 * the request lines before it along, and `flushLogs` empties the buffer synchronously before the
 * process exits, even on a crash.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.access_token', '*.token'],
        censor: '[redacted]',
      },
    },
    // sonic-boom does the writing (asynchronous, in order, drained at exit). Handed buffers, not
    // strings: with strings it measures its whole pending string again at every line. Its 5.x, not
    // the 4.x pino.destination() makes: 4.x's synchronous flush retried a failed write forever, so
    // a crash with standard output closed (EPIPE) hung instead of exiting.
    requestBufferingDestination(new SonicBoom({ fd: 1, sync: false, contentMode: 'buffer' })),
  );
}

// server/http/request-log.ts writes every request line with the message "request".
const REQUEST_LINE_END = ',"msg":"request"}\n';

/** Buffered request lines are written out at least this often. */
const FLUSH_INTERVAL_MS = 1000;
const BUFFER_BYTES = 64 * 1024;
/** How long a graceful stop waits for its last lines to be written. */
const DRAIN_WAIT_MS = 2000;

type BufferingDestination = DestinationStream & { drain(): Promise<void>; flushSync(): void } & RequestLineRoom;

/**
 * Where request-log.ts writes a request line in place, as bytes, instead of handing over a string
 * (see requestLineWriter there): `lineAt` makes room for at most `mostBytes` and answers the offset
 * in `buffer` the line starts at; `lineEnds` keeps what was written up to `end`.
 */
export interface RequestLineRoom {
  readonly buffer: Buffer;
  lineAt(mostBytes: number): number;
  lineEnds(end: number): void;
}

function requestBufferingDestination(boom: InstanceType<typeof SonicBoom>): BufferingDestination {
  // Lines are copied into `pending` as they come and handed over in chunks: a fraction of a
  // microsecond a line, where appending each to sonic-boom's string cost ~10 (bench/README.md).
  const pending = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  let used = 0;
  // Bytes handed to sonic-boom and not written yet (it tells each write's count).
  let unwritten = 0;
  boom.on('write', (written: number) => (unwritten -= written));
  // In buffer mode sonic-boom takes buffers, whatever its types say; it keeps them until written.
  const handOver = (bytes: Buffer) => {
    unwritten += bytes.length;
    boom.write(bytes as unknown as string);
  };
  const writeOut = () => {
    if (used === 0) return;
    handOver(Buffer.from(pending.subarray(0, used))); // a copy: `pending` is reused at once
    used = 0;
  };
  setInterval(writeOut, FLUSH_INTERVAL_MS).unref();
  return {
    buffer: pending,
    lineAt(mostBytes: number) {
      if (used + mostBytes > BUFFER_BYTES) writeOut();
      return used;
    },
    lineEnds(end: number) {
      used = end;
    },
    write(line: string) {
      const mostBytes = line.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
      if (used + mostBytes > BUFFER_BYTES) writeOut();
      if (mostBytes > BUFFER_BYTES) handOver(Buffer.from(line));
      else used += pending.write(line, used);
      if (!line.endsWith(REQUEST_LINE_END)) writeOut();
    },
    /**
     * Hands over every line and waits until sonic-boom has written them, or failed to, for at most
     * DRAIN_WAIT_MS. Not its flush (with no minimum length, that calls back at once) followed by its
     * flushSync: on a closed standard output (the reader of a pipe gone) flushSync retries EPIPE
     * forever, and a stop never ended.
     */
    drain() {
      writeOut();
      if (unwritten <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(givenUp);
          boom.off('drain', done);
          boom.off('error', done);
          resolve();
        };
        const givenUp = setTimeout(done, DRAIN_WAIT_MS);
        boom.on('drain', done);
        boom.on('error', done);
      });
    },
    flushSync() {
      writeOut();
      boom.flushSync();
    },
  };
}

/** Writes out whatever the logger still holds, synchronously (before process.exit on a crash). */
export function flushLogs(logger: Logger): void {
  try {
    streamOf(logger)?.flushSync?.();
  } catch {
    // Nothing more can be done for a log line that cannot be written (stdout closed).
  }
}

/** Writes out whatever the logger holds, in order, then resolves (a graceful stop; see drain above). */
export function drainLogs(logger: Logger): Promise<void> {
  return streamOf(logger)?.drain?.() ?? Promise.resolve();
}

const streamOf = (logger: Logger) => (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as Partial<BufferingDestination> | undefined;

/** On an uncaught exception or rejection: log it as fatal, write out the buffer, exit. */
export function exitOnCrash(logger: Logger, exitCode = 1): void {
  const crash = (error: unknown) => {
    logger.fatal({ err: error }, 'crashed');
    flushLogs(logger);
    process.exit(exitCode);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}
