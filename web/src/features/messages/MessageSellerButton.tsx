import Button, { type ButtonProps } from "@mui/material/Button";
import { useLocation, useNavigate } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useStartConversationMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";

/** Opens (or reopens) the caller's conversation about a product; a visitor signs in first. Hidden on one's own product. */
export function MessageSellerButton({
  productId,
  sellerId,
  label = "Message seller",
  ...button
}: { productId: string; sellerId?: string | null; label?: string } & Omit<ButtonProps, "onClick">) {
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [start, starting] = useStartConversationMutation();
  const { user: me } = useAuth();
  if (me && me.id === sellerId) return null;

  const open = async () => {
    if (!me) {
      void navigate("/login", { state: { from: location.pathname } });
      return;
    }
    try {
      const { data } = await start({ variables: { productId } });
      if (data) void navigate(`/messages/${data.startConversation.id}`);
    } catch (e) {
      notify.error(errorMessage(e, "Could not open the conversation."));
    }
  };

  return (
    <Button variant="outlined" {...button} onClick={() => void open()} disabled={starting.loading}>
      {label}
    </Button>
  );
}
