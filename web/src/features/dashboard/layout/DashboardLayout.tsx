import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { useTheme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Suspense, useEffect, useState } from "react";
import { Navigate, NavLink, Outlet, Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../../../lib/auth";
import { LoadingState } from "../../../components/LoadingState";
import { isKnownRole, ROLE_HOME, ROLE_TITLE, SIDE_MENU, type Role } from "./menu";

const DRAWER_WIDTH = 248;

/**
 * /dashboard: signed-in users only (others go to /login and come back here after signing in);
 * the role picks the side menu; an unknown role goes to /unauthorized. On phones the side menu
 * is a drawer behind a hamburger button.
 */
export default function DashboardLayout() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isKnownRole(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Shell role={user.role} username={user.username} profileImage={user.profileImage} />;
}

function Shell({ role, username, profileImage }: { role: Role; username: string; profileImage: string | null }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"), { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // a tap on a menu entry closes the phone drawer
  useEffect(() => setOpen(false), [location.pathname]);

  const menu = <SideMenu role={role} username={username} profileImage={profileImage} />;

  return (
    <>
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
        Skip to content
      </Box>
      <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}>
        <AppBar position="fixed" color="default" elevation={1} sx={{ zIndex: (t) => (wide ? t.zIndex.drawer + 1 : t.zIndex.appBar) }}>
          <Toolbar sx={{ gap: 1 }}>
            {!wide && (
              <IconButton
                edge="start"
                aria-label="Open dashboard menu"
                aria-controls="dashboard-menu"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Link component={RouterLink} to="/" underline="none" color="inherit" variant="h6" sx={{ fontWeight: 700 }}>
              UniBazaar
            </Link>
            <Typography component="span" color="text.secondary" sx={{ display: { xs: "none", sm: "inline" } }}>
              {ROLE_TITLE[role]}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            <Link component={RouterLink} to="/shop" underline="hover">
              Shop
            </Link>
          </Toolbar>
        </AppBar>
        <Box component="nav" aria-label="Dashboard" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          {wide ? (
            <Drawer variant="permanent" open sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" } }}>
              <Toolbar />
              {menu}
            </Drawer>
          ) : (
            <Drawer
              id="dashboard-menu"
              variant="temporary"
              open={open}
              onClose={() => setOpen(false)}
              ModalProps={{ keepMounted: false }}
              sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" } }}
            >
              {menu}
            </Drawer>
          )}
        </Box>
        <Box component="main" id="dashboard-main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: "none" }}>
          <Toolbar />
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </>
  );
}

function SideMenu({ role, username, profileImage }: { role: Role; username: string; profileImage: string | null }) {
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
            {ROLE_TITLE[role]}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List aria-label="Dashboard menu">
        {SIDE_MENU[role].map((item) => (
          <ListItem key={item.label} disablePadding>
            {"to" in item ? (
              <ListItemButton component={NavLink} to={item.to} end sx={{ "&.active": { bgcolor: "action.selected", fontWeight: 600 } }}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ) : (
              <ListItemButton onClick={logOut}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
