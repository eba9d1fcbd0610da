import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, Suspense, useState } from "react";
import { Navigate, NavLink, Link as RouterLink, useLocation, useNavigate, useRoutes, type RouteObject } from "react-router-dom";
import { CartPanel } from "../CartPanel";
import { NavBar } from "./NavBar";
import { useAuth } from "../../lib/auth";
import { loadNamespaces } from "../../lib/i18n";
import { pageCode } from "../../lib/staleVersion";
import { LoadingState } from "../../components/LoadingState";
import { Warnings } from "../../features/dashboard/layout/Warnings";
import { dashboardPages } from "../../features/dashboard/routes";
import { NotFoundPage } from "../../features/pages/NotFoundPage";
import { isKnownRole, ROLE_HOME, ROLE_TITLE, SIDE_MENU, type Role } from "../../features/dashboard/layout/menu";
import { useTranslation } from "react-i18next";

const DRAWER_WIDTH = 248;

// the dashboard's My Orders is the orders feature's list, handed to the dashboard's pages (one feature never imports another)
const DashboardOrders = lazy(async () => {
  const [orders] = await Promise.all([pageCode(() => import("../../features/orders/MyOrders")), loadNamespaces(["orders"])]);
  return { default: orders.DashboardOrders };
});
/** The pages under /dashboard, routed here so that their table comes with the layout; any other path is not found. */
const PAGES: RouteObject[] = [...dashboardPages(DashboardOrders), { path: "*", element: <NotFoundPage /> }];

/**
 * /dashboard: signed-in users only (others go to /login and come back here after signing in);
 * the role picks the side menu; an unknown role goes to /unauthorized. On phones the side menu
 * is a drawer behind its own button, below the storefront's header.
 */
export default function DashboardLayout() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isKnownRole(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Shell role={user.role} username={user.username} profileImage={user.profileImage} />;
}

function Shell({ role, username, profileImage }: { role: Role; username: string; profileImage: string | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"), { noSsr: true });
  const location = useLocation();
  // a tap on a menu entry closes the phone drawer: it is open only on the page it was opened on
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? location.pathname : null);

  const page = useRoutes(PAGES);
  const menu = <SideMenu role={role} username={username} profileImage={profileImage} />;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: "100vh", bgcolor: "background.default" }}>
      <Box
        component="a"
        href="#dashboard-main"
        sx={{
          position: "absolute",
          left: 8,
          top: -48,
          zIndex: 3000,
          px: 1.5,
          py: 1,
          bgcolor: "primary.main",
          color: "primary.contrastText",
          borderRadius: 1,
          "&:focus": { top: 8 },
        }}
      >
        {t("nav.skipToContent")}
      </Box>
      {/* the storefront's own header (cart, search, avatar menu): the dashboard is part of the shop */}
      <NavBar />
      {!wide && (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            px: 1,
            bgcolor: "background.paper",
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <IconButton
            aria-label={t("dashboardShell.openMenu")}
            aria-controls="dashboard-menu"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <MenuOpenIcon />
          </IconButton>
          <Typography component="span" color="text.secondary">
            {t(ROLE_TITLE[role])}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: "flex", flex: 1 }}>
        <Box
          component="nav"
          aria-label={t("nav.dashboard")}
          // full height: the sidebar runs down to the page's end, its menu stays in view while the page scrolls
          sx={
            wide ? { width: DRAWER_WIDTH, flexShrink: 0, bgcolor: "background.paper", borderRight: 1, borderColor: "divider" } : undefined
          }
        >
          {wide ? (
            <Box sx={{ position: "sticky", top: 64 }}>{menu}</Box>
          ) : (
            <Drawer
              id="dashboard-menu"
              variant="temporary"
              open={open}
              onClose={() => setOpen(false)}
              ModalProps={{ keepMounted: false }}
              // the open drawer is a dialog: it is named, also while it slides shut after a choice
              slotProps={{ paper: { "aria-label": t("dashboardShell.menu") } }}
              sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" } }}
            >
              {menu}
            </Drawer>
          )}
        </Box>
        <Box component="main" id="dashboard-main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: "none" }}>
          <Warnings />
          <Suspense fallback={<LoadingState />}>{page}</Suspense>
        </Box>
      </Box>
      <CartPanel />
    </Box>
  );
}

function SideMenu({ role, username, profileImage }: { role: Role; username: string; profileImage: string | null }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const logOut = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };
  return (
    <Box>
      <Box
        component={RouterLink}
        to={ROLE_HOME[role]}
        sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 2, color: "inherit", textDecoration: "none" }}
      >
        <Avatar src={profileImage ?? undefined} alt="">
          {username.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{username}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(ROLE_TITLE[role])}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List aria-label={t("dashboardShell.menu")}>
        {SIDE_MENU[role].map((item) => (
          <ListItem key={item.label} disablePadding>
            {"to" in item ? (
              <ListItemButton component={NavLink} to={item.to} end sx={{ "&.active": { bgcolor: "action.selected", fontWeight: 600 } }}>
                <ListItemText primary={t(item.label)} />
              </ListItemButton>
            ) : (
              <ListItemButton onClick={logOut}>
                <ListItemText primary={t(item.label)} />
              </ListItemButton>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
