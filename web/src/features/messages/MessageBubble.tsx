import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessageFieldsFragment } from "../../generated/graphql";
import { formatDateTime } from "../../lib/format";
import { MessageText } from "./MessageText";
import { SafetyCard } from "./SafetyCard";

/** One message: mine on the right, theirs on the left with a safety card when screening flagged it. */
export function MessageBubble({ message, mine }: { message: MessageFieldsFragment; mine: boolean }) {
  const { t } = useTranslation("messages");
  return (
    <Box component="li" sx={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "85%" }}>
      <Paper
        elevation={0}
        dir="auto"
        sx={{
          px: 1.5,
          py: 1,
          bgcolor: mine ? "primary.main" : "grey.100",
          color: mine ? "primary.contrastText" : "text.primary",
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
          "& a": { color: "inherit" },
        }}
      >
        {message.image && <ChatPhoto src={message.image} />}
        {message.body && <MessageText body={message.body} />}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: mine ? "right" : "left" }}>
        {formatDateTime(message.createdAt)}
        {mine && ` · ${message.read ? t("bubble.read") : t("bubble.sent")}`}
      </Typography>
      {mine && message.numberHidden && (
        <Typography variant="caption" color="warning.dark" role="note" sx={{ display: "block", textAlign: "right" }}>
          {t("bubble.numberHidden")}
        </Typography>
      )}
      {!mine && message.flags.length > 0 && <SafetyCard flags={message.flags} senderId={message.senderId} />}
    </Box>
  );
}

/** A photo in the thread: a thumbnail that opens the picture large. */
function ChatPhoto({ src }: { src: string }) {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t("bubble.openPhoto")}
        sx={{ display: "block", borderRadius: 1, overflow: "hidden" }}
      >
        <Box
          component="img"
          src={src}
          alt={t("bubble.photo")}
          loading="lazy"
          sx={{ display: "block", width: 200, maxWidth: "100%", height: 150, objectFit: "cover" }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby="chat-photo-title">
        <DialogTitle id="chat-photo-title">{t("bubble.photo")}</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          <Box
            component="img"
            src={src}
            alt={t("bubble.photoLarge")}
            sx={{ display: "block", maxWidth: "100%", maxHeight: "75vh", mx: "auto" }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t("bubble.close")}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
