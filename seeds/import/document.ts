// The neutral release document: what every adapter produces and the loader consumes. Its shape is
// defined here once; `npm run schema:document` writes it out as seeds/release-document.schema.json.
import semver from 'semver';
import { z } from 'zod';

const identifier = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by hyphens');
const hex = z.string().regex(/^[0-9a-f]+$/, 'lowercase hex without prefix or leading zeros');
const prefix = z.string().regex(/^[a-z]{2,16}$/);

export const familyStyleDoc = z.object({
  family: identifier,
  style: identifier,
  prefix,
  shorthand: z.string().min(1),
  label: z.string().min(1),
});

export const iconDoc = z.object({
  id: identifier,
  label: z.string().min(1),
  unicode: hex,
  aliases: z.object({
    names: z.array(z.string().min(1)),
    unicodes: z.object({ primary: z.array(hex), composite: z.array(hex), secondary: z.array(hex) }),
  }),
  changes: z.array(z.string()),
  searchTerms: z.array(z.string()),
  /** Prefixes of the release's family-styles the icon ships in, per license. */
  familyStylesByLicense: z.object({ free: z.array(prefix), pro: z.array(prefix) }),
  svgs: z.array(
    z.object({
      prefix,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      pathData: z.array(z.string()).min(1).max(2),
    }),
  ),
});

const labelIcon = { labelIconName: identifier, labelIconPrefix: prefix };

export const releaseDocument = z.object({
  schemaVersion: z.literal(1),
  version: z.string().refine((v) => semver.valid(v) === v, 'a semver version such as 7.3.1 or 6.0.0-beta1'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date YYYY-MM-DD'),
  source: z.string().min(1).describe('where the data came from, for operators'),
  /** Whether the release ships separate web and desktop downloads (Font Awesome 5 did). */
  separatesWebDesktop: z.boolean(),
  familyStyles: z.array(familyStyleDoc).min(1),
  icons: z.array(iconDoc),
  categories: z.array(z.object({ name: z.string().min(1), label: z.string().min(1), icons: z.array(identifier) })),
  shims: z.array(z.object({ oldName: z.string().min(1), name: z.string().nullable(), prefix: prefix.nullable() })),
  visualTags: z.array(z.object({ name: identifier, label: z.string().min(1), ...labelIcon, familyStyles: z.array(prefix) })),
  iconPacks: z.array(
    z.object({
      name: identifier,
      label: z.string().min(1),
      description: z.string().nullable(),
      designerName: z.string().nullable(),
      designerUrl: z.string().nullable(),
      ...labelIcon,
      sourceCanvasHeight: z.number().int().nonnegative(),
      sourceGridHeight: z.number().int().nonnegative(),
      familyStyles: z.array(prefix).min(1),
    }),
  ),
  iconCollections: z.array(
    z.object({
      name: identifier,
      label: z.string().min(1),
      ...labelIcon,
      iconPacks: z.array(identifier),
      subset: z.array(z.object({ prefix, only: z.array(identifier).nullable() })).nullable(),
    }),
  ),
  sris: z.array(z.object({ license: z.enum(['free', 'pro']), path: z.string().min(1), value: z.string().startsWith('sha') })),
});

export type ReleaseDocument = z.infer<typeof releaseDocument>;
export type IconDoc = z.infer<typeof iconDoc>;
export type FamilyStyleDoc = z.infer<typeof familyStyleDoc>;

/** Parses an untrusted document; the error lists every problem with its path. */
export function parseReleaseDocument(input: unknown): ReleaseDocument {
  const result = releaseDocument.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 20).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`invalid release document:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
