import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import EmailOutlined from "@mui/icons-material/EmailOutlined";
import LocationOnOutlined from "@mui/icons-material/LocationOnOutlined";
import PhoneOutlined from "@mui/icons-material/PhoneOutlined";
import { Link as RouterLink } from "react-router-dom";
import { SUPPORT } from "../../components/support";
import { useAuth } from "../../lib/auth";
import { LanguageSwitch } from "./LanguageSwitch";
import { useTranslation } from "react-i18next";

// labels and descriptions are keys of the `common` catalogue
const COMPANY = [
  { label: "nav.about", to: "/about-us" },
  { label: "nav.contact", to: "/contact" },
  { label: "footer:blog", to: "/#blog" },
];

const USEFUL = [
  { label: "nav.shop", to: "/shop" },
  { label: "nav.search", to: "/search" },
  { label: "footer:myOrders", to: "/orders" },
  { label: "footer:savedItems", to: "/saved" },
  { label: "footer:savedSearches", to: "/saved-searches" },
];

const SIGNED_OUT_LINKS = [{ label: "nav.createAccount", to: "/register" }];

const GALLERY = [
  { src: "/images/gallery-books.svg", alt: "footer.gallery.books" },
  { src: "/images/gallery-calculator.svg", alt: "footer.gallery.calculator" },
  { src: "/images/gallery-hoodie.svg", alt: "footer.gallery.hoodie" },
  { src: "/images/gallery-lamp.svg", alt: "footer.gallery.lamp" },
  { src: "/images/gallery-headphones.svg", alt: "footer.gallery.headphones" },
  { src: "/images/gallery-backpack.svg", alt: "footer.gallery.backpack" },
];

/** Footer: contact info, company links, useful links and an image grid. */
export function Footer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Box component="footer" sx={{ bgcolor: "#0d2b24", color: "#e8efe9", mt: 8, pt: 6, pb: 3 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(12, minmax(0, 1fr))", gap: 4 }}>
          <Box sx={{ gridColumn: { xs: "span 12", sm: "span 6", md: "span 4" } }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 800, mb: 1 }}>
              {t("brand")}
            </Typography>
            <Typography variant="body2" sx={{ mb: 2, color: "#c9d6cf" }}>
              {t("footer:about")}
            </Typography>
            <Stack spacing={1} component="address" sx={{ fontStyle: "normal" }}>
              <FooterContact icon={<LocationOnOutlined fontSize="small" />}>{t("support.address")}</FooterContact>
              {/* the address and the number read left to right on the Urdu page too ("+92 300 …", not "… 300 92+") */}
              <FooterContact icon={<EmailOutlined fontSize="small" />}>
                <Link href={`mailto:${SUPPORT.email}`} color="inherit" dir="ltr">
                  {SUPPORT.email}
                </Link>
              </FooterContact>
              <FooterContact icon={<PhoneOutlined fontSize="small" />}>
                <Link href={`tel:${SUPPORT.phoneHref}`} color="inherit" dir="ltr">
                  {SUPPORT.phone}
                </Link>
              </FooterContact>
            </Stack>
          </Box>
          <Box sx={{ gridColumn: { xs: "span 6", sm: "span 3", md: "span 2" } }}>
            <FooterLinks title={t("footer:company")} links={COMPANY} />
          </Box>
          <Box sx={{ gridColumn: { xs: "span 6", sm: "span 3", md: "span 2" } }}>
            <FooterLinks title={t("footer:usefulLinks")} links={user ? USEFUL : [...USEFUL, ...SIGNED_OUT_LINKS]} />
          </Box>
          <Box sx={{ gridColumn: { xs: "span 12", md: "span 4" } }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
              {t("footer:fromCampus")}
            </Typography>
            <Box
              component="ul"
              sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 1, listStyle: "none", p: 0, m: 0, maxWidth: 320 }}
            >
              {GALLERY.map((image) => (
                <Box component="li" key={image.src}>
                  <Box
                    component="img"
                    src={image.src}
                    alt={t(image.alt)}
                    loading="lazy"
                    width={100}
                    height={100}
                    sx={{ width: "100%", height: "auto", aspectRatio: "1", borderRadius: 1, display: "block" }}
                  />
                </Box>
              ))}
            </Box>
          </Box>
        </Box>
        <Typography
          variant="body2"
          sx={{ mt: 5, pt: 2, borderTop: "1px solid rgba(255,255,255,0.15)", textAlign: "center", color: "#c9d6cf" }}
        >
          {t("footer:copyright", { year: new Date().getFullYear() })}
        </Typography>
        <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
          <LanguageSwitch />
        </Box>
      </Container>
    </Box>
  );
}

function FooterContact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center", fontSize: 14 }}>
      <Box component="span" aria-hidden="true" sx={{ display: "inline-flex" }}>
        {icon}
      </Box>
      <span>{children}</span>
    </Box>
  );
}

function FooterLinks({ title, links }: { title: string; links: Array<{ label: string; to: string }> }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={title}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {links.map((link) => (
          <li key={link.label}>
            <Link component={RouterLink} to={link.to} color="inherit" underline="hover" variant="body2">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
