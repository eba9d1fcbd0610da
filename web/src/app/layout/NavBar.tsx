import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import LoginOutlined from "@mui/icons-material/LoginOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import SearchIcon from "@mui/icons-material/Search";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { useState, type MouseEvent } from "react";
import { NavLink, Link as RouterLink, useNavigate } from "react-router-dom";
import { useNotify } from "../../components/Notify";
import { useCart } from "../../features/cart/CartContext";
import { useAuth } from "../../lib/auth";
import type { StoredUser } from "../../lib/session";
import { Logo } from "./Logo";

type MenuLink = { label: string; to: string };

/** The avatar menu by role (spec "Navigation"); every menu ends with Log out, which goes to /. */
export function avatarMenuFor(role: StoredUser["role"]): MenuLink[] {
  switch (role) {
    case "ADMIN":
      return [
        { label: "Dashboard", to: "/dashboard/admin" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
    case "SELLER":
      return [
        { label: "Dashboard", to: "/dashboard/seller" },
        { label: "Manage Products", to: "/dashboard/seller/manage-products" },
        { label: "Manage Orders", to: "/dashboard/seller/manage-orders" },
        { label: "Add Product", to: "/dashboard/seller/add-new-post" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
    default:
      return [
        { label: "Dashboard", to: "/dashboard" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
  }
}

const MAIN_LINKS: MenuLink[] = [
  { label: "Home", to: "/" },
  { label: "Shop", to: "/shop" },
];

/** Top navigation: Home, Shop, logo, search, cart with item count, avatar menu or login; a menu button on phones. */
export function NavBar() {
  const { user, signOut } = useAuth();
  const { cart, openCart } = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const logout = async () => {
    setMenuAnchor(null);
    setDrawerOpen(false);
    await signOut();
    notify.info("You have been logged out.");
    navigate("/");
  };

  const count = cart.selectedItems;
  const initial = (user?.username ?? user?.name ?? "?").charAt(0).toUpperCase();

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <IconButton onClick={() => setDrawerOpen(true)} aria-label="Open menu" sx={{ display: { xs: "inline-flex", md: "none" } }}>
            <MenuIcon />
          </IconButton>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, flex: 1 }}>
            {MAIN_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === "/"}
                color="inherit"
                sx={{ "&.active": { color: "primary.main", textDecoration: "underline", textUnderlineOffset: 6 } }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: { xs: 1, md: "none" }, display: "flex", justifyContent: { xs: "flex-start", md: "center" } }}>
            <Logo />
          </Box>
          <Box sx={{ flex: { md: 1 }, display: "flex", justifyContent: "flex-end", alignItems: "center", gap: { xs: 0, sm: 0.5 } }}>
            <IconButton title="Search" component={RouterLink} to="/search" aria-label="Search products">
              <SearchIcon />
            </IconButton>
            <IconButton title="Cart" onClick={openCart} aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}>
              {/* remounted when the cart empties: MUI keeps the old number in the hidden badge otherwise,
                  and the button's text would no longer match its name */}
              <Badge key={count === 0 ? "empty" : "items"} badgeContent={count} color="error" max={99} showZero={false}>
                <ShoppingCartOutlined />
              </Badge>
            </IconButton>
            {user ? (
              <>
                <IconButton
                  title="Account"
                  onClick={(e: MouseEvent<HTMLElement>) => setMenuAnchor(e.currentTarget)}
                  aria-label={`Account menu for ${user.username}`}
                  aria-haspopup="menu"
                  aria-controls={menuAnchor ? "account-menu" : undefined}
                  aria-expanded={menuAnchor ? "true" : undefined}
                >
                  <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 32, height: 32, bgcolor: "primary.main", fontSize: 16 }}>
                    {initial}
                  </Avatar>
                </IconButton>
                <Menu
                  id="account-menu"
                  anchorEl={menuAnchor}
                  open={Boolean(menuAnchor)}
                  onClose={() => setMenuAnchor(null)}
                  anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
                  transformOrigin={{ vertical: "top", horizontal: "right" }}
                >
                  <Box sx={{ px: 2, py: 1 }}>
                    <Typography variant="subtitle2">{user.username}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {user.email}
                    </Typography>
                  </Box>
                  <Divider />
                  {avatarMenuFor(user.role).map((item) => (
                    <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={() => setMenuAnchor(null)}>
                      {item.label}
                    </MenuItem>
                  ))}
                  <Divider />
                  <MenuItem onClick={logout}>Log out</MenuItem>
                </Menu>
              </>
            ) : (
              <IconButton title="Login" component={RouterLink} to="/login" aria-label="Login page">
                <LoginOutlined />
              </IconButton>
            )}
          </Box>
        </Toolbar>
      </Container>
      <Drawer anchor="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ p: 2 }}>
          <Logo onClick={() => setDrawerOpen(false)} />
        </Box>
        <Divider />
        <List component="nav" aria-label="Main">
          {[
            ...MAIN_LINKS,
            { label: "Search", to: "/search" },
            { label: "About Us", to: "/about-us" },
            { label: "Contact", to: "/contact" },
          ].map((link) => (
            <ListItemButton
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.to === "/"}
              onClick={() => setDrawerOpen(false)}
              sx={{ "&.active": { color: "primary.main", fontWeight: 700 } }}
            >
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        {user ? (
          <List aria-label="Account" subheader={<ListSubheader component="div">Signed in as {user.username}</ListSubheader>}>
            {avatarMenuFor(user.role).map((item) => (
              <ListItemButton key={item.label} component={RouterLink} to={item.to} onClick={() => setDrawerOpen(false)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            <ListItemButton onClick={logout}>
              <ListItemText primary="Log out" />
            </ListItemButton>
          </List>
        ) : (
          <List aria-label="Account">
            <ListItemButton component={RouterLink} to="/login" onClick={() => setDrawerOpen(false)}>
              <ListItemText primary="Login" />
            </ListItemButton>
            <ListItemButton component={RouterLink} to="/register" onClick={() => setDrawerOpen(false)}>
              <ListItemText primary="Create an account" />
            </ListItemButton>
          </List>
        )}
      </Drawer>
    </AppBar>
  );
}
