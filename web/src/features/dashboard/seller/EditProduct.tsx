import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { useDashboardProductQuery, useDashboardUpdateProductMutation } from "../../../generated/hooks";
import type { DashboardProductQuery } from "../../../generated/graphql";
import { useAuth } from "../../../lib/auth";
import { EmptyState, QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { ProductForm, type ProductValues } from "./ProductForm";
import { toProductInput } from "./values";
import { usePageTitle } from "../../../components/usePageTitle";

const moneyText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** /dashboard/seller/product/:id: edit one of the seller's own listings. */
export default function EditProduct() {
  const { t } = useTranslation("seller");
  usePageTitle(t("edit.title"));
  const { id = "" } = useParams();
  const { user } = useAuth();
  const { data, loading, error, refetch } = useDashboardProductQuery({ variables: { id }, fetchPolicy: "network-only" });

  const back = (
    <Button component={RouterLink} to="/dashboard/seller/manage-products" variant="outlined">
      {t("edit.back")}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("edit.title")}
      </Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data}
        // the query answers null for a product that is gone
        isEmpty={(result) => !result.product}
        skeleton={<LoadingState label={t("edit.loading")} />}
        empty={<EmptyState message={t("edit.notFound")} action={back} />}
        onRetry={() => void refetch()}
      >
        {({ product }) =>
          product &&
          (product.seller?.id === user?.id ? <ProductEditor product={product} /> : <Alert severity="warning">{t("edit.notYours")}</Alert>)
        }
      </QueryState>
    </Stack>
  );
}

function ProductEditor({ product }: { product: NonNullable<DashboardProductQuery["product"]> }) {
  const { t } = useTranslation("seller");
  const notify = useNotify();
  const [updateProduct] = useDashboardUpdateProductMutation();
  const initial: ProductValues = {
    name: product.name,
    category: product.category,
    color: product.color ?? "",
    price: moneyText(product.price),
    oldPrice: moneyText(product.oldPrice),
    images: product.images,
    description: product.description,
    quantityAvailable: String(product.quantityAvailable),
    condition: product.condition,
    campus: product.campus ?? "",
  };
  const save = async (values: ProductValues) => {
    await updateProduct({ variables: { id: product.id, input: toProductInput(values) } });
    notify.success(t("edit.updated"));
  };
  return (
    <>
      <Typography>
        <Link component={RouterLink} to={`/shop/${product.id}`}>
          {t("edit.inShop")}
        </Link>
      </Typography>
      <ProductForm
        key={product.id}
        initial={initial}
        withOldPrice
        submitLabel={t("edit.submit")}
        busyLabel={t("edit.busy")}
        onSubmit={save}
        failurePrefix={t("edit.failure")}
        failureNoticePrefix={t("edit.failureNotice")}
      />
    </>
  );
}
