// A release's grouping of family-styles: icon packs, icon collections and visual tags, resolved to
// full family-style rows so that REST and GraphQL can each pick the fields they show.
import type { ReleaseCache } from './release-cache.ts';
import type { ReleasesRepo, FamilyStyleRow } from './releases.repo.ts';
import type { Release, ReleasesService } from './releases.service.ts';

export interface VisualTag {
  name: string;
  label: string;
  labelIconName: string;
  labelIconPrefix: string;
}
export interface IconPack {
  name: string;
  label: string;
  description: string | null;
  designerName: string | null;
  designerUrl: string | null;
  labelIconName: string;
  labelIconPrefix: string;
  sourceCanvasHeight: number;
  sourceGridHeight: number;
  familyStyles: FamilyStyleRow[];
}
export interface IconCollection {
  name: string;
  label: string;
  labelIconName: string;
  labelIconPrefix: string;
  iconPacks: IconPack[];
  subset: { family: string; style: string; only: string[] | null }[] | null;
}
export interface Catalogue {
  familyStyles: FamilyStyleRow[];
  /** Visual tag names of each family-style, by family-style row id. */
  visualTagNames: Map<number, string[]>;
  visualTags: VisualTag[];
  iconPacks: IconPack[];
  iconCollections: IconCollection[];
}

// What a catalogue holds on the heap: measured 43-78 KiB (5.15.4 to 7.3.1).
const CATALOGUE_BYTES = 96 * 1024;

/** Catalogues live in `cache`: built once per release (release data is immutable). */
export function createCatalogueService(repo: ReleasesRepo, releases: ReleasesService, cache: ReleaseCache) {
  return {
    catalogue: async (release: Release): Promise<Catalogue> =>
      cache.get('catalogue', release.id, async () => ({ value: await build(release), bytes: CATALOGUE_BYTES })),
  };

  async function build(release: Release): Promise<Catalogue> {
    const familyStyles = releases.familyStyles(release);
    const fsById = new Map(familyStyles.map((fs) => [fs.id, fs]));
    const visualTagNames = new Map<number, string[]>();
    for (const { familyStyleId, name } of await repo.visualTagsByFamilyStyle(release.id)) {
      visualTagNames.set(familyStyleId, [...(visualTagNames.get(familyStyleId) ?? []), name]);
    }

    const packRows = await repo.iconPacks(release.id);
    const packFamilyStyles = await repo.iconPackFamilyStyles(packRows.map((p) => p.id));
    const packsById = new Map<number, IconPack>(
      packRows.map(({ id, releaseId, position, ...pack }) => [
        id,
        { ...pack, familyStyles: packFamilyStyles.filter((l) => l.iconPackId === id).map((l) => fsById.get(l.familyStyleId)!) },
      ]),
    );

    const collectionRows = await repo.iconCollections(release.id);
    const ids = collectionRows.map((c) => c.id);
    const [links, subsets] = await Promise.all([repo.iconCollectionPacks(ids), repo.iconCollectionSubsets(ids)]);
    const iconCollections = collectionRows.map(({ id, releaseId, position, isSubset, ...collection }) => ({
      ...collection,
      iconPacks: links.filter((l) => l.collectionId === id).map((l) => packsById.get(l.packId)!),
      subset: isSubset
        ? subsets
            .filter((s) => s.iconCollectionId === id)
            .map((s) => ({ family: fsById.get(s.familyStyleId)!.family, style: fsById.get(s.familyStyleId)!.style, only: s.only }))
        : null,
    }));

    const visualTags = (await repo.visualTags(release.id)).map(({ name, label, labelIconName, labelIconPrefix }) => ({ name, label, labelIconName, labelIconPrefix }));
    return { familyStyles, visualTagNames, visualTags, iconPacks: [...packsById.values()], iconCollections };
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
