// `npm run admin -- <command>`: the operator CLI, a thin shell over the auth and kits services.
// The new API token and kit token are printed alone on the last line of standard output.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { createAuthRepo } from '../server/auth/auth.repo.ts';
import { createAuthService } from '../server/auth/auth.service.ts';
import { isScope, SCOPES } from '../server/auth/scopes.ts';
import { loadConfig } from '../server/config.ts';
import { AppError } from '../server/errors.ts';
import { createKitsRepo } from '../server/kits/kits.repo.ts';
import { createKitsService } from '../server/kits/kits.service.ts';

function services() {
  const config = loadConfig();
  const db = openDatabase(config.databasePath);
  migrateDatabase(db);
  const clock = () => new Date();
  const auth = createAuthService(createAuthRepo(db), { clock, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  return { auth, kits: createKitsService(createKitsRepo(db), auth, clock) };
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
const table = (rows: Record<string, unknown>[]) => rows.forEach((row) => console.log(Object.values(row).map((v) => (v === null ? '-' : Array.isArray(v) ? v.join(',') : String(v))).join('\t')));

export function buildAdminProgram(): Command {
  const program = new Command('admin').description('Manage accounts, API tokens, kits and kit uploads').exitOverride().showHelpAfterError();
  const configure = (command: Command) => command.exitOverride().showHelpAfterError();

  const token = configure(program.command('token').description('API tokens'));
  configure(token.command('create'))
    .description('create an API token (and the account, if needed); prints the token alone on the last line, once')
    .requiredOption('--email <email>', 'account email', email)
    .requiredOption('--scopes <a,b>', `comma-separated scopes: ${SCOPES.join(', ')}`, scopeList)
    .option('--name <name>', 'a name to recognise the token by')
    .option('--expires-in <days>', 'days until the token expires (default: never)', positive)
    .action((o: { email: string; scopes: string[]; name?: string; expiresIn?: number }) => {
      const created = services().auth.createApiToken({ email: o.email, scopes: o.scopes, name: o.name, expiresInDays: o.expiresIn });
      console.log(`created API token ${created.id} for ${o.email} with scopes ${created.scopes.join(',')}${created.expiresAt ? `, expiring ${created.expiresAt}` : ''}`);
      console.log('store it now: it is not shown again');
      console.log(created.token);
    });
  configure(token.command('list'))
    .description('list API tokens (never their values)')
    .option('--email <email>', 'only this account', email)
    .action((o: { email?: string }) => table(services().auth.apiTokens(o.email)));
  configure(token.command('revoke'))
    .description('revoke an API token and the access tokens it issued')
    .argument('<id>', 'token id (see token list)', positive)
    .action((id: number) => {
      if (!services().auth.revokeApiToken(id)) throw new AppError(404, 'NOT_FOUND', `no active API token ${id}`);
      console.log(`revoked API token ${id}`);
    });

  const account = configure(program.command('account').description('accounts'));
  configure(account.command('create'))
    .description('create an account')
    .requiredOption('--email <email>', 'account email', email)
    .action((o: { email: string }) => console.log(`created account ${services().auth.createAccount(o.email).id} (${o.email})`));
  configure(account.command('list'))
    .description('list accounts')
    .action(() => table(services().auth.accounts()));

  const kit = configure(program.command('kit').description('kits'));
  configure(kit.command('create'))
    .description('create a kit; prints its token alone on the last line')
    .requiredOption('--email <email>', 'owner account email (created if needed)', email)
    .requiredOption('--name <name>', 'kit name')
    .requiredOption('--version <version>', 'release: 7.3.1, or symbolic 7.x / 7.3.x')
    .addOption(new Option('--license <license>', 'free or pro').choices(['free', 'pro']).makeOptionMandatory())
    .addOption(new Option('--technology <technology>', 'svg or webfont').choices(['svg', 'webfont']).makeOptionMandatory())
    .option('--domain <domain>', 'allowed domain (repeatable)', collect)
    .action((o: { email: string; name: string; version: string; license: 'free' | 'pro'; technology: 'svg' | 'webfont'; domain?: string[] }) => {
      const created = services().kits.create({ ...o, domains: o.domain });
      console.log(`created kit "${created.name}" (${created.license}, ${created.technology}, version ${created.version})`);
      console.log(created.token);
    });
  configure(kit.command('list'))
    .description('list kits')
    .option('--email <email>', 'only this account', email)
    .action((o: { email?: string }) => {
      const { auth, kits } = services();
      const accountId = o.email === undefined ? undefined : auth.accounts().find((a) => a.email === o.email)?.id;
      if (o.email !== undefined && accountId === undefined) return;
      table(kits.list(accountId).map(({ kit, email }) => ({ token: kit.token, email, name: kit.name, version: kit.version, license: kit.license, technology: kit.technology, revision: kit.revision })));
    });

  const upload = configure(program.command('upload').description('kit icon uploads'));
  configure(upload.command('add'))
    .description('add an icon to a kit from an SVG file (one <svg> with a viewBox and one or two paths)')
    .requiredOption('--kit <token>', 'kit token')
    .requiredOption('--name <name>', 'icon name, lowercase words joined by hyphens')
    .requiredOption('--svg <file>', 'SVG file')
    .action((o: { kit: string; name: string; svg: string }) => {
      let text: string;
      try {
        text = readFileSync(o.svg, 'utf8');
      } catch (error) {
        throw new AppError(400, 'INVALID_PARAMETER', `cannot read ${o.svg}: ${(error as Error).message}`);
      }
      const added = services().kits.addUpload(o.kit, o.name, text);
      console.log(`added ${added.name} (U+${added.unicode.toString(16)}, ${added.width}x${added.height}) to kit ${o.kit}`);
    });
  return program;
}

try {
  await buildAdminProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  // Bad input found past argument parsing (unknown kit, invalid SVG, duplicate): a usage error.
  const usage = error instanceof AppError && error.status < 500;
  console.error(`admin: ${(error as Error).message}`);
  process.exit(usage ? 2 : 1);
}
