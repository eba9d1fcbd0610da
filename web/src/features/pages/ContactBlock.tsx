import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AccessTimeOutlined from "@mui/icons-material/AccessTimeOutlined";
import EmailOutlined from "@mui/icons-material/EmailOutlined";
import LocationOnOutlined from "@mui/icons-material/LocationOnOutlined";
import PhoneOutlined from "@mui/icons-material/PhoneOutlined";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT } from "../../components/support";

/** Support e-mail, phone, address and hours. */
export function ContactBlock({ heading }: { heading?: string }) {
  const { t } = useTranslation("pages");
  const title = heading ?? t("contactBlock.heading");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2} component="address" sx={{ fontStyle: "normal" }}>
        <Row icon={<EmailOutlined color="primary" />} label={t("contactBlock.email")}>
          <Link href={`mailto:${SUPPORT.email}`} dir="ltr">
            {SUPPORT.email}
          </Link>
        </Row>
        <Row icon={<PhoneOutlined color="primary" />} label={t("contactBlock.phone")}>
          <Link href={`tel:${SUPPORT.phoneHref}`} dir="ltr">
            {SUPPORT.phone}
          </Link>
        </Row>
        <Row icon={<LocationOnOutlined color="primary" />} label={t("contactBlock.address")}>
          {t("common:support.address")}
        </Row>
        <Row icon={<AccessTimeOutlined color="primary" />} label={t("contactBlock.hours")}>
          {t("common:support.hours")}
        </Row>
      </Stack>
    </Paper>
  );
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
      <span aria-hidden="true">{icon}</span>
      <div>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="div" sx={{ overflowWrap: "anywhere" }}>
          {children}
        </Typography>
      </div>
    </Stack>
  );
}
