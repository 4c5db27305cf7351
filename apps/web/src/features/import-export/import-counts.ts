import type { TFunction } from 'i18next';

/** The numbers of an import's summary, each with its noun in the right plural form ("1 folder", "3 docs"). */
export function countedNouns(t: TFunction, c: { folders: number; docs: number; params: number }) {
  return {
    folders: t('ie.import.nFolders', { count: c.folders }),
    docs: t('ie.import.nDocs', { count: c.docs }),
    params: t('ie.import.nParams', { count: c.params }),
  };
}
