import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { MODERATION_NOTE_REQUIRED, moderationNoteRule, NOTE_MAX_LENGTH } from "@unibazaar/rules";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormErrorAlert, FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import type { ModerationActionKind, ReportTargetKind } from "../../../generated/graphql";

/** An action an admin picked on a case or trail entry, waiting for the dialog's confirmation. */
export type PendingAction = { targetKind: ReportTargetKind; targetId: string; action: ModerationActionKind; name: string };

/** What each action's dialog says; a note is asked for where the server needs one. */
type ActionSpec = { label: string; title: (name: string) => string; text: string; note?: string; danger?: boolean };

export const ACTIONS: Record<ModerationActionKind, ActionSpec> = {
  HIDE_LISTING: {
    label: "Hide listing",
    title: (name) => `Hide "${name}"?`,
    text: "It disappears from the shop, search, home and the seller's page at once. Its seller and admins still see it.",
    danger: true,
  },
  UNHIDE_LISTING: { label: "Show again", title: (name) => `Show "${name}" again?`, text: "It returns to every list and search." },
  WARN_USER: {
    label: "Warn",
    title: (name) => `Warn ${name}?`,
    text: "They see your warning on their dashboard.",
    note: "Warning the user will see (required)",
  },
  SUSPEND_USER: {
    label: "Suspend",
    title: (name) => `Suspend ${name}?`,
    text: "They are signed out everywhere, cannot sign in, and their listings are hidden until you lift the suspension.",
    note: "Reason, shown when they try to sign in (required)",
    danger: true,
  },
  UNSUSPEND_USER: { label: "Lift suspension", title: (name) => `Lift ${name}'s suspension?`, text: "They can sign in again." },
  DISMISS: {
    label: "Dismiss",
    title: (name) => `Dismiss the reports about ${name}?`,
    text: "The reports are closed and nothing changes.",
    note: "Note for the audit trail (optional)",
  },
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
  wording?: Partial<ActionSpec>;
  name: string;
  run: (note: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  const spec = { ...ACTIONS[action], ...wording };
  const form = useForm({ defaultValues: { note: "" }, resolver: zodResolver(noteSchema(action)) });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const confirm = form.handleSubmit(async ({ note }) => {
    setError(null);
    setLoading(true);
    try {
      await run(note || null);
      notify.success(`Done: ${spec.label.toLowerCase()} (${name}).`);
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["note"])) setError(errorMessage(e, "Could not do that. Please try again."));
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
            Cancel
          </Button>
          <Button variant="contained" color={spec.danger ? "error" : "primary"} type="submit" disabled={loading}>
            {loading ? "Working..." : spec.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
