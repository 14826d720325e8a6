// The MCP server: its tools, resources and completions, built once. Each connection (a stdio
// session, or one stateless HTTP request) gets a Server of the SDK whose handlers answer from what
// is built here: tools/list is a constant, tools/call validates with the tool's own schema.
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import pkg from '../../package.json' with { type: 'json' };
import { checkUpgradeTool } from './check-upgrade.tool.ts';
import { createFontAwesomeLookup } from './font-awesome.ts';
import { getIconTool } from './get-icon.tool.ts';
import { iconResource } from './icon.resource.ts';
import { listIconSetsTool } from './list-icon-sets.tool.ts';
import type { McpDeps } from './mcp-deps.ts';
import { pickIconTool } from './pick-icon.tool.ts';
import { pickerResource } from './picker.resource.ts';
import { searchIconsTool } from './search-icons.tool.ts';
import { callTool, listingOf, type ToolDefinition } from './tool.ts';

const INSTRUCTIONS =
  'Icons from every open icon set and every Font Awesome release this server holds, named by Iconify id (prefix:name). ' +
  'search_icons finds icons by meaning; get_icon gives one icon\'s SVG, metadata and code snippets; list_icon_sets lists the sets and their licences; ' +
  'check_upgrade tells which Font Awesome icons a codebase uses are renamed or removed in another release; pick_icon lets the person choose an icon in the chat.';

/** MCP's "resource not found" error code. */
const RESOURCE_NOT_FOUND = -32002;

type Strict = z.ZodObject<{ method: z.ZodLiteral<string> }>;

/** A request of `method`, whatever its params: made once a method, not once a stateless request. */
const loose = new Map<string, z.ZodObject>();
const looseOf = (method: string) => {
  let schema = loose.get(method);
  if (!schema) loose.set(method, (schema = z.looseObject({ method: z.literal(method) })));
  return schema;
};

/**
 * Registers `handler` for `schema`'s method. The SDK answers a request its schema refuses with
 * -32603 (internal error); a request whose params do not fit is the client's: -32602, saying where.
 */
function handle<S extends Strict>(server: Server, schema: S, handler: (request: z.output<S>) => unknown) {
  server.setRequestHandler(looseOf(schema.shape.method.value), ((request: unknown) => {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('; ');
      throw new McpError(ErrorCode.InvalidParams, `Invalid ${schema.shape.method.value} request: ${where}`);
    }
    return handler(parsed.data);
  }) as never);
}

export function createMcp(deps: McpDeps) {
  const fontAwesome = createFontAwesomeLookup(deps.releases, deps.icons);
  const search = searchIconsTool(deps);
  const tools: ToolDefinition[] = [search, getIconTool(deps, fontAwesome), listIconSetsTool(deps), checkUpgradeTool(deps), pickIconTool(search)];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const toolList = { tools: tools.map(listingOf) };
  const resources = [pickerResource()];
  const icons = iconResource(deps);
  const onFault = (error: unknown) => deps.logger.error({ err: error }, 'an MCP tool failed');
  // One JSON Schema validator for every connection: each Server would otherwise make its own Ajv
  // (0.2 ms a stateless request, measured with --cpu-prof).
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  /** A server of the SDK for one connection, with the handlers over what is built above. */
  function createServer(): Server {
    const server = new Server(
      { name: 'iconmeta', title: 'iconmeta icons', version: pkg.version },
      { capabilities: { tools: { listChanged: false }, resources: {}, completions: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator },
    );
    handle(server, ListToolsRequestSchema, () => toolList);
    handle(server, CallToolRequestSchema, (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names the tools.`);
      return callTool(tool, request.params.arguments, onFault);
    });
    handle(server, ListResourcesRequestSchema, () => ({ resources: resources.map((r) => r.listing) }));
    handle(server, ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [icons.template] }));
    handle(server, ReadResourceRequestSchema, async (request) => {
      const { uri } = request.params;
      const fixed = resources.find((r) => r.listing.uri === uri);
      if (fixed) return { contents: [fixed.read()] };
      const svg = await icons.read(uri);
      if (svg) return { contents: [svg] };
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    });
    handle(server, CompleteRequestSchema, async (request) => {
      const { ref, argument } = request.params;
      if (ref.type === 'ref/resource' && ref.uri === icons.template.uriTemplate) return { completion: await icons.complete(argument.name, argument.value, request.params.context?.arguments) };
      return { completion: { values: [], hasMore: false } };
    });
    return server;
  }

  return { createServer, tools: toolList.tools, onFault, /** The engine the search tool asks (tests compare with it). */ searchIcons: deps.searchIcons };
}

export type Mcp = ReturnType<typeof createMcp>;
