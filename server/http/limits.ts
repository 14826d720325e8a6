// Bounds on what one request may cost, and the readiness check.
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pendingMigrations, type Db } from '../../db/client.ts';
import { AppError, problemJson, sendProblem } from '../errors.ts';
import { withRequestId } from './request-log.ts';

/** Longer URLs are refused (414) before routing; no valid request comes near it. */
export const MAX_URL_LENGTH = 8192;

/** A problem-details response written with node:http alone (before Express has the request). */
export function sendRawProblem(res: ServerResponse, error: AppError, staticHeaders: Record<string, string> = {}): void {
  const body = problemJson(error);
  res.writeHead(error.status, withRequestId(res, { ...staticHeaders, 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) }));
  res.end(body);
}

/** Answers 503 when a request has not been answered within `ms` (work waiting on I/O or a queue). */
export function requestDeadline(ms: number): RequestHandler {
  return (_req, res, next) => {
    const timer = setTimeout(() => {
      if (!res.headersSent) sendProblem(res, new AppError(503, 'INTERNAL', `the request took longer than ${ms} ms`));
    }, ms);
    timer.unref();
    res.once('close', () => clearTimeout(timer));
    next();
  };
}

export function readinessProblems(db: Db, releaseCount: number): string[] {
  const problems: string[] = [];
  try {
    const pending = pendingMigrations(db);
    if (pending > 0) problems.push(`${pending} database migrations not applied`);
  } catch (error) {
    problems.push(`database unavailable: ${(error as Error).message}`);
  }
  if (releaseCount === 0) problems.push('no releases loaded');
  return problems;
}
