// Which errors mean "PostgreSQL is unavailable now" (a 503 with Retry-After) and which are the
// request's or the code's own (answered as before): the errors node-postgres and Drizzle raise.
import { expect } from 'chai';
import { unavailableCause } from '../server/health/pg-health.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle 0.45 wraps every failed query. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('PostgreSQL faults', () => {
  it('are the server down, restarting or unreachable, however the driver reports it', () => {
    const unavailable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
      wrapped(withCode('terminating connection due to administrator command', '57P01')),
      wrapped(withCode('the database system is starting up', '57P03')),
      wrapped(withCode('the database system is shutting down', '57P03')),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      wrapped(withCode('canceling statement due to statement timeout', '57014')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      wrapped(new Error('Query read timeout')),
      withCode('password authentication failed for user "iconmeta"', '28P01'), // a password rotated while serving
    ];
    for (const error of unavailable) expect(unavailableCause(error), error.message).not.to.equal(null);
  });

  it('are not the request\'s or the code\'s own errors', () => {
    const others = [
      wrapped(withCode('duplicate key value violates unique constraint "kits_token_unique"', '23505')),
      wrapped(withCode('relation "nope" does not exist', '42P01')),
      new TypeError('cannot read properties of undefined'),
      'a string',
      null,
    ];
    for (const error of others) expect(unavailableCause(error), String(error)).to.equal(null);
  });
});
