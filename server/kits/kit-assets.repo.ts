// SQL for what a kit's scripts carry: every SVG of a release and its icons' alias names, read once
// per build of a kit's icon script (a whole release: a few thousand rows, one statement each).
import { asc, eq, sql } from 'drizzle-orm';
import { prepared, type Database } from '../../db/database.ts';

export interface ReleaseSvg {
  iconId: number;
  familyStyleId: number;
  width: number;
  height: number;
  /** One path, or two for duotone. */
  pathData: string[];
}

export function createKitAssetsRepo(database: Database) {
  const { db, t } = database;
  const releaseId = sql.placeholder('releaseId');
  const svgs = prepared(
    database,
    'kit_assets_svgs',
    db
      .select({ iconId: t.iconSvgs.iconId, familyStyleId: t.iconSvgs.familyStyleId, width: t.iconSvgs.width, height: t.iconSvgs.height, pathData: t.iconSvgs.pathData })
      .from(t.iconSvgs)
      .innerJoin(t.icons, eq(t.icons.id, t.iconSvgs.iconId))
      .where(eq(t.icons.releaseId, releaseId)),
  );
  const aliases = prepared(
    database,
    'kit_assets_aliases',
    db
      .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
      .from(t.iconAliasNames)
      .where(eq(t.iconAliasNames.releaseId, releaseId))
      .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position)),
  );
  return {
    svgs: async (release: number): Promise<ReleaseSvg[]> => svgs({ releaseId: release }),
    aliases: async (release: number) => aliases({ releaseId: release }),
  };
}

export type KitAssetsRepo = ReturnType<typeof createKitAssetsRepo>;
