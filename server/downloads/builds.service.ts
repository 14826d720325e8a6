// Kit downloads and subset builds: requests become PENDING builds at once, and archives are made
// off the request path, a bounded number at a time (font subsetting is CPU work), each finishing
// READY with its zip stored or FAILED with a reason. Only the process that took a build can make
// it, so it keeps the build's heartbeat; a build whose heartbeat stopped (a restart, a crash) is
// FAILED at the next start or when read, whichever process reads it.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { Clock } from '../auth/auth.service.ts';
import type { ReleaseFilesRepo } from '../cdn/release-files.repo.ts';
import { AppError } from '../errors.ts';
import { buildIconPacks, type SelectionEntry } from '../kits/icon-packs.ts';
import type { KitAssetsRepo } from '../kits/kit-assets.repo.ts';
import type { KitRow, UploadRow } from '../kits/kits.repo.ts';
import type { KitsService } from '../kits/kits.service.ts';
import { entryVariants } from '../kits/subsets.ts';
import type { License } from '../kits/variant-index.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import { ArchiveError, buildArchive, type ArchiveInput, type BuildType } from './archive.ts';
import type { BuildRow, BuildsRepo } from './builds.repo.ts';
import { resolveSubsetRequest, type SubsetIconInput } from './subset-request.ts';

export interface BuildLimits {
  /** Builds made at the same time. */
  concurrency: number;
  /** Builds that may wait; more are refused (FAILED at once). */
  queued: number;
  /** An archive larger than this fails. */
  maxArchiveBytes: number;
  /** Builds kept (with their zips); older ones are deleted. */
  kept: number;
}

export const DEFAULT_BUILD_LIMITS: BuildLimits = { concurrency: 1, queued: 16, maxArchiveBytes: 64 * 1024 * 1024, kept: 200 };

export interface BuildsDeps {
  repo: BuildsRepo;
  kits: KitsService;
  releases: ReleasesService;
  assets: KitAssetsRepo;
  files: ReleaseFilesRepo;
  clock: Clock;
  logger: Logger;
  limits?: BuildLimits;
}

// A process refreshes its builds' heartbeat this often; one silent for STALE_AFTER_MS has stopped.
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;

export const downloadPath = (build: BuildRow) => `/downloads/${build.id}.zip`;

export function createBuildsService({ repo, kits, releases, assets, files, clock, logger, limits = DEFAULT_BUILD_LIMITS }: BuildsDeps) {
  const now = () => clock().toISOString();
  const staleBefore = () => new Date(clock().getTime() - STALE_AFTER_MS).toISOString();
  /** Ends the builds whose heartbeat stopped; a database that cannot be written leaves them (readiness says why). */
  const failStale = async () => {
    try {
      return await repo.failStale(staleBefore(), now());
    } catch (error) {
      logger.warn({ err: error }, 'could not mark stopped builds FAILED');
      return 0;
    }
  };
  void failStale().then((interrupted) => {
    if (interrupted > 0) logger.warn({ builds: interrupted }, 'marked builds a stopped server left PENDING as FAILED');
  });
  const finished = new EventEmitter().setMaxListeners(0);
  const queue: { id: string; make: () => Promise<ArchiveInput> }[] = [];
  let running = 0;
  // The builds this process holds (waiting or being made), whose heartbeat it keeps.
  const held = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  const beat = async () => {
    if (held.size === 0) return void (clearInterval(heartbeat), (heartbeat = undefined));
    try {
      await repo.heartbeat([...held], now());
    } catch (error) {
      logger.warn({ err: error }, 'could not refresh the heartbeat of the builds in progress');
    }
  };

  /** A build as stored; a PENDING one whose heartbeat stopped becomes FAILED as it is read. */
  async function read(id: string): Promise<BuildRow | undefined> {
    const build = await repo.byId(id);
    if (build?.status !== 'PENDING' || held.has(id) || (build.heartbeatAt !== null && build.heartbeatAt >= staleBefore())) return build;
    await failStale();
    return repo.byId(id);
  }

  async function run(id: string, make: () => Promise<ArchiveInput>): Promise<void> {
    const started = Date.now();
    try {
      const zip = await buildArchive(await make(), files);
      if (zip.length > limits.maxArchiveBytes) throw new ArchiveError(`the archive would be ${zip.length} bytes, over the limit of ${limits.maxArchiveBytes}`);
      await repo.ready(id, Buffer.from(zip.buffer, zip.byteOffset, zip.length), now());
      logger.info({ build: id, bytes: zip.length, ms: Date.now() - started }, 'build ready');
    } catch (error) {
      const known = error instanceof ArchiveError || error instanceof AppError;
      if (!known) logger.error({ err: error, build: id }, 'build failed');
      try {
        await repo.failed(id, known ? (error as Error).message : 'an internal error stopped the build', now());
      } catch (writeError) {
        // The database cannot be written: the build's heartbeat stops, and it ends FAILED once it can.
        logger.error({ err: writeError, build: id }, 'could not record a failed build');
      }
    }
    held.delete(id);
    try {
      await repo.prune(limits.kept);
    } catch (error) {
      logger.warn({ err: error }, 'could not delete old builds');
    }
    finished.emit(id);
  }

  function pump(): void {
    while (running < limits.concurrency && queue.length > 0) {
      const job = queue.shift()!;
      running++;
      // After the request that asked for it has been answered.
      setImmediate(() => void run(job.id, job.make).finally(() => (running--, pump())));
    }
  }

  async function start(row: Parameters<BuildsRepo['insert']>[0], make: () => Promise<ArchiveInput>): Promise<BuildRow> {
    const build = await repo.insert(row);
    if (queue.length >= limits.queued) {
      await repo.failed(build.id, `${limits.queued} builds are waiting already; request it again shortly`, now());
      return (await repo.byId(build.id))!;
    }
    queue.push({ id: build.id, make });
    held.add(build.id);
    heartbeat ??= setInterval(() => void beat(), HEARTBEAT_MS).unref();
    pump();
    return build;
  }

  const newId = () => randomBytes(12).toString('base64url');

  return {
    /** A kit's archive for its current revision: an identical request reuses a build not failed. */
    async kitDownload(kit: KitRow, buildType: BuildType): Promise<BuildRow> {
      const release = releases.resolve(kit.version);
      const request = `kit:${kit.id}:${kit.revision}:${release.id}:${buildType}:${kit.shimEnabled}:${kit.autoAccessibilityEnabled}`;
      const existing = await repo.reusable(request);
      const current = existing && (await read(existing.id));
      if (current && current.status !== 'FAILED') return current;
      return start({ id: newId(), kind: 'kit', kitId: kit.id, buildType, request, createdAt: now() }, async () => {
        const subset = await kits.subsetOf(kit, await kits.subsetRows([kit.id]), releases);
        const entries = subset.entries.map((entry) => ({ familyStyle: entry.familyStyle, icons: entryVariants(subset, entry).map((v) => v.icon) }));
        const uploads = await kits.uploads([kit.id]);
        const name = `kit-${kit.token}-${buildType.toLowerCase()}`;
        return archiveInput(name, buildType, subset.release, entries, uploads, kit.shimEnabled, kit.autoAccessibilityEnabled);
      });
    },

    /** A subset of a release's icons; the request is checked at once (every problem in one error). */
    async subset(icons: SubsetIconInput[], version: string | null, licenses: License[], id: string | null): Promise<BuildRow> {
      if (id !== null && !/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw new AppError(400, 'INVALID_PARAMETER', 'id: 8 to 64 letters, digits, - or _');
      if (id !== null && (await repo.byId(id))) throw new AppError(400, 'INVALID_PARAMETER', `a build with id ${id} exists already`);
      const wanted = version ?? icons.find((icon) => icon.version)?.version ?? null;
      const release = wanted ? releases.resolve(wanted) : releases.list().find((r) => r.isLatest);
      if (!release) throw new AppError(404, 'RELEASE_NOT_FOUND', 'no release is loaded');
      const variants = await kits.releaseVariants(release);
      const view = { familyStyles: releases.familyStyles(release), variants, aliasOf: (name: string) => variants.aliasTarget(name), licenses };
      const { entries, problems } = resolveSubsetRequest(icons, view);
      if (problems.length > 0) throw new AppError(400, 'INVALID_PARAMETER', problems.slice(0, 20).join('; '));
      const buildId = id ?? newId();
      const request = `subset:${release.id}:${entries.map((e) => `${e.familyStyle.prefix}=${e.icons.map((i) => i.name).join(',')}`).join(';')}`;
      return start({ id: buildId, kind: 'subset', kitId: null, buildType: 'WEB', request, createdAt: now() }, () =>
        archiveInput(`subset-${buildId}`, 'WEB', release, entries, [], false, true),
      );
    },

    byId: read,
    zip: (id: string) => repo.zip(id),

    /** Resolves once the build is READY or FAILED (at once if it is already). */
    whenFinished(id: string, signal?: AbortSignal): Promise<BuildRow | undefined> {
      return new Promise((resolve, reject) => {
        // Finished here (the event), or by another process sharing the file, or stale (the poll).
        const poll = setInterval(() => check(), HEARTBEAT_MS / 2).unref();
        const stop = () => (finished.off(id, check), clearInterval(poll));
        const check = () =>
          void read(id).then((build) => {
            if (!build || build.status !== 'PENDING') {
              stop();
              resolve(build);
            }
          }, (error) => (stop(), reject(error)));
        finished.on(id, check);
        signal?.addEventListener('abort', () => (stop(), read(id).then(resolve, reject)), { once: true });
        check();
      });
    },
  };

  async function archiveInput(name: string, buildType: BuildType, release: ReturnType<ReleasesService['resolve']>, entries: SelectionEntry[], uploads: UploadRow[], shims: boolean, autoA11y: boolean): Promise<ArchiveInput> {
    return { name, buildType, release, entries, packs: await buildIconPacks(assets, release, entries, uploads), uploads, shims, autoA11y };
  }
}

export type BuildsService = ReturnType<typeof createBuildsService>;
