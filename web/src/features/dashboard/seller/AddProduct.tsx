import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useDashboardCreateProductMutation } from "../../../generated/hooks";
import { useNotify } from "../../../components/Notify";
import { EMPTY_PRODUCT, ProductForm, type ProductValues } from "./ProductForm";
import { toProductInput } from "./values";
import { usePageTitle } from "../../../components/usePageTitle";
import { formatPKR } from "../../../lib/format";

/** /dashboard/seller/add-new-post: a new listing; on success the seller goes to the shop. */
export default function AddProduct() {
  const { t } = useTranslation("seller");
  usePageTitle(t("add.title"));
  const notify = useNotify();
  const navigate = useNavigate();
  const [createProduct] = useDashboardCreateProductMutation();

  const add = async (values: ProductValues) => {
    const { oldPrice: _ignored, ...input } = toProductInput(values);
    const { data } = await createProduct({ variables: { input } });
    // listed anyway: the seller is told what buyers will see (or why it waits for an admin)
    const created = data?.createProduct;
    if (created?.heldReason) notify.info(t("add.addedWithNote", { note: created.heldReason }));
    else if (created?.usualPrice != null) notify.info(t("add.addedTooGood", { price: formatPKR(created.usualPrice) }));
    else notify.success(t("add.added"));
    navigate("/shop");
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("add.title")}
      </Typography>
      <ProductForm
        initial={EMPTY_PRODUCT}
        submitLabel={t("add.submit")}
        busyLabel={t("add.busy")}
        onSubmit={add}
        failurePrefix={t("add.failure")}
        failureNoticePrefix={t("add.failureNotice")}
        resetOnSuccess
        noCampusLabel={t("add.noCampus")}
      />
    </Stack>
  );
}
