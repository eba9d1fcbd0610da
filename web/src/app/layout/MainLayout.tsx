import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { drawnWhenNear } from "../../components/BelowTheFold";
import { ScrollRestoration } from "../../components/ScrollRestoration";
import { CartPanel } from "../CartPanel";
import { NavBar } from "./NavBar";
import { PageSkeleton } from "./PageSkeletons";
import { useTranslation } from "react-i18next";
import { loadNamespaces } from "../../lib/i18n";

// below the fold on every page (the main area is at least a screen tall): its code and words follow the page's
const Footer = lazy(async () => ({ default: (await Promise.all([import("./Footer"), loadNamespaces(["footer"])]))[0].Footer }));

/** Every public page: top navigation, the page (loaded on demand), the footer and the cart panel. */
export function MainLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: "100vh" }}>
      <GlobalStyles
        styles={{
          ".skip-link": {
            position: "absolute",
            left: 8,
            top: -48,
            zIndex: 3000,
            padding: "8px 12px",
            background: "#0b5d4b",
            color: "#fff",
            borderRadius: 6,
          },
          ".skip-link:focus": { top: 8 },
          ".visually-hidden": {
            position: "absolute",
            width: 1,
            height: 1,
            padding: 0,
            margin: -1,
            overflow: "hidden",
            clip: "rect(0, 0, 0, 0)",
            whiteSpace: "nowrap",
            border: 0,
          },
        }}
      />
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <NavBar />
      {/* at least a screen tall: the footer starts below the fold and never jumps down when a page arrives */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, minHeight: "100vh", outline: "none" }}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
      {/* laid out and painted only as it nears the viewport (its usual height, with its top margin, holds its place) */}
      <Box sx={drawnWhenNear({ phone: 1015, desktop: 510 })}>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </Box>
      <CartPanel />
      <ScrollRestoration />
    </Box>
  );
}
