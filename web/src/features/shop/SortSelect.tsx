import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import type { InputBaseComponentProps } from "@mui/material/InputBase";
import OutlinedInput from "@mui/material/OutlinedInput";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import type { SelectHTMLAttributes } from "react";
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

/**
 * The outlined field's input element: the browser's own <select>. InputBase types what it hands
 * over as an <input>'s props; its handlers only read the element's value, which a <select> has.
 */
function NativeSelectElement(props: InputBaseComponentProps) {
  return <select {...(props as SelectHTMLAttributes<HTMLSelectElement>)} />;
}

/**
 * The listing's "Sort by" picker: the phone's own <select> in the outlined field the search box
 * uses. MUI's Select would bring its menu and pop-over code to the shop's first load, and its
 * NativeSelect the standard Input as well; the arrow is drawn as NativeSelect draws it.
 */
export function SortSelect({ value, searching, pushRight, onChange }: SortSelectProps) {
  const { t } = useTranslation("shop");
  return (
    <FormControl size="small" sx={{ minWidth: 170, flex: { xs: "1 1 150px", sm: "0 0 auto" }, ml: { sm: pushRight ? "auto" : 0 } }}>
      <InputLabel htmlFor="shop-sort" shrink>
        {t("sort.label")}
      </InputLabel>
      <OutlinedInput
        id="shop-sort"
        label={t("sort.label")}
        notched
        inputComponent={NativeSelectElement}
        inputProps={{
          children: SORTS.filter((sort) => sort !== "RELEVANCE" || searching).map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          )),
        }}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        endAdornment={<ArrowDropDownIcon sx={{ position: "absolute", right: 7, pointerEvents: "none", color: "action.active" }} />}
        // the arrow lies over the select's own right padding, as in NativeSelect: no room kept beside it
        sx={{
          pr: 0,
          "& select": {
            appearance: "none",
            cursor: "pointer",
            userSelect: "none",
            borderRadius: 1,
            pr: "32px",
            "& option": { bgcolor: "background.paper" },
          },
        }}
      />
    </FormControl>
  );
}
