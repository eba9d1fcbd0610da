import NotificationsActiveIcon from "@mui/icons-material/NotificationsActiveOutlined";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { SavedSearchesDocument, type ProductFilter } from "../../generated/graphql";
import { useSaveSearchMutation } from "../../generated/hooks";

/** "Save this search": the shop's current words and filters, with the alert on (a new matching listing rings the bell). */
export default function SaveSearchButton({ filter }: { filter: ProductFilter }) {
  const { t } = useTranslation("alerts");
  const notify = useNotify();
  const [save, { loading }] = useSaveSearchMutation({ refetchQueries: [SavedSearchesDocument] });
  const onClick = async () => {
    try {
      await save({ variables: { filter, alert: true } });
      notify.success(t("save.saved"));
    } catch (error) {
      notify.error(errorMessage(error, t("save.failed")));
    }
  };
  return (
    <Button size="small" variant="text" startIcon={<NotificationsActiveIcon />} disabled={loading} onClick={() => void onClick()}>
      {t("save.button")}
    </Button>
  );
}
