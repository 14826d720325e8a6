// The MCP server's tools over Streamable HTTP (/mcp), with the SDK's client, on a database with the
// default Font Awesome releases, their open sets and mdi: each tool's answer, and its refusals.
import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SharedTestDatabase } from './shared-test-database.ts';
import { call, httpClient, listen, mcpWorld, type Listening } from './mcp-world.ts';

interface SearchAnswer {
  total: number;
  icons: { id: string; label: string; set: { prefix: string; name: string }; licence: { title: string; spdx?: string }; usage: string; svgUrl: string | null; svg?: string }[];
}

describe('the MCP server over Streamable HTTP', function () {
  this.timeout(60_000);
  let world: SharedTestDatabase;
  let served: Listening;
  let client: Client;

  before(async () => {
    world = await mcpWorld();
    served = await listen(world);
    client = await httpClient(served.url);
  });
  after(async () => {
    await client?.close();
    await served?.close();
    await world?.remove();
  });

  it('lists its tools with schemas for input and output, read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal(['search_icons', 'get_icon', 'list_icon_sets', 'check_upgrade', 'pick_icon']);
    for (const tool of tools) {
      expect(tool.description, tool.name).to.have.length.above(150);
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(tool.outputSchema?.type, tool.name).to.equal('object');
      expect(tool.annotations, tool.name).to.include({ readOnlyHint: true, destructiveHint: false });
    }
    const search = tools.find((tool) => tool.name === 'search_icons')!;
    expect(search.inputSchema.required).to.deep.equal(['query']);
    expect(client.getServerVersion()?.name).to.equal('iconmeta');
  });

  describe('search_icons', () => {
    it('finds icons by meaning across every set, as the search engine ranks them', async () => {
      const { data, result } = await call<SearchAnswer>(client, 'search_icons', { query: 'close', limit: 30 });
      expect(result.isError).to.equal(undefined);
      const ids = data.icons.map((icon) => icon.id);
      expect(ids).to.include('mdi:close');
      expect(ids.some((id) => id.startsWith('fa7-solid:'))).to.equal(true);
      // The engine's own answer, in its order: the tool ranks nothing itself.
      const engine = await (await served.app.mcp()).searchIcons({ query: 'close', limit: 30 });
      expect(ids).to.deep.equal(engine.icons);
      const mdi = data.icons.find((icon) => icon.id === 'mdi:close')!;
      expect(mdi).to.deep.include({ usage: '<iconify-icon icon="mdi:close"></iconify-icon>', svgUrl: '/iconify/mdi/close.svg', label: 'Close' });
      expect(mdi.licence.spdx).to.equal('Apache-2.0');
      const fa = data.icons.find((icon) => icon.id.startsWith('fa7-solid:'))!;
      expect(fa.usage).to.equal(`fa-solid fa-${fa.id.split(':')[1]}`);
      expect(fa.licence.spdx).to.equal('CC-BY-4.0');
    });

    it('keeps to the sets and style asked for, and draws the icons when asked', async () => {
      const { data } = await call<SearchAnswer>(client, 'search_icons', { query: 'user', prefixes: ['fa7-', 'fa6-'], style: 'regular', limit: 5, includeSvg: true });
      expect(data.icons.length).to.be.within(2, 5);
      for (const icon of data.icons) {
        expect(icon.id).to.match(/^fa[67]-regular:/);
        expect(icon.usage).to.match(/^fa-regular fa-/);
        expect(icon.svg).to.match(/^<svg [^>]*viewBox/);
      }
      const licensed = await call<SearchAnswer>(client, 'search_icons', { query: 'arrow', licence: 'Apache-2.0', limit: 10 });
      expect(licensed.data.icons.length).to.equal(10);
      expect(licensed.data.icons.every((icon) => icon.id.startsWith('mdi:'))).to.equal(true);
    });

    it('searches one Font Awesome release with its own index', async () => {
      const { data } = await call<SearchAnswer>(client, 'search_icons', { query: 'home', faVersion: '6.x', limit: 3 });
      expect(data.icons[0]).to.deep.include({ id: 'fa6-solid:house', usage: 'fa-solid fa-house', svgUrl: '/iconify/fa6-solid/house.svg' });
      const v5 = await call<SearchAnswer>(client, 'search_icons', { query: 'home', faVersion: '5.15.4', limit: 1 });
      expect(v5.data.icons[0]).to.deep.include({ id: 'fa-solid:home', usage: 'fas fa-home' });
    });

    it('answers bad input with an error result that says what is wrong', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ query: 'x', limit: 0 }, /limit/],
        [{ query: '' }, /query/],
        [{ query: 'x', prefixes: ['Not A Prefix'] }, /prefixes/],
        [{}, /query/],
        [{ query: 'home', faVersion: '9.x' }, /9\.x/],
        [{ query: 'home', faVersion: 'newest' }, /newest/],
      ];
      for (const [args, reason] of cases) {
        const { result, text } = await call(client, 'search_icons', args);
        expect(result.isError, JSON.stringify(args)).to.equal(true);
        expect(text, JSON.stringify(args)).to.match(reason);
        expect(text).not.to.match(/\n\s+at /);
      }
    });
  });

  describe('get_icon', () => {
    it('gives an open set\'s icon: SVG at the size and colour asked, licence, snippets', async () => {
      const { data } = await call<Record<string, any>>(client, 'get_icon', { id: 'mdi:close', size: 32, color: '#ff0000' });
      expect(data.svg).to.match(/^<svg [^>]*height="32"/).and.to.include('#ff0000');
      expect(data.licence.spdx).to.equal('Apache-2.0');
      expect(data.attribution).to.include('Material Design Icons');
      expect(data.snippets.html).to.equal('<iconify-icon icon="mdi:close"></iconify-icon>');
      expect(data.snippets.react).to.include("from '@iconify/react'").and.include('<Icon icon="mdi:close" />');
      expect(data.snippets.css).to.include('/iconify/mdi/close.svg');
      expect(data.fontAwesome).to.equal(undefined);
    });

    it('gives a Font Awesome icon its release, Unicode, aliases and React component', async () => {
      const { data } = await call<Record<string, any>>(client, 'get_icon', { id: 'fa7-solid:xmark' });
      expect(data.fontAwesome).to.deep.include({ release: '7.3.1', name: 'xmark', unicode: 'f00d' });
      expect(data.fontAwesome.aliases).to.include('times');
      expect(data.snippets.html).to.equal('<i class="fa-solid fa-xmark"></i>');
      expect(data.snippets.react).to.include("from '@fortawesome/react-fontawesome'").and.include("import { faXmark } from '@fortawesome/free-solid-svg-icons'");
      expect(data.snippets.css).to.include('\\f00d');
      expect(data.svg).to.match(/^<svg /);
    });

    it('says which part of an id names nothing', async () => {
      for (const [id, reason] of [['nope:close', /no icon set "nope"/], ['mdi:no-such-icon', /has no icon "no-such-icon"/], ['close', /prefix:name/]] as const) {
        const { result, text } = await call(client, 'get_icon', { id });
        expect(result.isError, id).to.equal(true);
        expect(text, id).to.match(reason);
      }
      const colour = await call(client, 'get_icon', { id: 'mdi:close', color: '"><script>' });
      expect(colour.result.isError).to.equal(true);
      expect(colour.text).to.match(/color/);
    });
  });

  describe('list_icon_sets', () => {
    it('lists the sets with licence, counts and samples, and one set with its categories', async () => {
      const { data } = await call<Record<string, any>>(client, 'list_icon_sets', {});
      const prefixes = data.sets.map((set: { prefix: string }) => set.prefix);
      expect(prefixes).to.include.members(['mdi', 'fa7-solid', 'fa7-regular', 'fa7-brands', 'fa6-solid', 'fa-solid']);
      const mdi = data.sets.find((set: { prefix: string }) => set.prefix === 'mdi');
      expect(mdi.licence.spdx).to.equal('Apache-2.0');
      expect(mdi.total).to.be.above(5000);
      expect(mdi.samples[0]).to.match(/^mdi:/);
      const one = await call<Record<string, any>>(client, 'list_icon_sets', { prefix: 'mdi' });
      expect(one.data.sets).to.have.length(1);
      expect(one.data.categories.length).to.be.above(10);
      const filtered = await call<Record<string, any>>(client, 'list_icon_sets', { query: 'fa7' });
      expect(filtered.data.sets.map((set: { prefix: string }) => set.prefix)).to.deep.equal(['fa7-brands', 'fa7-regular', 'fa7-solid']);
      const missing = await call(client, 'list_icon_sets', { prefix: 'nope' });
      expect(missing.result.isError).to.equal(true);
    });
  });

  describe('check_upgrade', () => {
    it('names the icons renamed, removed or unknown in the target release', async () => {
      const { data } = await call<Record<string, any>>(client, 'check_upgrade', { icons: ['home', 'fa-times', 'fas fa-user', 'fa5-nothing'], from: '5.15.4', to: '6.x' });
      expect(data).to.deep.include({ from: '5.15.4', to: '6.7.2' });
      const byGiven = Object.fromEntries(data.icons.map((icon: { given: string }) => [icon.given, icon]));
      expect(byGiven.home).to.deep.include({ name: 'home', status: 'renamed', newName: 'house' });
      expect(byGiven['fa-times']).to.deep.include({ name: 'times', status: 'renamed', newName: 'xmark' });
      expect(byGiven['fas fa-user']).to.deep.include({ name: 'user', status: 'ok' });
      expect(byGiven['fa5-nothing'].status).to.equal('unknown');
      expect(data.summary).to.deep.include({ renamed: 2, ok: 1, unknown: 1 });
    });

    it('upgrades to the newest release by default, and refuses versions it does not hold', async () => {
      const { data } = await call<Record<string, any>>(client, 'check_upgrade', { icons: ['home'], from: '6.x' });
      expect(data.to).to.equal('7.3.1');
      for (const args of [{ icons: ['home'], from: '4.7.0' }, { icons: [], from: '5.x' }, { icons: ['home'], from: 'latest' }]) {
        const { result } = await call(client, 'check_upgrade', args);
        expect(result.isError, JSON.stringify(args)).to.equal(true);
      }
    });
  });

  describe('the protocol around the tools', () => {
    it('answers an unknown tool with a JSON-RPC error', async () => {
      const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(McpError);
      expect((error as McpError).code).to.equal(-32602);
    });

    it('serves icons as resources, and completes set prefixes', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['icon://{prefix}/{name}']);
      const { contents } = await client.readResource({ uri: 'icon://mdi/close' });
      expect(contents[0]).to.deep.include({ uri: 'icon://mdi/close', mimeType: 'image/svg+xml' });
      expect((contents[0] as { text: string }).text).to.match(/^<svg /);
      const missing = await client.readResource({ uri: 'icon://mdi/no-such-icon' }).then(
        () => null,
        (e: unknown) => e as McpError,
      );
      expect(missing?.code).to.equal(-32002);
      const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: 'icon://{prefix}/{name}' }, argument: { name: 'prefix', value: 'fa7' } });
      expect(completion.values).to.deep.equal(['fa7-brands', 'fa7-regular', 'fa7-solid']);
      const names = await client.complete({ ref: { type: 'ref/resource', uri: 'icon://{prefix}/{name}' }, argument: { name: 'name', value: 'clos' }, context: { arguments: { prefix: 'mdi' } } });
      expect(names.completion.values).to.include('close');
    });
  });
});
