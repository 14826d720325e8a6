// SQL for the files a release's CDN serves: path -> SHA-256 -> bytes (db/schema.ts, release_files).
import { and, asc, eq, sql } from 'drizzle-orm';
import { first, prepared, type Database } from '../../db/database.ts';

export interface StoredFile {
  sha256: string;
  bytes: Buffer;
}

export function createReleaseFilesRepo(database: Database) {
  const { db, t } = database;
  const releaseId = sql.placeholder('releaseId');
  const file = prepared(
    database,
    'release_file',
    db
      .select({ sha256: t.blobs.sha256, bytes: t.blobs.bytes })
      .from(t.releaseFiles)
      .innerJoin(t.blobs, eq(t.blobs.sha256, t.releaseFiles.sha256))
      .where(and(eq(t.releaseFiles.releaseId, releaseId), eq(t.releaseFiles.path, sql.placeholder('path')))),
  );
  const paths = prepared(database, 'release_file_paths', db.select({ path: t.releaseFiles.path }).from(t.releaseFiles).where(eq(t.releaseFiles.releaseId, releaseId)).orderBy(asc(t.releaseFiles.path)));
  return {
    file: async (release: number, path: string): Promise<StoredFile | undefined> => first(await file({ releaseId: release, path })),
    paths: async (release: number): Promise<string[]> => (await paths({ releaseId: release })).map((row) => row.path),
  };
}

export type ReleaseFilesRepo = ReturnType<typeof createReleaseFilesRepo>;
