import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MODERATION_NOTE_REQUIRED, moderationNoteRule, NOTE_MAX_LENGTH } from "@unibazaar/rules";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormErrorAlert, FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import type { ModerationActionKind, ReportTargetKind } from "../../../generated/graphql";

/** An action an admin picked on a case or trail entry, waiting for the dialog's confirmation. */
export type PendingAction = { targetKind: ReportTargetKind; targetId: string; action: ModerationActionKind; name: string };

/** What an action's dialog says (its words are in the catalogue under moderation.actions). */
type ActionWording = { label: string; title: (name: string) => string; text: string; note?: string };

/** Which actions ask for a note (where the server needs or keeps one) and which are shown as dangerous. */
export const ACTIONS: Record<ModerationActionKind, { note?: boolean; danger?: boolean }> = {
  HIDE_LISTING: { danger: true },
  UNHIDE_LISTING: {},
  WARN_USER: { note: true },
  SUSPEND_USER: { note: true, danger: true },
  UNSUSPEND_USER: {},
  DISMISS: { note: true },
};

/** The note's rule for this action: the server's limit, and required where the user reads it. */
const noteSchema = (action: ModerationActionKind) =>
  z.object({
    note: moderationNoteRule.refine((note) => note !== "" || !MODERATION_NOTE_REQUIRED[action], MODERATION_NOTE_REQUIRED[action]),
  });

/**
 * Confirms a moderation action (with its note where one is asked for) and runs it; both admin pages
 * (the moderation queue and reported conversations) use it with their own mutation.
 */
export function ModerationDialog({
  action,
  name,
  run,
  onClose,
  wording,
}: {
  action: ModerationActionKind;
  /** Where the page's action means something else than on the queue (e.g. dismissing a conversation's report). */
  wording?: Partial<ActionWording>;
  name: string;
  run: (note: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  const words: ActionWording = {
    label: t(`moderation.actions.${action}.label`),
    title: (who) => t(`moderation.actions.${action}.title`, { name: who }),
    text: t(`moderation.actions.${action}.text`),
    note: ACTIONS[action].note ? t(`moderation.actions.${action}.note`) : undefined,
  };
  const spec = { ...words, ...wording };
  const form = useForm({ defaultValues: { note: "" }, resolver: zodResolver(noteSchema(action)) });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const confirm = form.handleSubmit(async ({ note }) => {
    setError(null);
    setLoading(true);
    try {
      await run(note || null);
      notify.success(t("moderation.done", { action: spec.label.toLowerCase(), name }));
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["note"])) setError(errorMessage(e, t("moderation.failed")));
      setLoading(false);
    }
  });

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void confirm(e)} noValidate>
        <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
          {spec.title(name)}
        </DialogTitle>
        <DialogContent>
          <FormErrorAlert error={error} sx={{ mb: 2 }} />
          <DialogContentText id={textId}>{spec.text}</DialogContentText>
          {spec.note && (
            <FormTextField
              control={form.control}
              name="note"
              label={spec.note}
              multiline
              minRows={2}
              fullWidth
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {t("moderation.cancel")}
          </Button>
          <Button variant="contained" color={ACTIONS[action].danger ? "error" : "primary"} type="submit" disabled={loading}>
            {loading ? t("moderation.working") : spec.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
