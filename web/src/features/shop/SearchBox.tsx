import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import ClearIcon from "@mui/icons-material/Clear";
import SearchIcon from "@mui/icons-material/Search";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

type SearchBoxProps = {
  value: string;
  /** `replace`: a pause in typing (replaces the history entry); otherwise an explicit search. */
  onSearch: (text: string, options: { replace: boolean }) => void;
  autoFocus?: boolean;
  label?: string;
};

import { useTranslation } from "react-i18next";
/** A search field that searches when you pause typing (half a second) or press Enter. */
export function SearchBox({ value, onSearch, autoFocus, label }: SearchBoxProps) {
  const { t } = useTranslation("shop");
  const fieldLabel = label ?? t("search.label");
  const inputId = useId();
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);

  // the URL changed (Back, a link): show what it says
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (next.trim() !== value) onSearch(next.trim(), { replace: true });
    }, 500);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.clearTimeout(timer.current);
    if (text.trim() !== value) onSearch(text.trim(), { replace: false });
  };

  return (
    <form role="search" onSubmit={submit} style={{ width: "100%" }}>
      {/* a TextField's parts without TextField, which would bring Select's menu code to the shop */}
      <FormControl fullWidth size="small">
        <InputLabel htmlFor={inputId}>{fieldLabel}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={fieldLabel}
          value={text}
          onChange={(e) => change(e.target.value)}
          autoFocus={autoFocus}
          placeholder={t("search.placeholder")}
          inputProps={{ enterKeyHint: "search", autoComplete: "off" }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          }
          endAdornment={
            text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label={t("search.clear")}
                  onClick={() => {
                    window.clearTimeout(timer.current);
                    setText("");
                    if (value) onSearch("", { replace: false });
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </FormControl>
    </form>
  );
}
