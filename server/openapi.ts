// The REST interface as an OpenAPI 3.1 document, served at GET /openapi.json. The tests validate
// the responses they receive against it, so it cannot drift from what the service sends.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './icons/icons.query.ts';
import { MAX_UPGRADE_ENTRIES } from './releases/changes.query.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const binary = (...types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
const strings = { type: 'array', items: { type: 'string' } };
const prefixes = { type: 'array', items: { type: 'object', required: ['prefix'], additionalProperties: false, properties: { prefix: { type: 'string' } } } };

const versionParam = {
  name: 'version',
  in: 'path',
  required: true,
  description: 'A full release version (7.3.1, 6.0.0-beta1). `M.x` and `M.m.x` answer 302 to the concrete release.',
  schema: { type: 'string' },
};
const pageParams = [
  { name: 'license', in: 'query', schema: { type: 'string', enum: ['free', 'pro'] }, description: 'free: icons with a free family-style; pro: pro-only icons. Omitted: all.' },
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
];
const fromParam = { name: 'from', in: 'query', required: true, description: 'The full version to compare with (5.15.4); older or newer.', schema: { type: 'string' } };
const iconChange = (value: object) => ({ type: 'array', items: { type: 'object', required: ['id', 'from', 'to'], additionalProperties: false, properties: { id: { type: 'string' }, from: value, to: value } } });
const familyStylesChange = { type: 'array', items: { type: 'object', required: ['id', 'familyStyles'], additionalProperties: false, properties: { id: { type: 'string' }, familyStyles: strings } } };
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
      get: { summary: "The release's family-styles", parameters: [versionParam], responses: immutable(ref('FamilyStyleList')) },
    },
    '/releases/{version}/icon-packs': {
      get: { summary: 'Icon collections, icon packs and visual tags', parameters: [versionParam], responses: immutable(ref('IconPacks')) },
    },
    '/releases/{version}/icons': {
      get: { summary: 'Icons, paginated', parameters: [versionParam, ...pageParams], responses: immutable(ref('IconPage')) },
    },
    '/releases/{version}/icons-minimal': {
      get: { summary: 'Icon ids and prefixes, paginated', parameters: [versionParam, ...pageParams], responses: immutable(ref('MinimalIconPage')) },
    },
    '/releases/{version}/free-svgs': {
      get: {
        summary: 'SVG data of every free family-style (extension)',
        description: 'What the icon browser draws glyphs from, with no token: the Free packages publish the same data (CC BY 4.0). Pro SVG data is only in GraphQL (Icon.svgs, scope svg_icons_pro).',
        parameters: [versionParam],
        responses: immutable(ref('FreeSvgs')),
      },
    },
    '/releases/{version}/changes': {
      get: {
        summary: 'What changed from the release `from` to this one (extension)',
        description: 'Either order: `from` may be newer. renamed: ids of `from` that are gone from this release but are alias names of an icon here; added leaves rename targets out; unicodeChanged, labelChanged and familyStyles* compare ids present in both. The same as GraphQL Release.changesFrom.',
        parameters: [versionParam, fromParam],
        responses: immutable(ref('ReleaseChanges')),
      },
    },
    '/releases/{version}/upgrade-check': {
      post: {
        summary: 'Checks the icons a codebase uses with `from` against this release (extension)',
        description:
          'Per name: ok; renamed (newName: its id here); removed; style-lost (lostPrefixes, availablePrefixes); unknown (an icon of neither release). Without prefixes, an entry is checked for every family-style it has in `from`.',
        parameters: [versionParam, fromParam, { name: 'license', in: 'query', schema: { type: 'string', enum: ['free', 'any'], default: 'any' }, description: 'free: only free family-styles count as available.' }],
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
          'With `?token=<kit>`, `js/free.min.js` and `css/free.min.css` are that kit\'s script or stylesheet (Cache-Control: public, max-age=300).',
        parameters: [
          { name: 'version', in: 'path', required: true, description: 'An exact release version', schema: { type: 'string' } },
          { name: 'path', in: 'path', required: true, description: 'The file, slashes included: css/all.css, webfonts/fa-solid-900.woff2', schema: { type: 'string' } },
          { name: 'token', in: 'query', description: "A kit's token, for its js/free.min.js or css/free.min.css", schema: { type: 'string' } },
        ],
        responses: {
          200: { description: 'The file (immutable; strong ETag; brotli/gzip except fonts)', content: binary('text/css', 'text/javascript', 'font/woff2', 'font/ttf', 'image/svg+xml') },
          304: { description: 'Not modified (If-None-Match matched)' },
          400: problem('A kit file without a valid token'),
          404: problem('No such release or file'),
        },
      },
    },
    '/{kitToken}.js': {
      get: {
        summary: "A kit's loader script: adds the kit's script (SVG) or stylesheet (webfont) from this service to the page",
        parameters: [{ name: 'kitToken', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The loader (Cache-Control: public, max-age=300)', content: binary('text/javascript') }, 404: problem('No such kit') },
      },
    },
    '/downloads/{buildId}.zip': {
      get: {
        summary: 'A READY kit download or subset build (GraphQL createKitDownload, createSubset)',
        parameters: [{ name: 'buildId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The archive', content: binary('application/zip') }, 404: problem('No such build, or not READY (FAILED: the reason)') },
      },
    },
  },
  components: {
    schemas: {
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status', 'detail', 'code'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          code: {
            type: 'string',
            enum: ['INVALID_PARAMETER', 'INVALID_VERSION', 'RELEASE_NOT_FOUND', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL'],
          },
          invalidParams: {
            type: 'array',
            items: { type: 'object', required: ['name', 'reason'], additionalProperties: false, properties: { name: { type: 'string' }, reason: { type: 'string' } } },
          },
        },
      },
      ReleaseList: {
        type: 'object',
        required: ['releases'],
        additionalProperties: false,
        properties: {
          releases: {
            type: 'array',
            items: {
              type: 'object',
              required: ['version', 'date', 'isLatest'],
              additionalProperties: false,
              properties: { version: { type: 'string' }, date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, isLatest: { type: 'boolean' } },
            },
          },
        },
      },
      FamilyStyle: {
        type: 'object',
        required: ['family', 'style', 'prefix', 'shorthand'],
        additionalProperties: false,
        properties: { family: { type: 'string' }, style: { type: 'string' }, prefix: { type: 'string' }, shorthand: { type: 'string' } },
      },
      FamilyStyleList: {
        type: 'object',
        required: ['familyStyles'],
        additionalProperties: false,
        properties: { familyStyles: { type: 'array', items: ref('FamilyStyle') } },
      },
      Aliases: {
        type: ['object', 'null'],
        required: ['names', 'unicodes'],
        additionalProperties: false,
        properties: {
          names: strings,
          unicodes: {
            type: 'object',
            required: ['primary', 'composite', 'secondary'],
            additionalProperties: false,
            properties: { primary: strings, composite: strings, secondary: strings },
          },
        },
      },
      Icon: {
        type: 'object',
        required: ['id', 'label', 'unicodeHex', 'aliases', 'familyStylesByLicense'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          unicodeHex: { type: 'string', pattern: '^[0-9a-f]+$' },
          aliases: ref('Aliases'),
          familyStylesByLicense: {
            type: 'object',
            required: ['free', 'pro'],
            additionalProperties: false,
            properties: { free: { type: 'array', items: ref('FamilyStyle') }, pro: { type: 'array', items: ref('FamilyStyle') } },
          },
        },
      },
      MinimalIcon: {
        type: 'object',
        required: ['id', 'familyStylesByLicense'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          familyStylesByLicense: {
            type: 'object',
            required: ['free', 'pro'],
            additionalProperties: false,
            properties: { free: prefixes, pro: prefixes },
          },
        },
      },
      FreeSvgs: {
        type: 'object',
        required: ['svgs'],
        additionalProperties: false,
        properties: {
          svgs: {
            description: 'prefix -> icon id -> [width, height, path]; duotone: path is [secondary, primary]',
            type: 'object',
            additionalProperties: {
              type: 'object',
              additionalProperties: {
                type: 'array',
                prefixItems: [{ type: 'integer' }, { type: 'integer' }, { oneOf: [{ type: 'string' }, strings] }],
                minItems: 3,
                maxItems: 3,
              },
            },
          },
        },
      },
      ReleaseChanges: {
        type: 'object',
        required: ['from', 'to', 'added', 'removed', 'renamed', 'unicodeChanged', 'familyStylesAdded', 'familyStylesRemoved', 'labelChanged'],
        additionalProperties: false,
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          added: strings,
          removed: strings,
          renamed: { type: 'array', items: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: { type: 'string' }, to: { type: 'string' } } } },
          unicodeChanged: iconChange({ type: 'string', pattern: '^[0-9a-f]+$' }),
          familyStylesAdded: familyStylesChange,
          familyStylesRemoved: familyStylesChange,
          labelChanged: iconChange({ type: 'string' }),
        },
      },
      UpgradeCheckRequest: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_UPGRADE_ENTRIES,
        items: {
          oneOf: [
            { type: 'string', minLength: 1 },
            { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1 }, prefixes: strings } },
          ],
        },
      },
      UpgradeCheck: {
        type: 'object',
        required: ['from', 'to', 'license', 'results'],
        additionalProperties: false,
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          license: { type: 'string', enum: ['free', 'any'] },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'status'],
              additionalProperties: false,
              properties: {
                name: { type: 'string' },
                status: { type: 'string', enum: ['ok', 'renamed', 'removed', 'style-lost', 'unknown'] },
                newName: { type: 'string' },
                lostPrefixes: strings,
                availablePrefixes: strings,
              },
            },
          },
        },
      },
      IconPage: page(ref('Icon')),
      MinimalIconPage: page(ref('MinimalIcon')),
      IconPacks: {
        type: 'object',
        required: ['iconCollections', 'iconPacks', 'visualTags'],
        additionalProperties: false,
        properties: {
          iconCollections: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'labelIconName', 'labelIconPrefix', 'iconPacks'],
              additionalProperties: false,
              properties: {
                name: { type: 'string' },
                label: { type: 'string' },
                labelIconName: { type: 'string' },
                labelIconPrefix: { type: 'string' },
                iconPacks: strings,
                subset: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['family', 'style'],
                    additionalProperties: false,
                    properties: { family: { type: 'string' }, style: { type: 'string' }, only: strings },
                  },
                },
              },
            },
          },
          iconPacks: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'description', 'designerName', 'designerUrl', 'labelIconName', 'labelIconPrefix', 'sourceCanvasHeight', 'sourceGridHeight', 'familyStyles'],
              additionalProperties: false,
              properties: {
                name: { type: 'string' },
                label: { type: 'string' },
                description: { type: 'string' },
                designerName: { type: 'string' },
                designerUrl: { type: 'string' },
                labelIconName: { type: 'string' },
                labelIconPrefix: { type: 'string' },
                sourceCanvasHeight: { type: 'integer' },
                sourceGridHeight: { type: 'integer' },
                familyStyles: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['family', 'style', 'visualTags'],
                    additionalProperties: false,
                    properties: { family: { type: 'string' }, style: { type: 'string' }, visualTags: strings },
                  },
                },
              },
            },
          },
          visualTags: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'labelIconName', 'labelIconPrefix'],
              additionalProperties: false,
              properties: { name: { type: 'string' }, label: { type: 'string' }, labelIconName: { type: 'string' }, labelIconPrefix: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

function page(item: object) {
  return {
    type: 'object',
    required: ['icons', 'page', 'pageSize', 'totalIconCount', 'totalPageCount'],
    additionalProperties: false,
    properties: {
      icons: { type: 'array', items: item },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      totalIconCount: { type: 'integer', minimum: 0 },
      totalPageCount: { type: 'integer', minimum: 0 },
    },
  };
}
