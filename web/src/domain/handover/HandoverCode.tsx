import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { toDataURL } from "qrcode";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The buyer's code, large and high contrast (black on white, readable in sunlight): 6 digits and a
 * QR code of the same digits for the seller's camera.
 */
export function HandoverCode({ code }: { code: string }) {
  const { t } = useTranslation("deals");
  const headingId = useId();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(code, { errorCorrectionLevel: "M", margin: 2, width: 320, color: { dark: "#000000", light: "#ffffff" } }).then(
      (url) => live && setQr(url),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mt: 3, bgcolor: "#ffffff", color: "#000000", borderColor: "#000000", borderWidth: 2, textAlign: "center" }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ color: "#000000" }}>
        {t("handover.yourCode")}
      </Typography>
      <Typography variant="body2" sx={{ color: "#000000", mt: 0.5 }}>
        {t("handover.codeHelp")}
      </Typography>
      <Typography
        aria-label={t("handover.codeLabel", { digits: code.split("").join(" ") })}
        data-testid="handover-code"
        sx={{ fontSize: { xs: "3rem", sm: "3.5rem" }, fontWeight: 800, letterSpacing: "0.2em", fontVariantNumeric: "tabular-nums", mt: 1 }}
      >
        {code}
      </Typography>
      <Box sx={{ display: "flex", justifyContent: "center", mt: 1 }}>
        {qr ? (
          <Box component="img" src={qr} alt={`QR code of the handover code ${code}`} sx={{ width: "min(280px, 80vw)", height: "auto" }} />
        ) : (
          <Box sx={{ width: "min(280px, 80vw)", aspectRatio: "1" }} />
        )}
      </Box>
    </Paper>
  );
}
