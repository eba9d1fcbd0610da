import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import type { ModerationActionKind, ModerationQueueQuery } from "../../../generated/graphql";
import { useModerationQueueQuery } from "../../../generated/hooks";
import { formatDate } from "../../../lib/format";
import { FlaggedMessages } from "./FlaggedMessages";
import type { PendingAction } from "./ModerationDialog";

type Case = ModerationQueueQuery["moderationQueue"]["items"][number];

/** Reported listings and users, oldest report first, each with its reports and the actions at hand. */
export function ModerationQueue({ onAct }: { onAct: (p: PendingAction) => void }) {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const query = useModerationQueueQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="queue-heading">
      <Typography id="queue-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {query.data ? t("queue.titleCount", { count: query.data.moderationQueue.totalItems }) : t("queue.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.moderationQueue}
        skeleton={<LoadingState />}
        errorText={t("queue.loadFailed")}
        empty={t("queue.none")}
        noun="cases"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("queue.label")}>
            {result.items.map((c) => (
              <CaseCard key={`${c.targetKind}:${c.targetId}`} item={c} onAct={onAct} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Box>
  );
}

function CaseCard({ item, onAct }: { item: Case; onAct: (p: PendingAction) => void }) {
  const { t } = useTranslation("admin");
  const headingId = useId();
  const listing = item.listing;
  const name = listing ? listing.name : (item.user?.username ?? t("queue.deletedUser"));
  const person = item.user ? (listing ? t("queue.sellerNamed", { name: item.user.username }) : item.user.username) : null;
  const act = (action: ModerationActionKind, who = name) =>
    onAct({ targetKind: item.targetKind, targetId: item.targetId, action, name: who });
  const canModerateUser = item.user && item.user.role !== "ADMIN" && !item.user.suspendedAt;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Chip size="small" label={listing ? t("queue.listing") : t("queue.user")} />
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {listing ? (
            <Link component={RouterLink} to={`/shop/${listing.id}`}>
              {listing.name}
            </Link>
          ) : (
            name
          )}
        </Typography>
        {listing?.hiddenAt && <Chip size="small" color="warning" label={t("queue.hidden")} />}
        {item.user?.suspendedAt && <Chip size="small" color="error" label={t("suspended")} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t("queue.reportsSince", { count: item.reportCount, date: formatDate(item.firstReportedAt) })}
        {listing && item.user ? ` · ${t("queue.soldBy", { name: item.user.username })}` : ""}
        {item.flaggedMessageCount > 0 ? ` · ${t("flagged.count", { count: item.flaggedMessageCount })}` : ""}
      </Typography>
      <FlaggedMessages messages={item.flaggedMessages} />
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {item.reports.map((r) => (
          <li key={r.id}>
            <Typography variant="body2">
              <strong>{t(`queue.reasons.${r.reason}`, { defaultValue: r.reason })}</strong>
              {r.details ? `: ${r.details}` : ""}{" "}
              <Box component="span" sx={{ color: "text.secondary" }}>
                {t("queue.reportedBy", { name: r.reporterName ?? t("queue.formerUser"), date: formatDate(r.createdAt) })}
              </Box>
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {listing && !listing.hiddenAt && (
          <Button size="small" variant="contained" color="error" onClick={() => act("HIDE_LISTING")}>
            {t("moderation.actions.HIDE_LISTING.label")}
          </Button>
        )}
        {canModerateUser && person && (
          <>
            <Button size="small" variant="outlined" onClick={() => act("WARN_USER", person)}>
              {listing ? t("queue.warnSeller") : t("queue.warnUser")}
            </Button>
            <Button size="small" variant="outlined" color="error" onClick={() => act("SUSPEND_USER", person)}>
              {listing ? t("queue.suspendSeller") : t("queue.suspendUser")}
            </Button>
          </>
        )}
        <Button size="small" onClick={() => act("DISMISS")}>
          {t("moderation.actions.DISMISS.label")}
        </Button>
      </Stack>
    </Paper>
  );
}
