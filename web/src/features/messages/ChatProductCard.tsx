import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { Money } from "../../components/Money";
import type { ConversationFieldsFragment } from "../../generated/graphql";
import { otherParty, partyName } from "./parties";
import { PartyReliability } from "./PartyReliability";

/** The thread's header: who the other party is, and the product the conversation is about. */
export function ChatProductCard({ conversation, myId }: { conversation: ConversationFieldsFragment; myId?: string }) {
  const { t } = useTranslation("messages");
  const product = conversation.product;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "center" }}>
      {product && <Box component="img" src={product.image} alt="" sx={{ width: 56, height: 56, objectFit: "cover", borderRadius: 1 }} />}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h1" noWrap>
          {partyName(otherParty(conversation, myId), t("formerUser"))}
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
              <bdi>{product.name}</bdi>
            </Typography>
            <Money amount={product.price} variant="body2" />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {conversation.wantedPostId ? t("chat.aboutWanted") : t("chat.productGone")}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
