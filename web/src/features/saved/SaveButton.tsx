import IconButton from "@mui/material/IconButton";
import Favorite from "@mui/icons-material/Favorite";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../components/Notify";
import { plainMessage } from "../../components/errors";
import { useSaveProductMutation, useSavedProductIdsQuery, useUnsaveProductMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";

const REFETCH = ["SavedProductIds", "SavedItems"];

/** The heart: saves or unsaves a listing for the signed-in user (hidden when signed out). */
export function SaveButton({ product }: { product: { id: string; name: string } }) {
  const { user } = useAuth();
  // its words are in the common catalogue: the heart shows on every page with listings
  const { t } = useTranslation();
  const notify = useNotify();
  const ids = useSavedProductIdsQuery({ skip: !user, fetchPolicy: "cache-first" });
  const [save, saving] = useSaveProductMutation({ refetchQueries: REFETCH, awaitRefetchQueries: true });
  const [unsave, unsaving] = useUnsaveProductMutation({ refetchQueries: REFETCH, awaitRefetchQueries: true });
  if (!user) return null;
  const saved = ids.data?.savedProductIds.includes(product.id) ?? false;
  const toggle = async () => {
    try {
      if (saved) await unsave({ variables: { productId: product.id } });
      else await save({ variables: { productId: product.id } });
      notify.success(t(saved ? "saveButton.removed" : "saveButton.saved", { name: product.name }));
    } catch (error) {
      notify.error(plainMessage(error));
    }
  };
  return (
    <IconButton
      onClick={() => void toggle()}
      disabled={!ids.data || saving.loading || unsaving.loading}
      aria-pressed={saved}
      aria-label={t(saved ? "saveButton.remove" : "saveButton.save", { name: product.name })}
      color={saved ? "error" : "default"}
    >
      {saved ? <Favorite /> : <FavoriteBorder />}
    </IconButton>
  );
}
