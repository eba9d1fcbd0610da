import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { formatCount } from "../../lib/format";
import type { CatalogOptionsQuery } from "../../generated/graphql";
import { FiltersSkeleton } from "./FiltersSkeleton";
import { customPriceKey, parsePriceRange, priceRangeKey, priceRangeLabel, type ShopParams } from "./shopParams";

type FiltersPanelProps = {
  options: CatalogOptionsQuery["catalogOptions"] | undefined;
  params: ShopParams;
  /** Hidden on /categories/:name, where the category comes from the path. */
  showCategory: boolean;
  onChange: (key: "category" | "color" | "price" | "campus" | "condition" | "verified", value: string) => void;
  onClear: () => void;
};

/** Campus (only those with listings, with their counts; and "Verified sellers only"), category, colour, price range and condition, each with "All". */
export function FiltersPanel({ options, params, showCategory, onChange, onClear }: FiltersPanelProps) {
  const { t } = useTranslation("shop");
  const catalogLabel = useCatalogLabel();
  if (!options) return <FiltersSkeleton />;
  const anyFilter = Boolean(
    (showCategory && params.category) || params.color || params.price || params.campus || params.condition || params.verified || params.q,
  );
  return (
    <Stack spacing={3}>
      <FilterGroup
        id="filter-campus"
        label={t("filters.campus")}
        value={params.campus}
        options={options.listedCampuses.map((c) => ({
          value: c.slug,
          label: t("filters.campusWithCount", { campus: c.label, listings: formatCount(c.listings) }),
        }))}
        onChange={(v) => onChange("campus", v)}
      />
      <FormControlLabel
        control={<Checkbox checked={params.verified} onChange={(e) => onChange("verified", e.target.checked ? "1" : "")} />}
        label={t("filters.verifiedOnly")}
        sx={{ mt: -2 }}
      />
      {showCategory && (
        <FilterGroup
          id="filter-category"
          label={t("filters.category")}
          value={params.category}
          options={options.categories.map((c) => ({ value: c.slug, label: catalogLabel("category", c.slug, c.label) }))}
          onChange={(v) => onChange("category", v)}
        />
      )}
      <FilterGroup
        id="filter-color"
        label={t("filters.colour")}
        value={params.color}
        options={options.colors.map((c) => ({ value: c.slug, label: catalogLabel("color", c.slug, c.label) }))}
        onChange={(v) => onChange("color", v)}
      />
      <FilterGroup
        id="filter-price"
        label={t("filters.priceRange")}
        value={params.price}
        options={options.priceRanges.map((r) => ({ value: priceRangeKey(r), label: priceRangeLabel(priceRangeKey(r), t) }))}
        onChange={(v) => onChange("price", v)}
      />
      <CustomPriceRange
        // a new range from the URL (a band picked, Back, Clear) refills the fields
        key={params.price}
        price={params.price}
        isBand={options.priceRanges.some((r) => priceRangeKey(r) === params.price)}
        onApply={(key) => onChange("price", key)}
      />
      <FilterGroup
        id="filter-condition"
        label={t("filters.condition")}
        value={params.condition}
        options={options.conditions.map((c) => ({ value: c.slug, label: catalogLabel("condition", c.slug, c.label) }))}
        onChange={(v) => onChange("condition", v)}
      />
      <Button variant="outlined" onClick={onClear} disabled={!anyFilter}>
        {t("filters.clear")}
      </Button>
    </Stack>
  );
}

function FilterGroup({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("shop");
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700, color: "text.primary", mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup aria-labelledby={`${id}-label`} name={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <FormControlLabel value="" control={<Radio size="small" />} label={t("filters.all")} />
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio size="small" />} label={option.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A minimum and maximum in rupees of the shopper's own, for when no band fits. */
function CustomPriceRange({ price, isBand, onApply }: { price: string; isBand: boolean; onApply: (key: string) => void }) {
  const { t } = useTranslation("shop");
  const current = isBand ? null : parsePriceRange(price);
  const [min, setMin] = useState(current ? String(current.min) : "");
  const [max, setMax] = useState(current?.max != null ? String(current.max) : "");
  const [error, setError] = useState("");
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = customPriceKey(min, max);
    if ("error" in result) return setError(t(`price.errors.${result.error}`));
    setError("");
    onApply(result.key);
  };
  const htmlInput = { inputMode: "decimal" as const, "aria-describedby": error ? "custom-price-error" : undefined };
  return (
    <Stack component="form" role="group" aria-label={t("price.custom")} spacing={1} onSubmit={apply} noValidate>
      <Stack direction="row" spacing={1}>
        <TextField
          label={t("price.min")}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          size="small"
          slotProps={{ htmlInput }}
          error={Boolean(error)}
        />
        <TextField
          label={t("price.max")}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          size="small"
          slotProps={{ htmlInput }}
          error={Boolean(error)}
        />
      </Stack>
      {error && (
        <FormHelperText id="custom-price-error" error role="alert">
          {error}
        </FormHelperText>
      )}
      <Button type="submit" variant="text" size="small" sx={{ alignSelf: "flex-start" }}>
        {t("price.apply")}
      </Button>
    </Stack>
  );
}
