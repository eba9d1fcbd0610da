import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import LoginOutlined from "@mui/icons-material/LoginOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import SearchIcon from "@mui/icons-material/Search";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { NavLink, Link as RouterLink, useNavigate } from "react-router-dom";
import { useNotify } from "../../components/Notify";
import { useCart } from "../../features/cart/CartContext";
import { useAuth } from "../../lib/auth";
import { Logo } from "./Logo";
import { MAIN_LINKS } from "./navLinks";
import { useTranslation } from "react-i18next";

// only signed-in users see the messages button and the bell: visitors load neither them nor the subscription client code
const NotificationBell = lazy(async () => ({ default: (await import("../../domain/notifications/NotificationBell")).NotificationBell }));
const MessagesButton = lazy(async () => ({ default: (await import("../../domain/messages/MessagesButton")).MessagesButton }));
const AccountMenu = lazy(async () => ({ default: (await import("./NavMenus")).AccountMenu }));
const NavDrawer = lazy(async () => ({ default: (await import("./NavMenus")).NavDrawer }));

/** Top navigation: Home, Shop, logo, search, cart with item count, avatar menu or login; a menu button on phones. */
export function NavBar() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const { cart, openCart } = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // each pop-up's code loads on first open, then it stays mounted (so it can animate closed)
  const [menuSeen, setMenuSeen] = useState(false);
  const [drawerSeen, setDrawerSeen] = useState(false);
  if (menuAnchor && !menuSeen) setMenuSeen(true);
  if (drawerOpen && !drawerSeen) setDrawerSeen(true);

  const logout = async () => {
    setMenuAnchor(null);
    setDrawerOpen(false);
    await signOut();
    notify.info(t("nav.loggedOut"));
    navigate("/");
  };

  const count = cart.selectedItems;
  const initial = (user?.username ?? user?.name ?? "?").charAt(0).toUpperCase();

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <IconButton
            onClick={() => setDrawerOpen(true)}
            aria-label={t("nav.openMenu")}
            sx={{ display: { xs: "inline-flex", md: "none" } }}
          >
            <MenuIcon />
          </IconButton>
          <Box component="nav" aria-label={t("nav.main")} sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, flex: 1 }}>
            {MAIN_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === "/"}
                color="inherit"
                sx={{ "&.active": { color: "primary.main", textDecoration: "underline", textUnderlineOffset: 6 } }}
              >
                {t(link.label)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: { xs: 1, md: "none" }, display: "flex", justifyContent: { xs: "flex-start", md: "center" } }}>
            <Logo />
          </Box>
          <Box sx={{ flex: { md: 1 }, display: "flex", justifyContent: "flex-end", alignItems: "center", gap: { xs: 0, sm: 0.5 } }}>
            {/* a signed-in phone header also holds messages and the bell: search stays in the menu there */}
            <IconButton
              title={t("nav.search")}
              component={RouterLink}
              to="/search"
              aria-label={t("nav.searchProducts")}
              sx={{ display: { xs: user ? "none" : "inline-flex", sm: "inline-flex" } }}
            >
              <SearchIcon />
            </IconButton>
            {/* everyone may sell: visitors sign in or up on the way; on phones it is the menu's first entry */}
            <Button
              component={RouterLink}
              to="/sell"
              variant="contained"
              size="small"
              sx={{ display: { xs: "none", sm: "inline-flex" }, mx: 0.5 }}
            >
              {t("nav.sell")}
            </Button>
            <IconButton title={t("nav.cart")} onClick={openCart} aria-label={t("nav.cartWithItems", { count })}>
              {/* remounted when the cart empties: MUI keeps the old number in the hidden badge otherwise,
                  and the button's text would no longer match its name */}
              <Badge key={count === 0 ? "empty" : "items"} badgeContent={count} color="error" max={99} showZero={false}>
                <ShoppingCartOutlined />
              </Badge>
            </IconButton>
            {user ? (
              <>
                <Suspense fallback={null}>
                  <MessagesButton />
                  <NotificationBell />
                </Suspense>
                <IconButton
                  title={t("nav.account")}
                  onClick={(e: MouseEvent<HTMLElement>) => setMenuAnchor(e.currentTarget)}
                  aria-label={t("nav.accountMenuFor", { username: user.username })}
                  aria-haspopup="menu"
                  aria-controls={menuAnchor ? "account-menu" : undefined}
                  aria-expanded={menuAnchor ? "true" : undefined}
                >
                  <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 32, height: 32, bgcolor: "primary.main", fontSize: 16 }}>
                    {initial}
                  </Avatar>
                </IconButton>
                {menuSeen && (
                  <Suspense fallback={null}>
                    <AccountMenu user={user} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} onLogout={logout} />
                  </Suspense>
                )}
              </>
            ) : (
              <IconButton title={t("nav.login")} component={RouterLink} to="/login" aria-label={t("nav.loginPage")}>
                <LoginOutlined />
              </IconButton>
            )}
          </Box>
        </Toolbar>
      </Container>
      {drawerSeen && (
        <Suspense fallback={null}>
          <NavDrawer user={user} open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={logout} />
        </Suspense>
      )}
    </AppBar>
  );
}
