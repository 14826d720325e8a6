// The slow-timer integrity check: `iconmeta admin db check --quick` run as a child process on the
// same file, so a check of a large file (about 5 ms per MiB here) costs another core, never the
// event loop that answers requests. It opens the file read-only.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** This program's own command line: the executable itself, or Node with server/main.ts. */
async function selfCommand(): Promise<string[]> {
  const { isSea } = await import('node:sea');
  if (isSea()) return [process.execPath];
  return [process.execPath, fileURLToPath(new URL('../main.ts', import.meta.url))];
}

/** Problems found in the file ([] when sound); a check that could not run reports nothing. */
export async function checkIntegrity(databasePath: string, timeoutMs: number): Promise<string[] | null> {
  const [command, ...args] = await selfCommand();
  return new Promise((resolve) => {
    execFile(
      command,
      [...args, 'admin', 'db', 'check', '--quick'],
      { env: { ...process.env, DATABASE_PATH: databasePath }, timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        const lines = stdout.split('\n').filter(Boolean);
        if (!error) return resolve([]);
        // Exit 1 with the problems printed: damaged. Anything else (killed, cannot start): unknown.
        resolve(error.code === 1 && lines.length > 0 ? lines : null);
      },
    );
  });
}

/**
 * Checks every `intervalMs` (the first time after `firstAfterMs`, by default the same) and tells
 * `report` the result; stop() ends it.
 */
export function scheduleIntegrityChecks(databasePath: string, intervalMs: number, report: (problems: string[]) => void, firstAfterMs = intervalMs) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const problems = await checkIntegrity(databasePath, Math.max(intervalMs, 60_000));
      if (problems) report(problems);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void check();
    timer = setInterval(check, intervalMs);
    timer.unref();
  }, firstAfterMs);
  first.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
