// The Iconify API server (@iconify/api, from devDependencies) as a peer to compare with: started
// on 127.0.0.1 and a free port in a temporary working folder whose icons/*.json are the sets given
// (ICONIFY_SOURCE=none: nothing from the registry), ready once /last-modified lists every prefix,
// and stopped (the process ended, the folder removed) by stop(), by a failed start, or at exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { freePort, root } from './process-helpers.ts';

export const PEER_ENTRY = join(root, 'node_modules/@iconify/api/lib/index.js');

/** A full IconifyJSON set from an @iconify-json/<prefix> folder, as @iconify/json ships it. */
export function iconSetFromPackage(dir: string): IconifyJSON {
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const optional = (file: string) => {
    try {
      return read(file);
    } catch {
      return undefined;
    }
  };
  const set: IconifyJSON = { ...read('icons.json'), info: read('info.json') };
  const metadata = optional('metadata.json');
  if (metadata) Object.assign(set, metadata); // categories, themes, prefixes, suffixes
  const chars = optional('chars.json');
  if (chars) set.chars = chars;
  return set;
}

export interface PeerAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface IconifyPeer {
  origin: string;
  port: number;
  /** What the peer printed so far (stdout and stderr): its own "404: /path" lines and errors. */
  output(): string;
  get(path: string, headers?: Record<string, string>): Promise<PeerAnswer>;
  stop(): Promise<void>;
}

export function httpGet(port: number, path: string, headers: Record<string, string> = {}): Promise<PeerAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from 127.0.0.1:${port}${path} in 30 s`)));
    req.end();
  });
}

const running = new Set<ChildProcess>();
// A run stopped by mocha's bail or an uncaught error still ends its peers.
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the peer serving `sets` (full IconifyJSON, info included), and waits until it has loaded
 * them all. `env` adds to its environment (its config keys: ENABLE_VERSION, STORAGE_*, ...).
 */
export async function startIconifyPeer(sets: IconifyJSON[], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<IconifyPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-iconify-peer-'));
  let child: ChildProcess | undefined;
  let log = '';
  let exited: string | undefined;

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const ended = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      const hard = setTimeout(() => child!.kill('SIGKILL'), 5_000);
      await ended;
      clearTimeout(hard);
    }
    if (child) running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    mkdirSync(join(dir, 'icons'));
    for (const set of sets) writeFileSync(join(dir, 'icons', `${set.prefix}.json`), JSON.stringify(set));
    const port = await freePort();
    child = spawn(process.execPath, [PEER_ENTRY], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, HOST: '127.0.0.1', PORT: String(port), ICONIFY_SOURCE: 'none', ENABLE_VERSION: 'true', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
    child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));

    // Its answers wait for the sets to load; poll until every prefix is listed.
    const wanted = sets.map((set) => set.prefix);
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      if (exited) throw new Error(`the Iconify API server ${exited}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the Iconify API server did not load ${wanted.join(', ')} in time:\n${log}`);
      const answer = await httpGet(port, `/last-modified?prefixes=${wanted.join(',')}`).catch(() => undefined);
      if (answer?.status === 200) {
        const listed = (JSON.parse(answer.text) as { lastModified: Record<string, number> }).lastModified;
        const missing = wanted.filter((prefix) => !(prefix in listed));
        // A set without lastModified is never listed there: fall back to its /collection answer.
        if (missing.length === 0 || (await allServed(port, missing))) break;
      }
      await delay(100);
    }
    return { origin: `http://127.0.0.1:${port}`, port, output: () => log, get: (path, headers) => httpGet(port, path, headers), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function allServed(port: number, prefixes: string[]): Promise<boolean> {
  for (const prefix of prefixes) {
    const answer = await httpGet(port, `/collection?prefix=${prefix}`);
    if (answer.status !== 200 || !answer.text.startsWith('{')) return false;
  }
  return true;
}
