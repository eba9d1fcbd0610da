import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../components/PagedList";
import { QueryState } from "../../../components/QueryState";
import { usePageTitle } from "../../../components/usePageTitle";
import type { DashboardReportedConversationsQuery, ModerationActionKind } from "../../../generated/graphql";
import {
  useDashboardModerateConversationMutation,
  useDashboardReportedConversationsQuery,
  useDashboardReportedMessagesQuery,
} from "../../../generated/hooks";
import { ACTIONS, ModerationDialog } from "./ModerationDialog";
import { formatDateTime } from "../../../lib/format";
import { LoadingState } from "../../../components/LoadingState";

type Reported = DashboardReportedConversationsQuery["reportedConversations"]["items"][number];

/** /dashboard/admin/reports: conversations a party reported, latest first, each with its messages and the admin's actions. */
export default function ReportedConversations() {
  const { t } = useTranslation("admin");
  usePageTitle(t("reports.title"));
  const [page, setPage] = useState(1);
  const query = useDashboardReportedConversationsQuery({ variables: { page } });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t("reports.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.reportedConversations}
        skeleton={<LoadingState />}
        empty={t("reports.none")}
        noun="reports"
        onPage={setPage}
      >
        {(result) => (
          <div>
            {result.items.map((c) => (
              <Report key={c.id} conversation={c} />
            ))}
          </div>
        )}
      </PagedList>
    </Stack>
  );
}

/** What an admin does with a report: dismiss it, or warn or suspend the party it is about. */
const CONVERSATION_ACTIONS: ModerationActionKind[] = ["WARN_USER", "SUSPEND_USER", "DISMISS"];
const dismissReport = (t: TFunction<"admin">) => ({
  title: () => t("reports.dismissTitle"),
  text: t("reports.dismissText"),
  note: undefined,
});

function Report({ conversation }: { conversation: Reported }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<ModerationActionKind | null>(null);
  const [moderate] = useDashboardModerateConversationMutation({
    refetchQueries: ["DashboardReportedConversations"],
    awaitRefetchQueries: true,
  });
  const seller = conversation.seller?.storeName || conversation.seller?.username || t("reports.formerUser");
  const buyer = conversation.buyer?.username ?? t("reports.formerUser");
  // the report is about the party who did not send it
  const reported = conversation.reportedById === conversation.buyer?.id ? seller : buyer;
  return (
    <Accordion expanded={open} onChange={(_e, expanded) => setOpen(expanded)} disableGutters>
      <AccordionSummary aria-controls={`report-${conversation.id}`}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t("reports.parties", { buyer, seller, product: conversation.product?.name ?? t("reports.productGone") })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {conversation.reportedAt ? formatDateTime(conversation.reportedAt) : ""} · {conversation.reportReason}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`report-${conversation.id}`}>
        {open && (
          <Messages
            conversationId={conversation.id}
            names={{ [conversation.buyer?.id ?? ""]: buyer, [conversation.seller?.id ?? ""]: seller }}
          />
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 2, flexWrap: "wrap", rowGap: 1 }}
          role="group"
          aria-label={t("reports.actionsOn", { name: reported })}
        >
          {CONVERSATION_ACTIONS.map((kind) => (
            <Button
              key={kind}
              size="small"
              variant={kind === "DISMISS" ? "text" : "outlined"}
              color={ACTIONS[kind].danger ? "error" : "primary"}
              onClick={() => setAction(kind)}
            >
              {kind === "DISMISS" ? t("moderation.actions.DISMISS.label") : t(`reports.act.${kind}`, { name: reported })}
            </Button>
          ))}
        </Stack>
        {action && (
          <ModerationDialog
            action={action}
            name={reported}
            wording={action === "DISMISS" ? dismissReport(t) : undefined}
            onClose={() => setAction(null)}
            run={(note) => moderate({ variables: { conversationId: conversation.id, action, note } })}
          />
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The reported messages, oldest first, as plain text. */
function Messages({ conversationId, names }: { conversationId: string; names: Record<string, string> }) {
  const { t } = useTranslation("admin");
  const query = useDashboardReportedMessagesQuery({ variables: { conversationId } });
  return (
    <QueryState
      loading={query.loading}
      error={query.error}
      data={query.data?.messages}
      skeleton={<LoadingState />}
      errorText={t("reports.messagesFailed")}
      empty={t("reports.noMessages")}
      onRetry={() => void query.refetch()}
    >
      {(messages) => (
        <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("reports.messages")}>
          {[...messages.items].reverse().map((m) => (
            <li key={m.id}>
              <Typography variant="caption" color="text.secondary">
                {names[m.senderId] ?? t("reports.formerUser")} · {formatDateTime(m.createdAt)}
              </Typography>
              <Typography dir="auto" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {m.body}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
