import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import { errorMessage } from "../../../components/errors";
import type { ModerationActionKind } from "../../../generated/graphql";
import { useModerationLogQuery } from "../../../generated/hooks";
import { formatDateTime } from "../../../lib/format";
import { ACTIONS, type PendingAction } from "./ModerationDialog";

const LOG_TEXT: Record<ModerationActionKind, string> = {
  HIDE_LISTING: "hid listing",
  UNHIDE_LISTING: "showed listing",
  WARN_USER: "warned",
  SUSPEND_USER: "suspended",
  UNSUSPEND_USER: "lifted the suspension of",
  DISMISS: "dismissed reports about",
};

/** The reversal an audit row offers (the server refuses it when it was undone already). */
const UNDO: Partial<Record<ModerationActionKind, ModerationActionKind>> = {
  HIDE_LISTING: "UNHIDE_LISTING",
  SUSPEND_USER: "UNSUSPEND_USER",
};

/** Every moderation action, newest first, with the reversal of a hide or a suspension at hand. */
export function AuditTrail({ onAct }: { onAct: (p: PendingAction) => void }) {
  const [page, setPage] = useState(1);
  const query = useModerationLogQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="audit-heading">
      <Typography id="audit-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Audit trail
      </Typography>
      <PagedList
        query={query}
        data={query.data?.moderationLog}
        skeleton={<LoadingState />}
        errorText={`Error loading the audit trail: ${errorMessage(query.error, "please try again.")}`}
        empty="No moderation actions yet."
        noun="actions"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Moderation actions, newest first">
            {result.items.map((entry) => {
              const undo = UNDO[entry.action];
              const label = entry.targetLabel ?? "a deleted item";
              return (
                <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    <strong>{entry.adminName ?? "Former admin"}</strong> {LOG_TEXT[entry.action]} <strong>{label}</strong>
                    {entry.note ? `: "${entry.note}"` : ""}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
                    <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
                      {formatDateTime(entry.createdAt)}
                    </Typography>
                    {undo && (
                      <Button
                        size="small"
                        onClick={() => onAct({ targetKind: entry.targetKind, targetId: entry.targetId, action: undo, name: label })}
                      >
                        {ACTIONS[undo].label}
                      </Button>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </PagedList>
    </Box>
  );
}
