import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { Money } from "../../components/Money";
import { useNotify } from "../../components/Notify";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { ConversationFieldsFragment, MessageFieldsFragment, OfferFieldsFragment } from "../../generated/graphql";
import { useConversationThreadQuery, useMarkConversationReadMutation, useSendMessageMutation } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { useAuth } from "../../lib/auth";
import { MessageText } from "./MessageText";
import { OfferCard, OfferForm } from "./OfferCard";
import { otherParty, partyName } from "./parties";
import { SafetyActions } from "./SafetyActions";
import { SafetyCard } from "./SafetyCard";
import { useLiveMessages } from "./useLiveMessages";

const MAX_LENGTH = 2000;

/** /messages/:conversationId — the product card, the messages (oldest at the top) and the composer; phone first. */
export function ChatPage() {
  const { conversationId = "" } = useParams();
  const { user: me } = useAuth();
  const refetchIfHere = (item: { conversationId: string }) => {
    if (item.conversationId === conversationId) void query.refetch();
  };
  const pollInterval = useLiveMessages(refetchIfHere, refetchIfHere);
  const query = useConversationThreadQuery({ variables: { id: conversationId }, pollInterval });
  const [markRead] = useMarkConversationReadMutation();
  const conversation = query.data?.conversation;
  usePageTitle(conversation ? partyName(otherParty(conversation, me?.id)) : "Messages");

  // everything shown counts as read
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    // the server marks the bell's notification of these messages read too
    if (unread > 0) void markRead({ variables: { conversationId }, refetchQueries: ["NotificationBell", "MessagesButton"] });
  }, [unread, conversationId, markRead]);

  return (
    <Box sx={{ maxWidth: 640, mx: "auto", px: { xs: 1, sm: 2 }, py: { xs: 1, sm: 3 } }}>
      <Button component={RouterLink} to="/messages" size="small" sx={{ mb: 1 }}>
        ← All messages
      </Button>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        isEmpty={() => false}
        errorText={`Error loading the conversation: ${errorMessage(query.error, "please try again.")}`}
        empty="Conversation not found."
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
      <ProductCard conversation={conversation} myId={myId} />
      <SafetyActions conversationId={conversation.id} otherUserId={otherParty(conversation, myId)?.id} blocked={conversation.blocked} />
      <Box component="ol" aria-label="Messages" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1 }}>
        {oldestFirst.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ textAlign: "center", py: 3 }}>
            No messages yet. Say hello!
          </Typography>
        )}
        {oldestFirst.map((entry) =>
          entry.kind === "message" ? (
            <Bubble key={entry.item.id} message={entry.item} mine={entry.item.senderId === myId} />
          ) : (
            <OfferCard key={entry.item.id} offer={entry.item} conversation={conversation} myId={myId} />
          ),
        )}
      </Box>
      {conversation.blocked ? (
        <Alert severity="info">Messages are blocked in this conversation.</Alert>
      ) : (
        <>
          {isBuyer && conversation.product && !pending && <MakeOffer conversationId={conversation.id} />}
          <Composer conversationId={conversation.id} />
        </>
      )}
    </Stack>
  );
}

/** The buyer's "Make an offer" action, opening the amount and expiry form. */
function MakeOffer({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: "flex-start" }}>
        Make an offer
      </Button>
    );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2">Make an offer</Typography>
      <OfferForm conversationId={conversationId} onDone={() => setOpen(false)} />
    </Paper>
  );
}

function ProductCard({ conversation, myId }: { conversation: ConversationFieldsFragment; myId?: string }) {
  const product = conversation.product;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "center" }}>
      {product && <Box component="img" src={product.image} alt="" sx={{ width: 56, height: 56, objectFit: "cover", borderRadius: 1 }} />}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h1" noWrap>
          {partyName(otherParty(conversation, myId))}
        </Typography>
        {product ? (
          <>
            <Typography
              component={RouterLink}
              to={`/shop/${product.id}`}
              variant="body2"
              noWrap
              sx={{ display: "block", color: "inherit" }}
            >
              {product.name}
            </Typography>
            <Money amount={product.price} variant="body2" />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            This product is no longer listed.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function Bubble({ message, mine }: { message: MessageFieldsFragment; mine: boolean }) {
  return (
    <Box component="li" sx={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "85%" }}>
      <Paper
        elevation={0}
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
        <MessageText body={message.body} />
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: mine ? "right" : "left" }}>
        {formatDateTime(message.createdAt)}
        {mine && (message.read ? " · Read" : " · Sent")}
      </Typography>
      {!mine && message.flags.length > 0 && <SafetyCard flags={message.flags} senderId={message.senderId} />}
    </Box>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const notify = useNotify();
  const [body, setBody] = useState("");
  const [send, sending] = useSendMessageMutation({ refetchQueries: ["ConversationThread"] });
  const text = body.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text) return;
    try {
      await send({ variables: { conversationId, body: text } });
      setBody("");
    } catch (e) {
      notify.error(errorMessage(e, "Your message was not sent."));
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
      <TextField
        label="Message"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        maxRows={4}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" disabled={!text || sending.loading}>
        Send
      </Button>
    </Box>
  );
}
