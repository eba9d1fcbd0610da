import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import TuneIcon from "@mui/icons-material/Tune";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { formatCount } from "../../lib/format";
import { preloadQuery, usePreloadedFetchPolicy } from "../../lib/preload";
import type { ApolloClient } from "@apollo/client";
import { usePageTitle } from "../../components/usePageTitle";
import { ShopProductsDocument, type ProductCardFieldsFragment, type ProductFilter } from "../../generated/graphql";
import { useCatalogOptionsQuery, useShopProductsQuery } from "../../generated/hooks";
import { activeFilters } from "./ActiveFilters";
import { FiltersSkeleton } from "./FiltersSkeleton";
import { ProductResults } from "./ProductResults";
import { SearchBox } from "./SearchBox";
import { SortSelect } from "./SortSelect";
import { clearShopFilters, isPageInRange, parseShopParams, productCount, shopProductsVariables, withShopParam } from "./shopParams";

// the filters (radio groups, price fields) and the phone's sheet are not part of the page's first
// load: fetched as soon as a finger or pointer reaches "Filters", ahead of the tap; so are the
// chips of the filters on, which only a filtered listing shows
const loadFiltersPanel = () => import("./FiltersPanel");
const loadFiltersSheet = () => import("./FiltersSheet");
const loadFilterChips = () => import("./ActiveFilterChips");
const FiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));
const FiltersSheet = lazy(() => loadFiltersSheet().then((m) => ({ default: m.FiltersSheet })));
const ActiveFilterChips = lazy(() => loadFilterChips().then((m) => ({ default: m.ActiveFilterChips })));
const prefetchFilters = () => {
  void loadFiltersPanel();
  void loadFiltersSheet();
  void loadFilterChips();
};

export type ProductListingProps = {
  title: string;
  intro?: ReactNode;
  /** /categories/:name: the category from the path (any case); its filter is then hidden. */
  fixedCategory?: string;
  /** /search puts the search box first and focuses it. */
  searchFirst?: boolean;
  renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode;
  /** What the app offers for the current search (e.g. saving it with an alert), given its API filter. */
  renderSearchAction?: (filter: ProductFilter) => ReactNode;
};

/** The listing's data for /shop with the address's query string, asked for as a visit to the shop starts (app/landing.ts). */
export function preloadShop(client: ApolloClient, search: URLSearchParams): void {
  preloadQuery(client, ShopProductsDocument, shopProductsVariables(parseShopParams(search)));
}

/**
 * The product listing of /shop, /search and /categories/:name: search served by the API over
 * all products, filters (category, colour, price range), sort and 8 per page, all in the URL.
 */
export function ProductListing({
  title,
  intro,
  fixedCategory,
  searchFirst = false,
  renderProductAction,
  renderSearchAction,
}: ProductListingProps) {
  const { t } = useTranslation("shop");
  const catalogLabel = useCatalogLabel();
  usePageTitle(title);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseShopParams(search), [search]);
  const variables = useMemo(() => shopProductsVariables(params, fixedCategory), [params, fixedCategory]);
  const { filter, sort } = variables;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // the sheet's code loads the first time it is asked for, and stays for its closing slide
  const [sheetWanted, setSheetWanted] = useState(false);
  // the side panel is drawn only where it shows: a phone opens the same filters in a drawer
  const sidePanel = useMediaQuery((theme) => theme.breakpoints.up("md"), { noSsr: true });
  const listTop = useRef<HTMLDivElement>(null);

  // the filters' options: for the side panel, the phone's sheet once opened, and the active filters' chips
  const filtered = Boolean(params.campus || params.category || params.color || params.price || params.condition || params.verified);
  const options = useCatalogOptionsQuery({ fetchPolicy: "cache-first", skip: !(sidePanel || sheetWanted || filtered) });
  const products = useShopProductsQuery({ variables, fetchPolicy: usePreloadedFetchPolicy(ShopProductsDocument, variables) });
  const page = products.data?.products;

  // a page outside 1..totalPages is ignored: back to the first page
  useEffect(() => {
    if (page && !products.loading && !isPageInRange(params.page, page.totalPages)) {
      setSearch(withShopParam(search, "page", null), { replace: true });
    }
  }, [page, products.loading, params.page, search, setSearch]);

  const update = (
    key: "category" | "color" | "price" | "campus" | "condition" | "verified" | "q" | "sort" | "page",
    value: string | number | null,
    replace = false,
  ) => {
    setSearch(withShopParam(search, key, value), { replace });
  };

  const goToPage = (next: number) => {
    if (!page || !isPageInRange(next, page.totalPages)) return;
    update("page", next);
    listTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const catalog = options.data?.catalogOptions;
  const filters = activeFilters(params, catalog, { fixedCategory, searchFirst }, t, catalogLabel);
  const filterCount = filters.filter((f) => f.key !== "q").length;

  const filtersPanel = (
    <FiltersPanel
      options={catalog}
      params={params}
      showCategory={!fixedCategory}
      onChange={(key, value) => {
        update(key, value);
      }}
      onClear={() => setSearch(clearShopFilters(search))}
    />
  );

  const searchBox = <SearchBox value={params.q} onSearch={(text, { replace }) => update("q", text, replace)} autoFocus={searchFirst} />;

  const first = page ? (page.page - 1) * page.pageSize + 1 : 0;
  const last = page ? Math.min(page.totalItems, page.page * page.pageSize) : 0;
  const count = page ? productCount(page.totalItems, page.totalIsExact, t) : "";

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
      )}
      {searchFirst && <Box sx={{ mt: 2, maxWidth: 640 }}>{searchBox}</Box>}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "240px 1fr" }, gap: { xs: 2, md: 4 }, mt: 3 }}>
        <Box component="aside" aria-label={t("filters.heading")} sx={{ display: { xs: "none", md: "block" } }}>
          <Paper variant="outlined" sx={{ p: 2, position: "sticky", top: 80 }}>
            {sidePanel && <Suspense fallback={<FiltersSkeleton />}>{filtersPanel}</Suspense>}
          </Paper>
        </Box>
        <Box ref={listTop} sx={{ minWidth: 0, scrollMarginTop: 80 }}>
          <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: { xs: "wrap", sm: "nowrap" }, mb: 2 }}>
            {!searchFirst && <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>{searchBox}</Box>}
            <Button
              variant="outlined"
              onPointerDown={prefetchFilters}
              onFocus={prefetchFilters}
              onClick={() => {
                setSheetWanted(true);
                setFiltersOpen(true);
              }}
              startIcon={
                <Badge badgeContent={filterCount} color="primary">
                  <TuneIcon />
                </Badge>
              }
              sx={{ display: { xs: "inline-flex", md: "none" }, flexShrink: 0 }}
            >
              {t("filters.heading")}
            </Button>
            <SortSelect value={sort} searching={Boolean(params.q)} pushRight={searchFirst} onChange={(value) => update("sort", value)} />
          </Box>
          {filters.length > 0 && (
            <Suspense fallback={null}>
              <ActiveFilterChips filters={filters} onRemove={(key) => update(key, null)} />
            </Suspense>
          )}
          {renderSearchAction?.(filter)}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: 20 }} role="status" aria-live="polite">
            {page && page.totalItems > 0
              ? t("listing.showing", { first: formatCount(first), last: formatCount(last), products: count })
              : ""}
          </Typography>
          <ProductResults
            products={products}
            fixedCategory={fixedCategory}
            canClear={filterCount > 0 || Boolean(params.q)}
            onClear={() => setSearch(clearShopFilters(search))}
            onPage={goToPage}
            renderProductAction={renderProductAction}
          />
        </Box>
      </Box>
      {sheetWanted && (
        <Suspense fallback={null}>
          <FiltersSheet
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            showLabel={page ? t("listing.show", { products: count }) : t("listing.showProducts")}
          >
            {filtersPanel}
          </FiltersSheet>
        </Suspense>
      )}
    </Container>
  );
}
