import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useApolloClient } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { ConversationThreadDocument } from "../../generated/graphql";
import type { ConversationFieldsFragment, MessageFieldsFragment, OfferFieldsFragment } from "../../generated/graphql";
import { useConversationThreadQuery, useMarkConversationReadMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { ChatComposer } from "./ChatComposer";
import { ChatProductCard } from "./ChatProductCard";
import { MessageBubble } from "./MessageBubble";
import { OfferCard } from "./OfferCard";
import { OfferForm } from "./OfferForm";
import { otherParty, partyName } from "./parties";
import { SafetyActions } from "./SafetyActions";
import { useLiveMessages } from "./useLiveMessages";

/** /messages/:conversationId — the product card, the messages (oldest at the top) and the composer; phone first. */
export function ChatPage() {
  const { t } = useTranslation("messages");
  const { conversationId = "" } = useParams();
  const { user: me } = useAuth();
  const client = useApolloClient();
  const refetchIfHere = (item: { conversationId: string }) => {
    if (item.conversationId === conversationId) void client.refetchQueries({ include: [ConversationThreadDocument] });
  };
  const pollInterval = useLiveMessages(refetchIfHere, refetchIfHere);
  const query = useConversationThreadQuery({ variables: { id: conversationId }, pollInterval });
  const [markRead] = useMarkConversationReadMutation();
  const conversation = query.data?.conversation;
  usePageTitle(conversation ? partyName(otherParty(conversation, me?.id), t("formerUser")) : t("inbox.title"));

  // everything shown counts as read
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    // the server marks the bell's notification of these messages read too
    if (unread > 0) void markRead({ variables: { conversationId }, refetchQueries: ["NotificationBell", "MessagesButton"] });
  }, [unread, conversationId, markRead]);

  return (
    <Box sx={{ maxWidth: 640, mx: "auto", px: { xs: 1, sm: 2 }, py: { xs: 1, sm: 3 } }}>
      <Button component={RouterLink} to="/messages" size="small" sx={{ mb: 1 }}>
        {t("chat.back")}
      </Button>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        isEmpty={() => false}
        empty={t("chat.notFound")}
        onRetry={() => void query.refetch()}
      >
        {(data) => <Thread conversation={data.conversation} messages={data.messages.items} offers={data.offers.items} myId={me?.id} />}
      </QueryState>
    </Box>
  );
}

type Entry = { kind: "message"; item: MessageFieldsFragment } | { kind: "offer"; item: OfferFieldsFragment };

function Thread({
  conversation,
  messages,
  offers,
  myId,
}: {
  conversation: ConversationFieldsFragment;
  messages: MessageFieldsFragment[];
  offers: OfferFieldsFragment[];
  myId?: string;
}) {
  const { t } = useTranslation("messages");
  // offers take their place among the messages by the time they were made
  const oldestFirst: Entry[] = [
    ...messages.map((item) => ({ kind: "message" as const, item })),
    ...offers.map((item) => ({ kind: "offer" as const, item })),
  ].sort((a, b) => Date.parse(a.item.createdAt) - Date.parse(b.item.createdAt));
  const isBuyer = conversation.buyer?.id === myId;
  // one offer at a time: a pending one waits for its answer, an accepted one for the buyer to use it
  const pending = offers.some((o) => o.status === "PENDING" || o.status === "ACCEPTED");
  return (
    <Stack spacing={1.5}>
      <ChatProductCard conversation={conversation} myId={myId} />
      <SafetyActions conversationId={conversation.id} otherUserId={otherParty(conversation, myId)?.id} blocked={conversation.blocked} />
      <Box
        component="ol"
        aria-label={t("inbox.title")}
        sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1 }}
      >
        {oldestFirst.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ textAlign: "center", py: 3 }}>
            {t("chat.empty")}
          </Typography>
        )}
        {oldestFirst.map((entry) =>
          entry.kind === "message" ? (
            <MessageBubble key={entry.item.id} message={entry.item} mine={entry.item.senderId === myId} />
          ) : (
            <OfferCard key={entry.item.id} offer={entry.item} conversation={conversation} myId={myId} />
          ),
        )}
      </Box>
      {conversation.blocked ? (
        <Alert severity="info">{t("chat.blocked")}</Alert>
      ) : (
        <>
          {isBuyer && conversation.product && !pending && <MakeOffer conversationId={conversation.id} />}
          <ChatComposer conversationId={conversation.id} />
        </>
      )}
    </Stack>
  );
}

/** The buyer's "Make an offer" action, opening the amount and expiry form. */
function MakeOffer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: "flex-start" }}>
        {t("chat.makeOffer")}
      </Button>
    );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2">{t("chat.makeOffer")}</Typography>
      <OfferForm conversationId={conversationId} onDone={() => setOpen(false)} />
    </Paper>
  );
}
