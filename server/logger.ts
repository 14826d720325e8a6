import pino, { type DestinationStream, type Logger } from 'pino';

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
    // strings: with strings it measures its whole pending string again at every line.
    requestBufferingDestination(pino.destination({ dest: 1, sync: false, contentMode: 'buffer' })),
  );
}

// server/http/request-log.ts writes every request line with the message "request".
const REQUEST_LINE_END = ',"msg":"request"}\n';

/** Buffered request lines are written out at least this often. */
const FLUSH_INTERVAL_MS = 1000;
const BUFFER_BYTES = 64 * 1024;

type Boom = ReturnType<typeof pino.destination>;

function requestBufferingDestination(boom: Boom): DestinationStream & { flush(cb: (error?: Error) => void): void; flushSync(): void } {
  // Lines are copied into `pending` as they come and handed over in chunks: a fraction of a
  // microsecond a line, where appending each to sonic-boom's string cost ~10 (bench/README.md).
  const pending = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  let used = 0;
  // In buffer mode sonic-boom takes buffers, whatever its types say; it keeps them until written.
  const handOver = (bytes: Buffer) => boom.write(bytes as unknown as string);
  const writeOut = () => {
    if (used === 0) return;
    handOver(Buffer.from(pending.subarray(0, used))); // a copy: `pending` is reused at once
    used = 0;
  };
  setInterval(writeOut, FLUSH_INTERVAL_MS).unref();
  return {
    write(line: string) {
      const mostBytes = line.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
      if (used + mostBytes > BUFFER_BYTES) writeOut();
      if (mostBytes > BUFFER_BYTES) handOver(Buffer.from(line));
      else used += pending.write(line, used);
      if (!line.endsWith(REQUEST_LINE_END)) writeOut();
    },
    flush(cb: (error?: Error) => void) {
      writeOut();
      boom.flush(cb);
    },
    flushSync() {
      writeOut();
      boom.flushSync();
    },
  };
}

/** Writes out whatever the logger still holds, synchronously (before process.exit on a crash). */
export function flushLogs(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as { flushSync?: () => void } | undefined;
  try {
    stream?.flushSync?.();
  } catch {
    // Nothing more can be done for a log line that cannot be written (stdout closed).
  }
}

/** Writes out whatever the logger holds, in order, then calls back (a graceful stop). */
export function drainLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) =>
    logger.flush(() => {
      flushLogs(logger);
      resolve();
    }),
  );
}

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
