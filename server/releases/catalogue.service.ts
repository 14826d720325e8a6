// A release's grouping of family-styles: icon packs, icon collections and visual tags, resolved to
// full family-style rows so that REST and GraphQL can each pick the fields they show.
import { LRUCache } from 'lru-cache';
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

export function createCatalogueService(repo: ReleasesRepo, releases: ReleasesService) {
  // Release data is immutable: build each release's catalogue once (dropped when the database changes).
  // Small (packs, collections, tags), but one per release: the releases most used stay. A build
  // under way is kept too, so concurrent requests share it; a failed one is forgotten.
  const built = new LRUCache<number, Promise<Catalogue>>({ max: 32 });
  releases.onChange(() => built.clear());
  return {
    catalogue(release: Release): Promise<Catalogue> {
      let catalogue = built.get(release.id);
      if (!catalogue) {
        const building = build(release);
        built.set(release.id, (catalogue = building));
        building.catch(() => built.get(release.id) === building && built.delete(release.id));
      }
      return catalogue;
    },
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
