// Database integrity: a file that is damaged must never be served from or written to. SQLite
// meets corruption in the middle of a file only when a read reaches it, so the service checks
// the whole file (quick_check: every page and record, no index cross-checks) before it serves,
// and the operator CLI offers the full integrity_check on demand.
import Database from 'better-sqlite3';

export type IntegrityLevel = 'quick' | 'full';

/** The problems SQLite reports for the file ([] when it is sound). A file that is no database at all is one problem. */
export function integrityProblems(sqlite: Database.Database, level: IntegrityLevel): string[] {
  try {
    const rows = sqlite.pragma(level === 'quick' ? 'quick_check' : 'integrity_check') as Record<string, string>[];
    const messages = rows.map((row) => String(Object.values(row)[0]));
    return messages.length === 1 && messages[0] === 'ok' ? [] : messages;
  } catch (error) {
    if (error instanceof Database.SqliteError) return [`${error.message} (${error.code})`];
    throw error;
  }
}

/** Thrown when the database file cannot be used; its message is the one line an operator reads. */
export class DatabaseUnusableError extends Error {}

export function assertUsable(sqlite: Database.Database, file: string, level: IntegrityLevel): void {
  const problems = integrityProblems(sqlite, level);
  if (problems.length === 0) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  throw new DatabaseUnusableError(
    `the database file ${file} is damaged: ${problems[0]}${more}; it was left untouched. Restore it from a backup, or point DATABASE_PATH at another file.`,
  );
}
