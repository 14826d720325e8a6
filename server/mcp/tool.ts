// What every MCP tool of this server is: a name, a description written for the model that chooses
// it, zod schemas for its input and its structured output (published as JSON Schema), annotations,
// and a handler that calls a service and shapes the answer (STYLE.md point 18).
import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../errors.ts';

export interface ToolDefinition<In extends z.ZodObject = z.ZodObject, Out extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: In;
  output: Out;
  /** Extra fields of the tool's listing (an MCP App's `ui` resource). */
  meta?: Record<string, unknown>;
  /** Answers the validated input with the structured result; throws AppError for input it cannot serve. */
  run(input: z.output<In>): Promise<z.input<Out>>;
  /** The text part of the result, for clients that show text only; JSON of the result when absent. */
  text?(result: z.output<Out>): string;
}

/** Declares a tool with its types inferred from its schemas. */
export const defineTool = <In extends z.ZodObject, Out extends z.ZodObject>(tool: ToolDefinition<In, Out>): ToolDefinition => tool as unknown as ToolDefinition;

/** JSON Schema of a zod schema as MCP lists it (an object schema without the $schema key). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as Tool['inputSchema'];
}

/** The listing of a tool, computed once: every tool only reads. */
export function listingOf(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input'),
    outputSchema: jsonSchemaOf(tool.output, 'output') as Tool['outputSchema'],
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    ...(tool.meta ? { _meta: tool.meta } : {}),
  };
}

/** A failure the model should see and act on (isError), in one clear sentence. */
export const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** Where each issue is, and what it is: "limit: Too big: expected number to be <=100". */
export const issuesText = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`).join('; ');

/**
 * Runs a tool on raw arguments: invalid arguments and inputs the services refuse (AppError) are
 * error results with the reason; anything else is logged by `onFault` and answered without detail.
 */
export async function callTool(tool: ToolDefinition, args: unknown, onFault: (error: unknown) => void): Promise<CallToolResult> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return toolError(`Invalid arguments for ${tool.name}: ${issuesText(parsed.error)}`);
  try {
    const result = tool.output.parse(await tool.run(parsed.data)) as Record<string, unknown>;
    const text = tool.text ? tool.text(result) : JSON.stringify(result);
    return { content: [{ type: 'text', text }], structuredContent: result };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return toolError(error.message);
    onFault(error);
    if (error instanceof AppError) return toolError(`${error.message} (${error.code})`);
    return toolError(`${tool.name} failed on the server; the failure is logged. Try again, or another tool.`);
  }
}
