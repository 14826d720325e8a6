// The operator CLI's command tree, a thin shell over the auth, kits and releases services. It takes
// its services and its output as dependencies, so tests run the same commands in-process.
// The new API token and kit token are printed alone on the last line of the output.
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Database } from '../db/database.ts';
import type { IntegrityLevel } from '../db/integrity.ts';
import type { TableCopy } from './db-copy.ts';
import { createAuthRepo } from '../server/auth/auth.repo.ts';
import { createAuthService, type AuthService } from '../server/auth/auth.service.ts';
import { isScope, SCOPES } from '../server/auth/scopes.ts';
import { AppError } from '../server/errors.ts';
import type { SubsetRow } from '../server/kits/kits.repo.ts';
import { createKitsRepo } from '../server/kits/kits.repo.ts';
import { createKitsService, type KitsService } from '../server/kits/kits.service.ts';
import { createReleaseCache } from '../server/releases/release-cache.ts';
import type { SubsetSpec } from '../server/kits/subsets.ts';
import { createReleasesRepo } from '../server/releases/releases.repo.ts';
import { createReleasesService, type ReleasesService } from '../server/releases/releases.service.ts';

export interface AdminServices {
  auth: AuthService;
  kits: KitsService;
  releases: ReleasesService;
}

export interface AdminDeps {
  /** Opened on first use, so --help and bad arguments never touch the database. */
  services: () => AdminServices | Promise<AdminServices>;
  /**
   * The database's problems ([] when sound), read without migrating or writing: the SQLite file's
   * integrity; on PostgreSQL, whether it answers and has every migration applied.
   */
  checkDatabase: (level: IntegrityLevel) => string[] | Promise<string[]>;
  /** Facts worth printing with the check's verdict (PostgreSQL: rows per table). */
  describeDatabase?: () => Promise<string[]>;
  /** `db copy`: a SQLite file into a PostgreSQL database (`to` undefined: DATABASE_URL's). */
  copyDatabase?: (from: string, to: string | undefined, options: { replace: boolean }) => Promise<TableCopy[]>;
  print: (line: string) => void;
}

export function adminServices(database: Database, accessTokenTtlSeconds: number, clock = () => new Date()): AdminServices {
  const auth = createAuthService(createAuthRepo(database), { clock, accessTokenTtlSeconds });
  // A command reads a release's variants once or twice: room for a few releases' worth.
  const kits = createKitsService(createKitsRepo(database), auth, clock, createReleaseCache(16 * 1024 * 1024));
  return { auth, kits, releases: createReleasesService(createReleasesRepo(database)) };
}

const email = (value: string) => {
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new InvalidArgumentError('expected an email address');
  return value;
};
const scopeList = (value: string) => {
  const scopes = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (scopes.length === 0 || unknown.length > 0) throw new InvalidArgumentError(`unknown scope ${unknown.join(', ') || '(none)'}; scopes are ${SCOPES.join(', ')}`);
  return scopes;
};
const positive = (value: string) => {
  if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError('expected a whole number of at least 1');
  return Number(value);
};
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `far:house,user` -> { prefix: far, names: [house, user] } (an --only value). */
const onlyList = (value: string, previous: { prefix: string; names: string[] }[] = []) => {
  const match = /^([a-z0-9-]+):([a-z0-9-]+(?:,[a-z0-9-]+)*)$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected <prefix>:<icon>,<icon>..., such as far:house,user');
  return [...previous, { prefix: match[1], names: match[2].split(',') }];
};

export interface SubsetOptions {
  familyStyle?: string[];
  only?: { prefix: string; names: string[] }[];
  full?: boolean;
  auto?: boolean;
}

/** The subset the options describe: --full, --auto, or --family-style (repeatable) with optional --only. */
export function subsetFromOptions(o: SubsetOptions): SubsetSpec {
  const prefixes = o.familyStyle ?? [];
  const only = o.only ?? [];
  const modes = [o.full && 'full', o.auto && 'auto', prefixes.length > 0 && 'family-style'].filter(Boolean);
  const usage = (message: string) => new AppError(400, 'INVALID_PARAMETER', message);
  if (modes.length !== 1) throw usage('give exactly one of --full, --auto or --family-style <prefix> (repeatable)');
  if (o.full || o.auto) {
    if (only.length > 0) throw usage('--only applies to a custom subset (--family-style)');
    return { type: o.full ? 'FULL' : 'AUTO', entries: [] };
  }
  const stray = only.filter((e) => !prefixes.includes(e.prefix)).map((e) => e.prefix);
  if (stray.length > 0) throw usage(`--only names ${stray.join(', ')}, which is not among the --family-style values`);
  return {
    type: 'CUSTOM',
    entries: [...new Set(prefixes)].map((prefix) => {
      const names = only.filter((e) => e.prefix === prefix).flatMap((e) => e.names);
      return { prefix, only: names.length > 0 ? names : null };
    }),
  };
}

/** How `kit list` shows a subset: FULL, AUTO, or CUSTOM fas;far:house,user. */
export function describeSubset(type: string, rows: Pick<SubsetRow, 'prefix' | 'only'>[]): string {
  if (type !== 'CUSTOM') return type;
  return `CUSTOM ${rows.map((r) => (r.only ? `${r.prefix}:${r.only.join(',')}` : r.prefix)).join(';')}`;
}

export function buildAdminProgram({ services, checkDatabase, describeDatabase, copyDatabase, print }: AdminDeps): Command {
  const table = (rows: Record<string, unknown>[]) => rows.forEach((row) => print(Object.values(row).map((v) => (v === null ? '-' : Array.isArray(v) ? v.join(',') : String(v))).join('\t')));
  const program = new Command('admin').description('Manage accounts, API tokens, kits and kit uploads').exitOverride().showHelpAfterError();
  const configure = (command: Command) => command.exitOverride().showHelpAfterError();

  const token = configure(program.command('token').description('API tokens'));
  configure(token.command('create'))
    .description('create an API token (and the account, if needed); prints the token alone on the last line, once')
    .requiredOption('--email <email>', 'account email', email)
    .requiredOption('--scopes <a,b>', `comma-separated scopes: ${SCOPES.join(', ')}`, scopeList)
    .option('--name <name>', 'a name to recognise the token by')
    .option('--expires-in <days>', 'days until the token expires (default: never)', positive)
    .action(async (o: { email: string; scopes: string[]; name?: string; expiresIn?: number }) => {
      const created = await (await services()).auth.createApiToken({ email: o.email, scopes: o.scopes, name: o.name, expiresInDays: o.expiresIn });
      print(`created API token ${created.id} for ${o.email} with scopes ${created.scopes.join(',')}${created.expiresAt ? `, expiring ${created.expiresAt}` : ''}`);
      print('store it now: it is not shown again');
      print(created.token);
    });
  configure(token.command('list'))
    .description('list API tokens (never their values)')
    .option('--email <email>', 'only this account', email)
    .action(async (o: { email?: string }) => table(await (await services()).auth.apiTokens(o.email)));
  configure(token.command('revoke'))
    .description('revoke an API token and the access tokens it issued')
    .argument('<id>', 'token id (see token list)', positive)
    .action(async (id: number) => {
      if (!(await (await services()).auth.revokeApiToken(id))) throw new AppError(404, 'NOT_FOUND', `no active API token ${id}`);
      print(`revoked API token ${id}`);
    });

  const account = configure(program.command('account').description('accounts'));
  configure(account.command('create'))
    .description('create an account')
    .requiredOption('--email <email>', 'account email', email)
    .action(async (o: { email: string }) => print(`created account ${(await (await services()).auth.createAccount(o.email)).id} (${o.email})`));
  configure(account.command('list'))
    .description('list accounts')
    .action(async () => table(await (await services()).auth.accounts()));

  const kit = configure(program.command('kit').description('kits'));
  configure(kit.command('create'))
    .description('create a kit; prints its token alone on the last line')
    .requiredOption('--email <email>', 'owner account email (created if needed)', email)
    .requiredOption('--name <name>', 'kit name')
    .requiredOption('--version <version>', 'release: 7.3.1, or symbolic 7.x / 7.3.x')
    .addOption(new Option('--license <license>', 'free or pro').choices(['free', 'pro']).makeOptionMandatory())
    .addOption(new Option('--technology <technology>', 'svg or webfont').choices(['svg', 'webfont']).makeOptionMandatory())
    .option('--domain <domain>', 'allowed domain (repeatable)', collect)
    .action(async (o: { email: string; name: string; version: string; license: 'free' | 'pro'; technology: 'svg' | 'webfont'; domain?: string[] }) => {
      const created = await (await services()).kits.create({ ...o, domains: o.domain });
      print(`created kit "${created.name}" (${created.license}, ${created.technology}, version ${created.version})`);
      print(created.token);
    });
  configure(kit.command('list'))
    .description('list kits')
    .option('--email <email>', 'only this account', email)
    .action(async (o: { email?: string }) => {
      const { auth, kits } = await services();
      const accountId = o.email === undefined ? undefined : (await auth.accounts()).find((a) => a.email === o.email)?.id;
      if (o.email !== undefined && accountId === undefined) return;
      const listed = await kits.list(accountId);
      const subsets = await kits.subsetRows(listed.map(({ kit }) => kit.id));
      table(
        listed.map(({ kit, email }) => ({
          token: kit.token, email, name: kit.name, version: kit.version, license: kit.license, technology: kit.technology, revision: kit.revision,
          subset: describeSubset(kit.subsetType, subsets.filter((r) => r.kitId === kit.id)),
        })),
      );
    });
  configure(kit.command('subset'))
    .description("set which family-styles of its release a kit includes, and which icons of each; changes the kit's revision")
    .argument('<token>', 'kit token')
    .option('--family-style <prefix>', 'include this family-style, such as fas (repeatable): a custom subset', collect)
    .option('--only <prefix:icons>', 'include only these icons of a listed family-style, such as far:house,user (repeatable)', onlyList)
    .option('--full', "every family-style the kit's license allows (the default for new kits)")
    .option('--auto', 'auto-subsetting: holds what --full does; pages load only the icons they use')
    .action(async (token: string, o: SubsetOptions) => {
      const spec = subsetFromOptions(o);
      const { kits, releases } = await services();
      await releases.refresh(); // the subset is checked against the kit's release
      const updated = await kits.setSubset(token, spec, releases);
      print(`kit ${token} subset: ${describeSubset(updated.subsetType, await kits.subsetRows([updated.id]))} (revision ${updated.revision})`);
    });

  const upload = configure(program.command('upload').description('kit icon uploads'));
  configure(upload.command('add'))
    .description('add an icon to a kit from an SVG file (one <svg> with a viewBox and one or two paths)')
    .requiredOption('--kit <token>', 'kit token')
    .requiredOption('--name <name>', 'icon name, lowercase words joined by hyphens')
    .requiredOption('--svg <file>', 'SVG file')
    .action(async (o: { kit: string; name: string; svg: string }) => {
      let text: string;
      try {
        text = readFileSync(o.svg, 'utf8');
      } catch (error) {
        throw new AppError(400, 'INVALID_PARAMETER', `cannot read ${o.svg}: ${(error as Error).message}`);
      }
      const added = await (await services()).kits.addUpload(o.kit, o.name, text);
      print(`added ${added.name} (U+${added.unicode.toString(16)}, ${added.width}x${added.height}) to kit ${o.kit}`);
    });

  const database = configure(program.command('db').description('the database'));
  configure(database.command('check'))
    .description(
      'check the database: the whole SQLite file (PRAGMA integrity_check; --quick: quick_check, what the server runs at start), or that PostgreSQL (DATABASE_URL) answers with every migration applied, and its rows per table; exit 1 if not sound',
    )
    .option('--quick', 'the quicker check: pages and records, without cross-checking indexes')
    .action(async (o: { quick?: boolean }) => {
      const problems = await checkDatabase(o.quick ? 'quick' : 'full');
      if (describeDatabase && problems.length === 0) (await describeDatabase()).forEach((line) => print(line));
      if (problems.length === 0) return print('ok');
      problems.forEach((problem) => print(problem));
      const verdict = describeDatabase ? 'the database is not ready' : 'the database file is damaged';
      throw new AppError(500, 'INTERNAL', `${verdict} (${problems.length} problem${problems.length === 1 ? '' : 's'})`);
    });
  configure(database.command('copy'))
    .description('copy every table of a SQLite database into an empty PostgreSQL database in one transaction, keeping ids, then verify rows and keys per table (any difference: nothing is written, exit 1)')
    .requiredOption('--from <file>', 'the SQLite database file')
    .option('--to <url>', 'the PostgreSQL database (default: DATABASE_URL)')
    .option('--replace', 'delete the rows the PostgreSQL database holds first (else a database with rows is refused)')
    .action(async (o: { from: string; to?: string; replace?: boolean }) => {
      if (!copyDatabase) throw new AppError(400, 'INVALID_PARAMETER', 'db copy is not available here');
      const tables = await copyDatabase(o.from, o.to, { replace: o.replace ?? false });
      print('table\tsqlite\tpostgres\tkeys');
      table(tables.map((t) => ({ table: t.table, source: t.source, target: t.target, keys: t.keysMatch ? 'same' : 'DIFFERENT' })));
      print(`copied ${tables.reduce((sum, t) => sum + t.target, 0)} rows in ${tables.length} tables; every count and key hash matches`);
    });
  return program;
}
