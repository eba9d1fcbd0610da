import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../../components/usePageTitle";
import { useModerateMutation } from "../../../generated/hooks";
import { AuditTrail } from "./AuditTrail";
import { ContestedNoShows } from "./ContestedNoShows";
import { FlaggedAccounts } from "./FlaggedAccounts";
import { HeldListings } from "./HeldListings";
import { ModerationDialog, type PendingAction } from "./ModerationDialog";
import { ModerationQueue } from "./ModerationQueue";

/** /dashboard/admin/moderation: the queue of reported listings and users, the actions, and the audit trail. */
export default function Moderation() {
  const { t } = useTranslation("admin");
  usePageTitle(t("moderation.title"));
  const [pending, setPending] = useState<PendingAction | null>(null);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h1">
          {t("moderation.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Trans t={t} i18nKey="moderation.intro" components={{ reports: <Link component={RouterLink} to="/dashboard/admin/reports" /> }} />
        </Typography>
      </Box>
      <ModerationQueue onAct={setPending} />
      <ContestedNoShows />
      <FlaggedAccounts onAct={setPending} />
      <HeldListings />
      <AuditTrail onAct={setPending} />
      {pending && <ActionDialog pending={pending} onClose={() => setPending(null)} />}
    </Stack>
  );
}

/** Confirms an action on a case or trail entry and runs it; the queue and trail refresh. */
function ActionDialog({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const [moderate] = useModerateMutation({
    refetchQueries: ["ModerationQueue", "FlaggedAccounts", "HeldListings", "ModerationLog"],
    awaitRefetchQueries: true,
  });
  return (
    <ModerationDialog
      action={pending.action}
      name={pending.name}
      onClose={onClose}
      run={(note) =>
        moderate({ variables: { input: { targetKind: pending.targetKind, targetId: pending.targetId, action: pending.action, note } } })
      }
    />
  );
}
