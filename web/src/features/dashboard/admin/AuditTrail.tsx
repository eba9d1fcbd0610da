import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import type { ModerationActionKind } from "../../../generated/graphql";
import { useModerationLogQuery } from "../../../generated/hooks";
import { formatDateTime } from "../../../lib/format";
import type { PendingAction } from "./ModerationDialog";

/** The reversal an audit row offers (the server refuses it when it was undone already). */
const UNDO: Partial<Record<ModerationActionKind, ModerationActionKind>> = {
  HIDE_LISTING: "UNHIDE_LISTING",
  SUSPEND_USER: "UNSUSPEND_USER",
};

/** Every moderation action, newest first, with the reversal of a hide or a suspension at hand. */
export function AuditTrail({ onAct }: { onAct: (p: PendingAction) => void }) {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const query = useModerationLogQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="audit-heading">
      <Typography id="audit-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("audit.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.moderationLog}
        skeleton={<LoadingState />}
        errorText={t("audit.loadFailed")}
        empty={t("audit.none")}
        noun="actions"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("audit.label")}>
            {result.items.map((entry) => {
              const undo = UNDO[entry.action];
              const label = entry.targetLabel ?? t("audit.deletedItem");
              return (
                <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    <Trans
                      t={t}
                      i18nKey={entry.note ? `audit.log.${entry.action}_note` : `audit.log.${entry.action}`}
                      components={{ b: <strong /> }}
                      values={{ admin: entry.adminName ?? t("audit.formerAdmin"), target: label, note: entry.note }}
                    />
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
                        {t(`moderation.actions.${undo}.label`)}
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
