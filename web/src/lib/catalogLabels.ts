import { useTranslation } from "react-i18next";

/** The server's catalogue lists whose options the web names in the reader's language (campuses are proper names: they stay). */
export type CatalogList = "category" | "color" | "condition";

/** Names an option of the catalogue by its slug, e.g. `catalogLabel("condition", "like-new", "Like new")`. */
export type CatalogLabel = (list: CatalogList, slug: string, serverLabel?: string | null) => string;

/**
 * The catalogue's words in the reader's language (the `catalog` namespace). The server names its
 * options in English: its label, else the capitalised slug ("Textbooks" from an old link), shows
 * until the option has a translation.
 */
export function useCatalogLabel(): CatalogLabel {
  const { t } = useTranslation("catalog");
  return (list, slug, serverLabel) => t(`${list}.${slug}`, { defaultValue: serverLabel ?? slug.charAt(0).toUpperCase() + slug.slice(1) });
}
