// The REST interface as an OpenAPI 3.1 document, served at GET /openapi.json. Its schemas are
// generated with z.toJSONSchema from the zod schemas that validate the query parameters and
// bodies (icons.query.ts, changes.query.ts, kit-assets.router.ts) and that describe the responses
// (http/rest-schemas.ts), descriptions included; what is written here is the paths' prose. The
// tests validate the responses they receive against it, so it cannot drift from what is sent.
import { z } from 'zod';
import { restComponents } from './http/rest-schemas.ts';
import { iconQuerySchema } from './icons/icons.query.ts';
import { kitTokenQuery } from './kits/kit-assets.router.ts';
import { changesQuerySchema, upgradeBody } from './releases/changes.query.ts';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of `schema` for a document's own use (no $schema of its own). A schema JSON Schema
 * cannot state throws here, at start-up, rather than being documented as accepting anything.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema;
  return rest;
}

/**
 * The parameters of a zod object, in `where`: each field's name, whether it may be left out, its
 * description and the schema of the value it is parsed to (query strings carry text; the document
 * says what the text must read as).
 */
function parametersOf(schema: z.ZodObject, where: 'query' | 'path', only?: string[]) {
  return Object.entries(schema.shape)
    .filter(([name]) => !only || only.includes(name))
    .map(([name, field]) => {
      const { description, ...value } = jsonSchemaOf(field as z.ZodType, 'output');
      const required = where === 'path' || !(field as z.ZodType).safeParse(undefined).success;
      return { name, in: where, ...(required ? { required } : {}), ...(description ? { description } : {}), schema: value };
    });
}

/** Path parameters: their own routers check them (releases/versions.ts, the kit and build stores). */
const pathParameters = z.object({
  version: z.string().describe('A full release version (7.3.1, 6.0.0-beta1). `M.x` and `M.m.x` answer 302 to the concrete release.'),
  exactVersion: z.string().describe('An exact release version'),
  path: z.string().describe('The file, slashes included: css/all.css, webfonts/fa-solid-900.woff2'),
  kitToken: z.string().describe("A kit's token"),
  buildId: z.string().describe('The id createKitDownload or createSubset answered'),
});
const pathParameter = (key: keyof typeof pathParameters.shape, name = key) => ({ ...parametersOf(pathParameters, 'path', [key])[0], name });

const components = z.toJSONSchema(restComponents, { target: 'draft-2020-12', io: 'output', uri: (id) => `#/components/schemas/${id}` }).schemas as Record<string, JsonSchema>;
for (const schema of Object.values(components)) {
  delete schema.$schema;
  delete schema.$id;
}
components.UpgradeCheckRequest = jsonSchemaOf(upgradeBody, 'input');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const binary = (...types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
const releaseErrors = {
  302: { description: 'A symbolic version (`7.x`, `7.3.x`): Location names the concrete release' },
  400: problem('Malformed version or query parameter'),
  404: problem('No such release'),
};
const immutable = (schema: object) => ({
  200: { description: 'Immutable release data (Cache-Control: public, max-age=31536000, immutable; strong ETag)', content: json(schema) },
  304: { description: 'Not modified (If-None-Match matched)' },
  ...releaseErrors,
});
const version = pathParameter('version');
const pageParameters = parametersOf(iconQuerySchema, 'query');

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'iconmeta REST interface',
    version: '1.0.0',
    description: 'Read-only, cached metadata about icon releases. Font Awesome Free data by Fonticons, Inc. (https://fontawesome.com, license https://fontawesome.com/license/free), modified.',
  },
  paths: {
    '/releases': {
      get: { summary: 'Every release, ascending by semver', responses: { 200: { description: 'Releases (max-age 300)', content: json(ref('ReleaseList')) } } },
    },
    '/releases/{version}/family-styles': {
      get: { summary: "The release's family-styles", parameters: [version], responses: immutable(ref('FamilyStyleList')) },
    },
    '/releases/{version}/icon-packs': {
      get: { summary: 'Icon collections, icon packs and visual tags', parameters: [version], responses: immutable(ref('IconPacks')) },
    },
    '/releases/{version}/icons': {
      get: { summary: 'Icons, paginated', parameters: [version, ...pageParameters], responses: immutable(ref('IconPage')) },
    },
    '/releases/{version}/icons-minimal': {
      get: { summary: 'Icon ids and prefixes, paginated', parameters: [version, ...pageParameters], responses: immutable(ref('MinimalIconPage')) },
    },
    '/releases/{version}/free-svgs': {
      get: {
        summary: 'SVG data of every free family-style (extension)',
        description: 'What the icon browser draws glyphs from, with no token: the Free packages publish the same data (CC BY 4.0). Pro SVG data is only in GraphQL (Icon.svgs, scope svg_icons_pro).',
        parameters: [version],
        responses: immutable(ref('FreeSvgs')),
      },
    },
    '/releases/{version}/changes': {
      get: {
        summary: 'What changed from the release `from` to this one (extension)',
        description: 'Either order: `from` may be newer. renamed: ids of `from` that are gone from this release but are alias names of an icon here; added leaves rename targets out; unicodeChanged, labelChanged and familyStyles* compare ids present in both. The same as GraphQL Release.changesFrom.',
        parameters: [version, ...parametersOf(changesQuerySchema, 'query', ['from'])],
        responses: immutable(ref('ReleaseChanges')),
      },
    },
    '/releases/{version}/upgrade-check': {
      post: {
        summary: 'Checks the icons a codebase uses with `from` against this release (extension)',
        description:
          'Per name: ok; renamed (newName: its id here); removed; style-lost (lostPrefixes, availablePrefixes); unknown (an icon of neither release). Without prefixes, an entry is checked for every family-style it has in `from`.',
        parameters: [version, ...parametersOf(changesQuerySchema, 'query')],
        requestBody: { required: true, content: json(ref('UpgradeCheckRequest')) },
        responses: {
          200: { description: 'One result per entry, in order (Cache-Control: no-store)', content: json(ref('UpgradeCheck')) },
          400: problem('Malformed version, query parameter or body'),
          404: problem('No such release'),
          413: problem('Body larger than 512 KiB'),
        },
      },
    },
    '/releases/v{version}/{path}': {
      get: {
        summary: "A release's file as the CDN serves it (css/, js/, webfonts/, svgs/<style>/, sprites/); `.min` paths give the same bytes",
        description:
          'The minified build at the plain path, so each srisByLicense value is the sha384 of these bytes. Only releases imported from a package have files. ' +
          "With `?token=<kit>`, `js/free.min.js` and `css/free.min.css` are that kit's script or stylesheet (Cache-Control: public, max-age=300).",
        parameters: [
          pathParameter('exactVersion', 'version'),
          pathParameter('path'),
          // Required only by a kit's files; a release's own files take none.
          ...parametersOf(kitTokenQuery, 'query').map(({ required: _, ...parameter }) => parameter),
        ],
        responses: {
          200: { description: 'The file (immutable; strong ETag; brotli, zstd or gzip except fonts)', content: binary('text/css', 'text/javascript', 'font/woff2', 'font/ttf', 'image/svg+xml') },
          304: { description: 'Not modified (If-None-Match matched)' },
          400: problem('A kit file without a valid token'),
          404: problem('No such release or file'),
        },
      },
    },
    '/{kitToken}.js': {
      get: {
        summary: "A kit's loader script: adds the kit's script (SVG) or stylesheet (webfont) from this service to the page",
        parameters: [pathParameter('kitToken')],
        responses: { 200: { description: 'The loader (Cache-Control: public, max-age=300)', content: binary('text/javascript') }, 404: problem('No such kit') },
      },
    },
    '/downloads/{buildId}.zip': {
      get: {
        summary: 'A READY kit download or subset build (GraphQL createKitDownload, createSubset)',
        parameters: [pathParameter('buildId')],
        responses: { 200: { description: 'The archive', content: binary('application/zip') }, 404: problem('No such build, or not READY (FAILED: the reason)') },
      },
    },
  },
  components: { schemas: components },
};
