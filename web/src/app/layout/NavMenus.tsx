import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { NavLink, Link as RouterLink } from "react-router-dom";
import type { StoredUser } from "../../lib/session";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { avatarMenuFor, MAIN_LINKS, PHONE_MENU_LINKS } from "./navLinks";
import { useTranslation } from "react-i18next";

// The top bar's pop-ups, loaded the first time one opens (menus and drawers are not needed to paint a page).

/** The avatar menu: who is signed in, the role's links, Log out. */
export function AccountMenu({
  user,
  anchor,
  onClose,
  onLogout,
}: {
  user: StoredUser;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
        <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={onClose}>
          {t(item.label)}
        </MenuItem>
      ))}
      <Divider />
      <Box sx={{ px: 1.5, py: 1 }}>
        <LanguageSwitch color="primary" />
      </Box>
      <Divider />
      <MenuItem onClick={onLogout}>{t("nav.logOut")}</MenuItem>
    </Menu>
  );
}

/** The phone menu: main links, then the account's links (or Login and Create an account). */
export function NavDrawer({
  user,
  open,
  onClose,
  onLogout,
}: {
  user: StoredUser | null;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ p: 2 }}>
        <Logo onClick={onClose} />
      </Box>
      <Divider />
      <List component="nav" aria-label={t("nav.main")}>
        {[...MAIN_LINKS, ...PHONE_MENU_LINKS].map((link) => (
          <ListItemButton
            key={link.to}
            component={NavLink}
            to={link.to}
            end={link.to === "/"}
            onClick={onClose}
            sx={{ "&.active": { color: "primary.main", fontWeight: 700 } }}
          >
            <ListItemText primary={t(link.label)} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      {user ? (
        <List
          aria-label={t("nav.account")}
          subheader={<ListSubheader component="div">{t("nav.signedInAs", { username: user.username })}</ListSubheader>}
        >
          {avatarMenuFor(user.role).map((item) => (
            <ListItemButton key={item.label} component={RouterLink} to={item.to} onClick={onClose}>
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          ))}
          <ListItemButton onClick={onLogout}>
            <ListItemText primary={t("nav.logOut")} />
          </ListItemButton>
        </List>
      ) : (
        <List aria-label={t("nav.account")}>
          <ListItemButton component={RouterLink} to="/login" onClick={onClose}>
            <ListItemText primary={t("nav.login")} />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/register" onClick={onClose}>
            <ListItemText primary={t("nav.createAccount")} />
          </ListItemButton>
        </List>
      )}
      <Divider />
      <Box sx={{ p: 2 }}>
        <LanguageSwitch color="primary" />
      </Box>
    </Drawer>
  );
}
