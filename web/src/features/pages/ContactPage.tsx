import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { PageContainer } from "../../components/PageContainer";
import { SUPPORT } from "../../components/support";
import { ContactBlock } from "./ContactBlock";

/** Contact: the support details and a message form that opens the visitor's e-mail app. */
export function ContactPage() {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");

  const send = (event: FormEvent) => {
    event.preventDefault();
    const href = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(subject || "UniBazaar support")}&body=${encodeURIComponent(message)}`;
    window.location.href = href;
  };

  return (
    <PageContainer title="Contact support">
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactBlock heading="Reach us" />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="write-heading">
            <Typography id="write-heading" variant="h6" component="h2">
              Write to us
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Questions about an order, a listing or your account? Include your order number (e.g. UB-000123) if you have one.
            </Typography>
            <Stack component="form" spacing={2} onSubmit={send}>
              <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth />
              <TextField
                label="Message"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                multiline
                minRows={5}
                required
                fullWidth
              />
              <Button type="submit" variant="contained" sx={{ alignSelf: "flex-start" }}>
                Open in e-mail app
              </Button>
            </Stack>
          </Paper>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
