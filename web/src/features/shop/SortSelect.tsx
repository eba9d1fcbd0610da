import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import NativeSelect from "@mui/material/NativeSelect";
import OutlinedInput from "@mui/material/OutlinedInput";
import { useTranslation } from "react-i18next";
import type { ProductSort } from "../../generated/graphql";
import { SORTS } from "./shopParams";

type SortSelectProps = {
  value: ProductSort;
  /** "Relevance" is offered only while there is a search text */
  searching: boolean;
  /** on /search the box sits at the row's end */
  pushRight: boolean;
  onChange: (value: string) => void;
};

/** The listing's "Sort by" picker. */
export function SortSelect({ value, searching, pushRight, onChange }: SortSelectProps) {
  const { t } = useTranslation("shop");
  return (
    <FormControl size="small" sx={{ minWidth: 170, flex: { xs: "1 1 150px", sm: "0 0 auto" }, ml: { sm: pushRight ? "auto" : 0 } }}>
      {/* the phone's own picker; MUI's Select would bring its menu and pop-over code to the page */}
      <InputLabel htmlFor="shop-sort" shrink>
        {t("sort.label")}
      </InputLabel>
      <NativeSelect
        variant="outlined"
        input={<OutlinedInput label={t("sort.label")} notched />}
        inputProps={{ id: "shop-sort" }}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {SORTS.filter((sort) => sort !== "RELEVANCE" || searching).map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
