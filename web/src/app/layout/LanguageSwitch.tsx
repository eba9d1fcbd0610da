import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGES, switchLanguage } from "../../lib/i18n";

/** English / اردو: each name written in its own language, the current one pressed; the choice is remembered. */
export function LanguageSwitch({ color = "inherit" }: { color?: "inherit" | "primary" }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t("language.label")}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          lang={language}
          size="small"
          color={color}
          variant={language === current ? "outlined" : "text"}
          aria-pressed={language === current}
          onClick={() => void switchLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </Stack>
  );
}
