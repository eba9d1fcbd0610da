import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { remainingSeconds, splitCountdown } from "./countdown";

/** Deals of the month: up to 20% off, with a live countdown from 14 days 20 hours 15 minutes 5 seconds. */
export function DealsBlock() {
  const { t } = useTranslation("home");
  const [left, setLeft] = useState(() => remainingSeconds(0));
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setLeft(remainingSeconds(Date.now() - started)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const parts = splitCountdown(left);
  const units: Array<[number, string]> = [
    [parts.days, t("deals.days")],
    [parts.hours, t("deals.hours")],
    [parts.minutes, t("deals.minutes")],
    [parts.seconds, t("deals.seconds")],
  ];
  return (
    <Box component="section" aria-labelledby="deals-heading" sx={{ bgcolor: "#fff7e6", py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg" sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: "1.2fr 1fr" }, alignItems: "center" }}>
        <div>
          <Typography variant="overline" sx={{ color: "#7a4f0e", fontWeight: 700, letterSpacing: 1.5 }}>
            {t("deals.overline")}
          </Typography>
          <Typography id="deals-heading" variant="h3" component="h2" sx={{ fontSize: { xs: "1.8rem", md: "2.6rem" }, mt: 0.5 }}>
            {t("deals.heading")}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 520 }}>
            {t("deals.text")}
          </Typography>
          {/* the shop has no "on sale" filter: the button says what it opens */}
          <Button component={RouterLink} to="/shop?sort=PRICE_ASC" variant="contained" size="large" sx={{ mt: 3 }}>
            {t("deals.shopLowest")}
          </Button>
        </div>
        <Box
          role="timer"
          aria-label={t("deals.endsIn", { days: parts.days, hours: parts.hours, minutes: parts.minutes })}
          sx={{ display: "grid", gridTemplateColumns: "repeat(4, 1fr)", gap: { xs: 1, sm: 2 } }}
        >
          {units.map(([value, label]) => (
            <Box
              key={label}
              sx={{ bgcolor: "background.paper", borderRadius: 2, py: { xs: 1.5, sm: 2.5 }, textAlign: "center", boxShadow: 1 }}
              aria-hidden="true"
            >
              <Typography
                sx={{
                  fontSize: { xs: "1.6rem", sm: "2.4rem" },
                  fontWeight: 800,
                  color: "primary.main",
                  fontVariantNumeric: "tabular-nums",
                }}
              >
                {String(value).padStart(2, "0")}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
