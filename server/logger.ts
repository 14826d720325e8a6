import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs on standard output; credentials are redacted wherever they would appear.
 * Request lines are buffered (16 KiB, the most sonic-boom takes: each write hands work to another
 * thread) and written asynchronously: one synchronous write per request line halved the
 * throughput of cached responses. The buffer is written out at least once a second (a process
 * killed outright loses at most the last second of request lines); every other line (start-up,
 * warnings, errors) is written out at once, taking the request lines before it along, and
 * `flushLogs` empties the buffer synchronously before the process exits, even on a crash.
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
    requestBufferingDestination(pino.destination({ dest: 1, sync: false, minLength: 16 * 1024 - 1 })),
  );
}

// server/http/request-log.ts writes every request line with the message "request".
const REQUEST_LINE_END = ',"msg":"request"}\n';

/** Buffered request lines are written out at least this often. */
const FLUSH_INTERVAL_MS = 1000;

type Boom = ReturnType<typeof pino.destination>;

function requestBufferingDestination(boom: Boom): DestinationStream & { flush(cb: (error?: Error) => void): void; flushSync(): void } {
  // sonic-boom ignores a flush while a write is in flight, and afterwards writes again only past
  // minLength: such a flush is redone when that write drains.
  let flushPending = false;
  boom.on('drain', () => {
    if (!flushPending) return;
    flushPending = false;
    boom.flush();
  });
  const writeOut = () => {
    if ((boom as unknown as { _writing: boolean })._writing) flushPending = true;
    else boom.flush();
  };
  setInterval(writeOut, FLUSH_INTERVAL_MS).unref();
  return {
    write(line: string) {
      boom.write(line);
      if (!line.endsWith(REQUEST_LINE_END)) writeOut();
    },
    flush(cb: (error?: Error) => void) {
      boom.flush(cb);
    },
    flushSync() {
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
