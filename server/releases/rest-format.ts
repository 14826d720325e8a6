// The REST shapes (interface.md "Resources"): exactly the fields the interface lists, camelCase.
import type { Icon } from '../icons/icons.service.ts';
import type { Catalogue } from './catalogue.service.ts';
import type { FamilyStyleRow } from './releases.repo.ts';

export const restFamilyStyle = ({ family, style, prefix, shorthand }: FamilyStyleRow) => ({ family, style, prefix, shorthand });

export const restIcon = (icon: Icon) => ({
  id: icon.name,
  label: icon.label,
  unicodeHex: icon.unicode,
  aliases: icon.aliases,
  familyStylesByLicense: {
    free: icon.familyStylesByLicense.free.map(restFamilyStyle),
    pro: icon.familyStylesByLicense.pro.map(restFamilyStyle),
  },
});

export const restMinimalIcon = (icon: Icon) => ({
  id: icon.name,
  familyStylesByLicense: {
    free: icon.familyStylesByLicense.free.map(({ prefix }) => ({ prefix })),
    pro: icon.familyStylesByLicense.pro.map(({ prefix }) => ({ prefix })),
  },
});

export function restIconPacks({ iconCollections, iconPacks, visualTags, visualTagNames }: Catalogue) {
  return {
    iconCollections: iconCollections.map(({ subset, iconPacks: packs, ...collection }) => ({
      ...collection,
      iconPacks: packs.map((p) => p.name),
      // `subset` is present only on subsetted collections, and `only` only where it narrows.
      ...(subset && { subset: subset.map(({ only, ...entry }) => ({ ...entry, ...(only && { only }) })) }),
    })),
    iconPacks: iconPacks.map(({ familyStyles, description, designerName, designerUrl, ...pack }) => ({
      ...pack,
      // REST types these as strings: unknown values are empty rather than invented.
      description: description ?? '',
      designerName: designerName ?? '',
      designerUrl: designerUrl ?? '',
      familyStyles: familyStyles.map((fs) => ({ family: fs.family, style: fs.style, visualTags: visualTagNames.get(fs.id) ?? [] })),
    })),
    visualTags,
  };
}
