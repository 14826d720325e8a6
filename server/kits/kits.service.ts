// Kits: an account's embeddable icon sets, with a (possibly symbolic) release version and uploads.
import { AppError } from '../errors.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { newToken } from '../auth/secrets.ts';
import { parseVersionSpec } from '../releases/versions.ts';
import type { KitsRepo } from './kits.repo.ts';
import { parseUploadSvg } from './svg-upload.ts';

export interface NewKit {
  email: string;
  name: string;
  version: string;
  license: 'free' | 'pro';
  technology: 'svg' | 'webfont';
  domains?: string[];
}

const UPLOAD_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function createKitsService(repo: KitsRepo, auth: AuthService, clock: Clock) {
  return {
    create(input: NewKit) {
      if (!parseVersionSpec(input.version)) throw new AppError(400, 'INVALID_VERSION', `"${input.version}" is not a version such as 7.3.1, 7.x or 7.3.x`);
      const account = auth.account(input.email);
      return repo.insertKit({
        accountId: account.id,
        token: newToken('kit').plain,
        name: input.name,
        version: input.version,
        technology: input.technology,
        license: input.license,
        domains: input.domains ?? [],
        createdAt: clock().toISOString(),
      });
    },

    list: (accountId?: number) => repo.kits(accountId),
    byToken: (token: string) => repo.kitByToken(token),
    uploads: (kitIds: number[]) => repo.uploads(kitIds),

    addUpload(kitToken: string, name: string, svgText: string) {
      const kit = repo.kitByToken(kitToken);
      if (!kit) throw new AppError(404, 'NOT_FOUND', `no kit with token ${kitToken}`);
      if (!UPLOAD_NAME.test(name)) throw new AppError(400, 'INVALID_PARAMETER', 'an upload name is lowercase words joined by hyphens, such as my-logo');
      let svg;
      try {
        svg = parseUploadSvg(svgText);
      } catch (error) {
        throw new AppError(400, 'INVALID_PARAMETER', `invalid SVG: ${(error as Error).message}`);
      }
      if (repo.uploads([kit.id]).some((u) => u.name === name)) throw new AppError(400, 'INVALID_PARAMETER', `kit ${kitToken} already has an upload named ${name}`);
      return repo.addUpload(kit.id, { name, ...svg });
    },
  };
}

export type KitsService = ReturnType<typeof createKitsService>;
