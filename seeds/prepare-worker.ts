// The worker thread of seeds/add-releases.ts: reads releases from their sources (prepareRelease)
// while the main thread writes the previous one. Releases without metadata read the labels of the
// releases after them from the database file, over this worker's own read-only connection.
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { connect, type Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { prepareRelease, type AddOptions } from './add-release.ts';
import { laterIcons } from './import/labels.ts';
import { preparedMessage } from './prepared-message.ts';

export interface PrepareRequest {
  id: number;
  spec: string;
  options: AddOptions;
}

const { databasePath } = workerData as { databasePath: string };
let db: Db | undefined;
const database = () => (db ??= drizzle(connect(databasePath, { readonly: true, fileMustExist: true }), { schema }) as Db);

parentPort!.on('message', async ({ id, spec, options }: PrepareRequest) => {
  try {
    const { document, files } = await prepareRelease(spec, options, (version) => laterIcons(database(), version));
    const message = preparedMessage(id, { document, files });
    parentPort!.postMessage(message, [message.bytes]);
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message });
  }
});
