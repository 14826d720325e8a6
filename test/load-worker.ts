// A second importer for test/concurrent-import.test.ts: loads a release document into the database
// file on a connection of its own, on its own thread, and reports how that ended.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client.ts';
import { loadRelease } from '../seeds/load.ts';

const { file, document } = workerData as { file: string; document: unknown };
const db = openDatabase(file);
parentPort!.postMessage({ loading: true });
try {
  await loadRelease(db, document);
  parentPort!.postMessage({ done: 'loaded' });
} catch (error) {
  parentPort!.postMessage({ done: 'failed', error: (error as Error).message });
} finally {
  db.$client.close();
}
