// The REST responses' bodies as zod schemas, each registered under the name the OpenAPI document
// gives it (server/openapi.ts turns them into its components with z.toJSONSchema). Descriptions
// sit beside the fields they describe, written with .describe(): z.toJSONSchema takes only the id
// from this registry and every other annotation from zod's global one. The tests validate every
// response the suite receives against the document, so these cannot drift from what is sent.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../icons/icons.query.ts';

/** The schemas that become `components.schemas`, by name. */
export const restComponents = z.registry<{ id: string }>();

const strings = z.array(z.string());
const hex = z.string().regex(/^[0-9a-f]+$/);

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(['INVALID_PARAMETER', 'INVALID_VERSION', 'RELEASE_NOT_FOUND', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL']),
    invalidParams: z.array(z.strictObject({ name: z.string(), reason: z.string() })).optional(),
  })
  .describe("RFC 9457 problem details, with the contract's code")
  .register(restComponents, { id: 'Problem' });

export const releaseListSchema = z
  .strictObject({
    releases: z.array(
      z.strictObject({
        version: z.string(),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        isLatest: z.boolean().describe('True on the highest stable release only: never on a prerelease'),
      }),
    ),
  })
  .register(restComponents, { id: 'ReleaseList' });

const familyStyle = z
  .strictObject({ family: z.string(), style: z.string(), prefix: z.string(), shorthand: z.string() })
  .register(restComponents, { id: 'FamilyStyle' });

export const familyStyleListSchema = z.strictObject({ familyStyles: z.array(familyStyle) }).register(restComponents, { id: 'FamilyStyleList' });

const aliases = z
  .strictObject({ names: strings, unicodes: z.strictObject({ primary: strings, composite: strings, secondary: strings }) })
  .nullable()
  .register(restComponents, { id: 'Aliases' });

const icon = z
  .strictObject({
    id: z.string(),
    label: z.string(),
    unicodeHex: hex.describe('Its code point, lowercase hexadecimal (f0f4)'),
    aliases,
    familyStylesByLicense: z.strictObject({ free: z.array(familyStyle), pro: z.array(familyStyle) }),
  })
  .register(restComponents, { id: 'Icon' });

const prefixes = z.array(z.strictObject({ prefix: z.string() }));
const minimalIcon = z
  .strictObject({ id: z.string(), familyStylesByLicense: z.strictObject({ free: prefixes, pro: prefixes }) })
  .register(restComponents, { id: 'MinimalIcon' });

const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    icons: z.array(item).describe('Empty past the last page'),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
    totalIconCount: z.number().int().min(0),
    totalPageCount: z.number().int().min(0),
  });
export const iconPageSchema = page(icon).register(restComponents, { id: 'IconPage' });
export const minimalIconPageSchema = page(minimalIcon).register(restComponents, { id: 'MinimalIconPage' });

export const freeSvgsSchema = z
  .strictObject({
    svgs: z
      .record(z.string(), z.record(z.string(), z.tuple([z.number().int(), z.number().int(), z.union([z.string(), strings])])))
      .describe('prefix -> icon id -> [width, height, path]; duotone: path is [secondary, primary]'),
  })
  .register(restComponents, { id: 'FreeSvgs' });

const iconChange = <T extends z.ZodType>(value: T) => z.array(z.strictObject({ id: z.string(), from: value, to: value }));
const familyStylesChange = z.array(z.strictObject({ id: z.string(), familyStyles: strings }));
export const releaseChangesSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    added: strings,
    removed: strings,
    renamed: z.array(z.strictObject({ from: z.string(), to: z.string() })),
    unicodeChanged: iconChange(hex),
    familyStylesAdded: familyStylesChange,
    familyStylesRemoved: familyStylesChange,
    labelChanged: iconChange(z.string()),
  })
  .register(restComponents, { id: 'ReleaseChanges' });

export const upgradeCheckSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    license: z.enum(['free', 'any']),
    results: z
      .array(
        z.strictObject({
          name: z.string(),
          status: z.enum(['ok', 'renamed', 'removed', 'style-lost', 'unknown']),
          newName: z.string().optional().describe("Whenever the name is not the icon's id in this release: that id"),
          lostPrefixes: strings.optional().describe('style-lost: the prefixes checked that the icon lacks in this release'),
          availablePrefixes: strings.optional().describe('style-lost: the prefixes it has in this release'),
        }),
      )
      .describe('One result per entry of the request, in order'),
  })
  .register(restComponents, { id: 'UpgradeCheck' });

const labelIcon = { labelIconName: z.string(), labelIconPrefix: z.string() };
export const iconPacksSchema = z
  .strictObject({
    iconCollections: z.array(
      z.strictObject({
        name: z.string(),
        label: z.string(),
        ...labelIcon,
        iconPacks: strings,
        subset: z.array(z.strictObject({ family: z.string(), style: z.string(), only: strings.optional() })).optional(),
      }),
    ),
    iconPacks: z.array(
      z.strictObject({
        name: z.string(),
        label: z.string(),
        description: z.string(),
        designerName: z.string(),
        designerUrl: z.string(),
        ...labelIcon,
        sourceCanvasHeight: z.number().int(),
        sourceGridHeight: z.number().int(),
        familyStyles: z.array(z.strictObject({ family: z.string(), style: z.string(), visualTags: strings })),
      }),
    ),
    visualTags: z.array(z.strictObject({ name: z.string(), label: z.string(), ...labelIcon })),
  })
  .register(restComponents, { id: 'IconPacks' });
