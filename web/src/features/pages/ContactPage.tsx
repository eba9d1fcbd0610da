import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { SUPPORT } from "../../components/support";
import { ContactBlock } from "./ContactBlock";

/** Contact: the support details and a message form that opens the visitor's e-mail app. */
export function ContactPage() {
  const { t } = useTranslation("pages");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");

  const send = (event: FormEvent) => {
    event.preventDefault();
    const href = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(subject || t("contact.defaultSubject"))}&body=${encodeURIComponent(message)}`;
    window.location.href = href;
  };

  return (
    <PageContainer title={t("contact.title")}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactBlock heading={t("contact.reachUs")} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="write-heading">
            <Typography id="write-heading" variant="h6" component="h2">
              {t("contact.writeHeading")}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t("contact.intro")}
            </Typography>
            <Stack component="form" spacing={2} onSubmit={send}>
              <TextField label={t("contact.subject")} value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth />
              <TextField
                label={t("contact.message")}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                multiline
                minRows={5}
                required
                fullWidth
              />
              <Button type="submit" variant="contained" sx={{ alignSelf: "flex-start" }}>
                {t("contact.send")}
              </Button>
            </Stack>
          </Paper>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
