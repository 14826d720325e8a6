// A selection of a release's icons (family-style by family-style) and a kit's uploads as Font
// Awesome icon packs: what a kit's script and a download's js/all.js register with the SVG core.
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import type { Release } from '../releases/releases.service.ts';
import type { KitAssetsRepo } from './kit-assets.repo.ts';
import { packLongName, uploadDefinition, type IconDefinition } from './kit-script.ts';
import type { UploadRow } from './kits.repo.ts';

export interface SelectionEntry {
  familyStyle: FamilyStyleRow;
  icons: { rowId: number; name: string; unicode: string }[];
}

export interface IconPack {
  longName: string;
  icons: Record<string, IconDefinition>;
}

export async function buildIconPacks(repo: KitAssetsRepo, release: Release, entries: SelectionEntry[], uploads: UploadRow[]): Promise<Map<string, IconPack>> {
  const [svgRows, aliasRows] = await Promise.all([repo.svgs(release.id), repo.aliases(release.id)]);
  const svgs = new Map(svgRows.map((svg) => [`${svg.iconId}:${svg.familyStyleId}`, svg]));
  const aliases = new Map<number, string[]>();
  for (const { iconId, name } of aliasRows) aliases.set(iconId, [...(aliases.get(iconId) ?? []), name]);
  const packs = new Map<string, IconPack>();
  for (const entry of entries) {
    const icons: Record<string, IconDefinition> = {};
    for (const icon of entry.icons) {
      const svg = svgs.get(`${icon.rowId}:${entry.familyStyle.id}`);
      if (!svg) continue;
      const paths = svg.pathData;
      icons[icon.name] = [svg.width, svg.height, aliases.get(icon.rowId) ?? [], icon.unicode, paths.length === 1 ? paths[0] : paths];
    }
    packs.set(entry.familyStyle.prefix, { longName: packLongName(entry.familyStyle), icons });
  }
  for (const upload of uploads) {
    const { prefix, longName, definition } = uploadDefinition(upload);
    packs.set(prefix, { longName, icons: { ...packs.get(prefix)?.icons, [upload.name]: definition } });
  }
  return packs;
}
