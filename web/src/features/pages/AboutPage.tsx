import Avatar from "@mui/material/Avatar";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { ContactBlock } from "./ContactBlock";

/** About Us: the owner's bio and a contact block. */
export function AboutPage() {
  const { t } = useTranslation("pages");
  return (
    <PageContainer title={t("about.title")}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="owner-heading">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { xs: "flex-start", sm: "center" } }}>
              <Avatar sx={{ width: 96, height: 96, bgcolor: "primary.main", fontSize: 36 }} aria-hidden="true">
                UB
              </Avatar>
              <div>
                <Typography id="owner-heading" variant="h5" component="h2">
                  {t("about.greeting")}
                </Typography>
                <Typography color="text.secondary">{t("about.tagline")}</Typography>
              </div>
            </Stack>
            <Typography sx={{ mt: 3 }}>{t("about.story")}</Typography>
            <Typography sx={{ mt: 2 }}>{t("about.today")}</Typography>
            <Typography sx={{ mt: 2 }}>{t("about.promise")}</Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactBlock />
        </Grid>
      </Grid>
    </PageContainer>
  );
}
