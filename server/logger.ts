import pino, { type DestinationStream, type Logger } from 'pino';
import { chunkWriter, type ChunkWriter } from './chunk-writer.ts';

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
    // chunk-writer.ts does the writing (asynchronous, in order, drained at exit), from buffers it
    // hands back to fill again. Not pino.destination(): its sonic-boom 4.x's synchronous flush
    // retried a failed write forever, so a crash with standard output closed (EPIPE) hung.
    requestBufferingDestination(chunkWriter(1, BUFFER_BYTES)),
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
 * in `buffer` the line starts at; `lineEnds` keeps what was written up to `end`. `buffer` is to be
 * read after `lineAt`: handing a full chunk over puts another buffer in its place.
 */
export interface RequestLineRoom {
  readonly buffer: Buffer;
  lineAt(mostBytes: number): number;
  lineEnds(end: number): void;
}

function requestBufferingDestination(writer: ChunkWriter): BufferingDestination {
  // Lines are copied into `pending` as they come and handed over in chunks: a fraction of a
  // microsecond a line, where appending each to sonic-boom's string cost ~10 (bench/README.md).
  // A chunk is written from `pending` itself, and the writer answers another buffer to fill.
  let pending = writer.fresh();
  let used = 0;
  const writeOut = () => {
    if (used === 0) return;
    writer.write(pending, used);
    pending = writer.fresh();
    used = 0;
  };
  setInterval(writeOut, FLUSH_INTERVAL_MS).unref();
  return {
    get buffer() {
      return pending;
    },
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
      if (mostBytes > BUFFER_BYTES) {
        const bytes = Buffer.from(line);
        writer.write(bytes, bytes.length);
      } else used += pending.write(line, used);
      if (!line.endsWith(REQUEST_LINE_END)) writeOut();
    },
    /**
     * Hands over every line and waits until they are written, or the output failed, for at most
     * DRAIN_WAIT_MS: a stop never waits forever on a standard output nobody reads.
     */
    drain() {
      writeOut();
      return new Promise<void>((resolve) => {
        const givenUp = setTimeout(resolve, DRAIN_WAIT_MS);
        writer.whenWritten(() => {
          clearTimeout(givenUp);
          resolve();
        });
      });
    },
    flushSync() {
      writeOut();
      writer.flushSync();
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
