import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import NativeSelect from "@mui/material/NativeSelect";
import OutlinedInput from "@mui/material/OutlinedInput";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import CloseIcon from "@mui/icons-material/Close";
import TuneIcon from "@mui/icons-material/Tune";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { errorMessage } from "../../components/errors";
import { formatCount } from "../../lib/format";
import { PaginationBar } from "../../components/PaginationBar";
import { FIRST_ROW, ProductCard, ProductGrid, ProductGridSkeleton } from "../../components/ProductCard";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { ProductCardFieldsFragment } from "../../generated/graphql";
import { useCatalogOptionsQuery, useShopProductsQuery } from "../../generated/hooks";
import { FiltersSkeleton } from "./FiltersSkeleton";
import { SearchBox } from "./SearchBox";
import {
  clearShopFilters,
  effectiveSort,
  isPageInRange,
  parseShopParams,
  priceRangeKey,
  priceRangeLabel,
  productCount,
  SHOP_PAGE_SIZE,
  SORTS,
  toProductFilter,
  withShopParam,
} from "./shopParams";

// the filters (radio groups, price fields) and the phone's sheet are not part of the page's first
// load: fetched as soon as a finger or pointer reaches "Filters", ahead of the tap
const loadFiltersPanel = () => import("./FiltersPanel");
const loadFiltersSheet = () => import("./FiltersSheet");
const FiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));
const FiltersSheet = lazy(() => loadFiltersSheet().then((m) => ({ default: m.FiltersSheet })));
const prefetchFilters = () => {
  void loadFiltersPanel();
  void loadFiltersSheet();
};

export type ProductListingProps = {
  title: string;
  intro?: ReactNode;
  /** /categories/:name: the category from the path (any case); its filter is then hidden. */
  fixedCategory?: string;
  /** /search puts the search box first and focuses it. */
  searchFirst?: boolean;
  renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode;
};

/**
 * The product listing of /shop, /search and /categories/:name: search served by the API over
 * all products, filters (category, colour, price range), sort and 8 per page, all in the URL.
 */
export function ProductListing({ title, intro, fixedCategory, searchFirst = false, renderProductAction }: ProductListingProps) {
  usePageTitle(title);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseShopParams(search), [search]);
  const filter = useMemo(() => toProductFilter(params, fixedCategory), [params, fixedCategory]);
  const sort = effectiveSort(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // the sheet's code loads the first time it is asked for, and stays for its closing slide
  const [sheetWanted, setSheetWanted] = useState(false);
  // the side panel is drawn only where it shows: a phone opens the same filters in a drawer
  const sidePanel = useMediaQuery((theme) => theme.breakpoints.up("md"), { noSsr: true });
  const listTop = useRef<HTMLDivElement>(null);

  // the filters' options: for the side panel, the phone's sheet once opened, and the active filters' chips
  const filtered = Boolean(params.campus || params.category || params.color || params.price || params.condition || params.verified);
  const options = useCatalogOptionsQuery({ fetchPolicy: "cache-first", skip: !(sidePanel || sheetWanted || filtered) });
  const products = useShopProductsQuery({ variables: { filter, sort, page: params.page, pageSize: SHOP_PAGE_SIZE } });
  const page = products.data?.products;
  // a filter the server does not know (e.g. /categories/unknown) finds nothing; it is not an outage
  const badFilter = CombinedGraphQLErrors.is(products.error) && products.error.errors.some((e) => e.extensions?.code === "BAD_USER_INPUT");

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
  const labelOf = (list: Array<{ slug: string; label: string }> | undefined, slug: string) =>
    list?.find((o) => o.slug === slug)?.label ?? slug;
  const priceLabel = catalog?.priceRanges.find((r) => priceRangeKey(r) === params.price)?.label ?? priceRangeLabel(params.price);
  const activeFilters: Array<{ key: "category" | "color" | "price" | "campus" | "condition" | "verified" | "q"; label: string }> = [];
  if (params.campus) activeFilters.push({ key: "campus", label: labelOf(catalog?.campuses, params.campus) });
  if (params.verified) activeFilters.push({ key: "verified", label: "Verified sellers only" });
  if (!fixedCategory && params.category) activeFilters.push({ key: "category", label: labelOf(catalog?.categories, params.category) });
  if (params.color) activeFilters.push({ key: "color", label: labelOf(catalog?.colors, params.color) });
  if (params.price) activeFilters.push({ key: "price", label: priceLabel });
  if (params.condition) activeFilters.push({ key: "condition", label: labelOf(catalog?.conditions, params.condition) });
  if (params.q && !searchFirst) activeFilters.push({ key: "q", label: `“${params.q}”` });
  const filterCount = activeFilters.filter((f) => f.key !== "q").length;

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
  const count = page ? productCount(page.totalItems, page.totalIsExact) : "";

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
        <Box component="aside" aria-label="Filters" sx={{ display: { xs: "none", md: "block" } }}>
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
              Filters
            </Button>
            <FormControl
              size="small"
              sx={{ minWidth: 170, flex: { xs: "1 1 150px", sm: "0 0 auto" }, ml: { sm: searchFirst ? "auto" : 0 } }}
            >
              {/* the phone's own picker; MUI's Select would bring its menu and pop-over code to the page */}
              <InputLabel htmlFor="shop-sort" shrink>
                Sort by
              </InputLabel>
              <NativeSelect
                variant="outlined"
                input={<OutlinedInput label="Sort by" notched />}
                inputProps={{ id: "shop-sort" }}
                value={sort}
                onChange={(e) => update("sort", e.target.value)}
              >
                {SORTS.filter((s) => s.value !== "RELEVANCE" || params.q).map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          </Box>
          {activeFilters.length > 0 && (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }} aria-label="Active filters" role="group">
              {activeFilters.map((f) => (
                <Chip
                  key={f.key}
                  label={f.label}
                  onDelete={() => update(f.key, null)}
                  size="small"
                  deleteIcon={<CloseIcon aria-label={`Remove filter ${f.label}`} />}
                />
              ))}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: 20 }} role="status" aria-live="polite">
            {page && page.totalItems > 0 ? `Showing ${formatCount(first)}–${formatCount(last)} of ${count}` : ""}
          </Typography>
          {badFilter ? (
            <EmptyState
              message="No products found."
              action={
                <>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {errorMessage(products.error, "")}
                  </Typography>
                  {fixedCategory ? (
                    <Button component={RouterLink} to="/shop" variant="outlined">
                      Browse all products
                    </Button>
                  ) : (
                    <Button variant="outlined" onClick={() => setSearch(clearShopFilters(search))}>
                      Clear filters and search
                    </Button>
                  )}
                </>
              }
            />
          ) : (
            <QueryState
              loading={products.loading}
              error={products.error}
              data={page}
              errorText="Error loading products."
              empty={
                <EmptyState
                  message="No products found."
                  action={
                    filterCount > 0 || params.q ? (
                      <Button variant="outlined" onClick={() => setSearch(clearShopFilters(search))}>
                        Clear filters and search
                      </Button>
                    ) : undefined
                  }
                />
              }
              skeleton={<ProductGridSkeleton count={SHOP_PAGE_SIZE} />}
              onRetry={() => void products.refetch()}
            >
              {(result) => (
                <Box sx={{ opacity: products.loading ? 0.6 : 1, transition: "opacity .2s" }}>
                  <ProductGrid label="Products">
                    {result.items.map((product, index) => (
                      <li key={product.id}>
                        <ProductCard
                          product={product}
                          action={renderProductAction?.(product)}
                          headingComponent="h2"
                          priority={index < FIRST_ROW}
                        />
                      </li>
                    ))}
                  </ProductGrid>
                  <PaginationBar page={result.page} totalPages={result.totalPages} onChange={goToPage} label="Product pages" />
                </Box>
              )}
            </QueryState>
          )}
        </Box>
      </Box>
      {sheetWanted && (
        <Suspense fallback={null}>
          <FiltersSheet open={filtersOpen} onClose={() => setFiltersOpen(false)} showLabel={page ? `Show ${count}` : "Show products"}>
            {filtersPanel}
          </FiltersSheet>
        </Suspense>
      )}
    </Container>
  );
}
