import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { Money } from "../../components/Money";
import { useNotify } from "../../components/Notify";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { ConversationFieldsFragment, MessageFieldsFragment, OfferFieldsFragment } from "../../generated/graphql";
import {
  useConversationThreadQuery,
  useDashboardUploadImageMutation,
  useMarkConversationReadMutation,
  useSendMessageMutation,
} from "../../generated/hooks";
import { readFileAsDataUrl, imageForUpload, pickedImageProblem } from "../../lib/files";
import { formatDateTime } from "../../lib/format";
import { useAuth } from "../../lib/auth";
import { MessageText } from "./MessageText";
import { OfferCard, OfferForm } from "./OfferCard";
import { otherParty, partyName } from "./parties";
import { PartyReliability } from "./PartyReliability";
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
        <PartyReliability conversationId={conversation.id} myId={myId} />
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
        {message.image && <ChatPhoto src={message.image} />}
        {message.body && <MessageText body={message.body} />}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: mine ? "right" : "left" }}>
        {formatDateTime(message.createdAt)}
        {mine && (message.read ? " · Read" : " · Sent")}
      </Typography>
      {!mine && message.flags.length > 0 && <SafetyCard flags={message.flags} senderId={message.senderId} />}
    </Box>
  );
}

/** A photo in the thread: a thumbnail that opens the picture large. */
function ChatPhoto({ src }: { src: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label="Open photo" sx={{ display: "block", borderRadius: 1, overflow: "hidden" }}>
        <Box
          component="img"
          src={src}
          alt="Photo"
          loading="lazy"
          sx={{ display: "block", width: 200, maxWidth: "100%", height: 150, objectFit: "cover" }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby="chat-photo-title">
        <DialogTitle id="chat-photo-title">Photo</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          <Box component="img" src={src} alt="Photo, large" sx={{ display: "block", maxWidth: "100%", maxHeight: "75vh", mx: "auto" }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const notify = useNotify();
  const [body, setBody] = useState("");
  // the picked photo and its preview, sent with (or without) the text
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload] = useDashboardUploadImageMutation();
  const [send, sending] = useSendMessageMutation({ refetchQueries: ["ConversationThread"] });
  const text = body.trim();
  const busy = uploading || sending.loading;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = pickedImageProblem(file);
    if (problem) return notify.error(problem);
    try {
      setPhoto({ file, preview: await readFileAsDataUrl(file) });
    } catch (e) {
      notify.error(errorMessage(e, "Could not read the picture."));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text && !photo) return;
    setUploading(true);
    try {
      let image: string | undefined;
      if (photo) {
        const uploaded = await upload({ variables: { dataUrl: await imageForUpload(photo.file) } });
        image = uploaded.data?.uploadImage.url;
      }
      setUploading(false);
      await send({ variables: { conversationId, body: text || undefined, image } });
      setBody("");
      setPhoto(null);
    } catch (e) {
      notify.error(errorMessage(e, "Your message was not sent."));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      {photo && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box
            component="img"
            src={photo.preview}
            alt="Photo to send"
            sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
          />
          <Button size="small" onClick={() => setPhoto(null)} disabled={busy}>
            Remove photo
          </Button>
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
        <Button
          variant="outlined"
          aria-label="Photo"
          onClick={() => fileInput.current?.click()}
          disabled={busy}
          sx={{ minWidth: 0, px: 1.25, py: 0.9 }}
        >
          <PhotoCameraIcon aria-hidden="true" />
        </Button>
        {/* the real file input, opened by the Photo button */}
        <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden onChange={(e) => void pick(e)} />
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
        <Button type="submit" variant="contained" disabled={(!text && !photo) || busy}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
