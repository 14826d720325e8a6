// The seed functions take a Database (either dialect). Callers that hold a SQLite connection
// (the tests, the benchmarks) may still pass it as it is.
import type { Db } from '../db/client.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';

export type DatabaseHandle = Database | Db;

const isDatabase = (handle: DatabaseHandle): handle is Database => typeof (handle as Database).dialect === 'string';

export const asDatabase = (handle: DatabaseHandle): Database => (isDatabase(handle) ? handle : sqliteDatabase(handle));
