// SQL for the files a release's CDN serves: path -> SHA-256 -> bytes (db/schema.ts, release_files).
import type { Db } from '../../db/client.ts';

export interface StoredFile {
  sha256: string;
  bytes: Buffer;
}

export function createReleaseFilesRepo(db: Db) {
  const file = db.$client.prepare(
    'select b.sha256 as sha256, b.bytes as bytes from release_files f join blobs b on b.sha256 = f.sha256 where f.release_id = ? and f.path = ?',
  );
  const paths = db.$client.prepare('select path from release_files where release_id = ? order by path').pluck();
  return {
    file: async (releaseId: number, path: string) => file.get(releaseId, path) as StoredFile | undefined,
    paths: async (releaseId: number) => paths.all(releaseId) as string[],
  };
}

export type ReleaseFilesRepo = ReturnType<typeof createReleaseFilesRepo>;
