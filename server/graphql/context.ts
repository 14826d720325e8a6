// The per-request GraphQL context: who is calling, the services, and fresh DataLoaders.
import type { AuthService } from '../auth/auth.service.ts';
import type { BuildsService } from '../downloads/builds.service.ts';
import type { IconsRepo } from '../icons/icons.repo.ts';
import type { KitsService } from '../kits/kits.service.ts';
import type { IconsService } from '../icons/icons.service.ts';
import type { CatalogueService } from '../releases/catalogue.service.ts';
import type { ChangesService } from '../releases/changes.service.ts';
import type { ReleasesRepo } from '../releases/releases.repo.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import type { Principal } from './principal.ts';

export interface Services {
  releases: ReleasesService;
  releasesRepo: ReleasesRepo;
  catalogue: CatalogueService;
  icons: IconsService;
  iconsRepo: IconsRepo;
  search: SearchService;
  changes: ChangesService;
  auth: AuthService;
  kits: KitsService;
  builds: BuildsService;
}

export interface GraphQLContext {
  principal: Principal;
  services: Services;
  loaders: Loaders;
  /**
   * Filled in after execution; responses with errors are not kept in the response cache. A nested
   * object because Apollo shallow-copies the context for each operation.
   */
  outcome: {
    hadErrors?: boolean;
    /** Set by a resolver whose answer changes without the database changing under it (a build's state). */
    volatile?: boolean;
  };
  /** performance.now() after which resolvers refuse to start (execution-deadline.ts). */
  deadline: number;
  /** The operation's cost as admission measured it (cost-limits.ts), when it did. */
  cost?: number;
}

export function createContext(services: Services, principal: Principal, deadline = Infinity): GraphQLContext {
  return new RequestContext(services, principal, deadline);
}

// A class rather than an object literal with a getter: V8 makes such a literal through its runtime,
// ~300 ns against ~25 for this (a scratch loop), on every request.
class RequestContext implements GraphQLContext {
  principal: Principal;
  services: Services;
  outcome: GraphQLContext['outcome'] = {};
  deadline: number;
  declare cost?: number;
  // Made on first use: an answer written from kept icon JSON (kept-icon-json.ts) needs none.
  private madeLoaders: Loaders | undefined = undefined;

  constructor(services: Services, principal: Principal, deadline: number) {
    this.principal = principal;
    this.services = services;
    this.deadline = deadline;
  }

  get loaders(): Loaders {
    return (this.madeLoaders ??= createLoaders(this.services.iconsRepo, this.services.releasesRepo, this.services.kits));
  }
}
