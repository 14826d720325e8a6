// SQL for what a kit's scripts carry: every SVG of a release and its icons' alias names, read once
// per build of a kit's icon script (a whole release: a few thousand rows, one statement each).
import type { Db } from '../../db/client.ts';

export interface ReleaseSvg {
  iconId: number;
  familyStyleId: number;
  width: number;
  height: number;
  pathData: string;
}

export function createKitAssetsRepo(db: Db) {
  const svgs = db.$client.prepare(
    `select s.icon_id as iconId, s.family_style_id as familyStyleId, s.width, s.height, s.path_data as pathData
       from icon_svgs s join icons i on i.id = s.icon_id where i.release_id = ?`,
  );
  const aliases = db.$client.prepare('select icon_id as iconId, name from icon_alias_names where release_id = ? order by icon_id, position');
  return {
    /** SVGs of a release; pathData is the stored JSON array (one path, or two for duotone). */
    svgs: async (releaseId: number) => svgs.all(releaseId) as ReleaseSvg[],
    aliases: async (releaseId: number) => aliases.all(releaseId) as { iconId: number; name: string }[],
  };
}

export type KitAssetsRepo = ReturnType<typeof createKitAssetsRepo>;
