// How a prepared release crosses from the worker (seeds/prepare-worker.ts) to the thread that
// writes it. Structured cloning of a document's ~100,000 small objects costs more than reading
// the release; JSON text, and one buffer of every file's bytes moved rather than copied, cost little.
import type { PreparedRelease } from './add-release.ts';

/** A prepared release as it crosses to the main thread. */
export interface PreparedMessage {
  id: number;
  document: string;
  paths: string[];
  sizes: number[];
  bytes: ArrayBuffer;
}

/** A release as the worker sends it: its document as JSON text, its files' bytes in one buffer. */
export function preparedMessage(id: number, { document, files }: PreparedRelease): PreparedMessage {
  const bytes = Buffer.concat(files.map((file) => file.bytes));
  // A buffer of its own (concat of small files may sit in Node's shared pool): it can be moved.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { id, document: JSON.stringify(document), paths: files.map((f) => f.path), sizes: files.map((f) => f.bytes.length), bytes: own as ArrayBuffer };
}

/** The release again, on the main thread. */
export function preparedFrom({ document, paths, sizes, bytes }: PreparedMessage): PreparedRelease {
  let offset = 0;
  const files = paths.map((path, i) => {
    const file = { path, bytes: Buffer.from(bytes, offset, sizes[i]) };
    offset += sizes[i];
    return file;
  });
  return { document: JSON.parse(document), files };
}
