// Version arguments (contract.md §2), shared by REST and GraphQL.
import semver from 'semver';
import { AppError } from '../errors.ts';

export type VersionSpec =
  | { kind: 'exact'; version: string }
  | { kind: 'major'; major: number }
  | { kind: 'minor'; major: number; minor: number };

const SYMBOLIC = /^(0|[1-9]\d{0,5})\.(?:(0|[1-9]\d{0,5})\.)?x$/;

/** Parses `7.3.1`, `6.0.0-beta1`, `7.x`, `7.3.x` and (deprecated, = `5.x`) `latest`; null if malformed. */
export function parseVersionSpec(input: string): VersionSpec | null {
  if (input === 'latest') return { kind: 'major', major: 5 };
  if (input.length <= 64 && semver.valid(input) === input) return { kind: 'exact', version: input };
  const symbolic = SYMBOLIC.exec(input);
  if (!symbolic) return null;
  const major = Number(symbolic[1]);
  return symbolic[2] === undefined ? { kind: 'major', major } : { kind: 'minor', major, minor: Number(symbolic[2]) };
}

/** The release `spec` names among `versions`: highest stable match, else highest pre-release. */
export function pickVersion(spec: VersionSpec, versions: string[]): string | null {
  if (spec.kind === 'exact') return versions.includes(spec.version) ? spec.version : null;
  const matching = versions.filter(
    (v) => semver.major(v) === spec.major && (spec.kind === 'major' || semver.minor(v) === spec.minor),
  );
  const stable = matching.filter((v) => !semver.prerelease(v));
  const pool = stable.length > 0 ? stable : matching;
  return pool.length > 0 ? pool.sort(semver.rcompare)[0] : null;
}

export const invalidVersion = (input: string) =>
  new AppError(400, 'INVALID_VERSION', `"${input.slice(0, 80)}" is not a release version (expected M.m.p, such as 7.3.1)`);
export const releaseNotFound = (input: string) => new AppError(404, 'RELEASE_NOT_FOUND', `release ${input} is not available`);
