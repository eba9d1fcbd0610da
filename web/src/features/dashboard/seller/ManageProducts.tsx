import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import {
  useDashboardDeleteProductMutation,
  useDashboardMyProductsQuery,
  useDashboardUpdateProductMutation,
} from "../../../generated/hooks";
import type { DashboardMyProductsQuery } from "../../../generated/graphql";
import { formatCount, formatDate } from "../../../lib/format";
import { PagedList } from "../../../components/PagedList";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { plainMessage } from "../../../components/errors";
import { ScrollTable } from "../common/ScrollTable";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";

type Product = DashboardMyProductsQuery["myProducts"]["items"][number];

const PAGE_SIZE = 10;

/** /dashboard/seller/manage-products: the seller's own listings, 10 a page, with edit, relist and delete. */
export default function ManageProducts() {
  const { t } = useTranslation("seller");
  usePageTitle(t("products.title"));
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const { data, loading, error, refetch } = useDashboardMyProductsQuery({
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const [deleteProduct, { loading: deleting }] = useDashboardDeleteProductMutation();
  const [updateProduct, { loading: relisting }] = useDashboardUpdateProductMutation();
  const result = data?.myProducts;
  // a six-column table does not fit a phone: there each product is a card with its picture
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteProduct({ variables: { id: toDelete.id } });
      notify.success(t("products.deleted", { name: toDelete.name }));
      // the last item of the last page: step back a page
      if (result && result.items.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
    } catch (err) {
      notify.error(t("products.deleteFailed", { detail: plainMessage(err) }));
    } finally {
      setToDelete(null);
    }
  };

  // a sold single item goes back on sale as one unit; the edit form sets any other quantity
  const relist = async (product: Product) => {
    try {
      await updateProduct({ variables: { id: product.id, input: { quantityAvailable: 1 } } });
      notify.success(t("products.relisted", { name: product.name }));
    } catch (err) {
      notify.error(t("products.relistFailed", { detail: plainMessage(err) }));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" }, overflowWrap: "anywhere" }}>
          {t("products.title")}
        </Typography>
        <Button component={RouterLink} to="/dashboard/seller/add-new-post" variant="contained">
          {t("products.add")}
        </Button>
      </Stack>
      <PagedList
        query={{ loading, error, refetch }}
        data={result}
        skeleton={<LoadingState label={t("products.loading")} />}
        empty={t("products.none")}
        noun="products"
        onPage={setPage}
      >
        {(result) => (
          <>
            {phone ? (
              <Stack component="ul" spacing={1.5} aria-label={t("products.yours")} sx={{ listStyle: "none", p: 0, m: 0 }}>
                {result.items.map((product) => (
                  <Box
                    component="li"
                    key={product.id}
                    sx={{ display: "flex", gap: 1.5, p: 1.5, border: 1, borderColor: "divider", borderRadius: 2, alignItems: "flex-start" }}
                  >
                    <Avatar src={product.image} alt="" variant="rounded" sx={{ width: 64, height: 64 }} />
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Link
                        component={RouterLink}
                        to={`/dashboard/seller/product/${product.id}`}
                        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
                      >
                        <bdi>{product.name}</bdi>
                      </Link>
                      <HiddenNote product={product} />
                      <Typography variant="body2" color="text.secondary">
                        {t("products.addedOn", { date: formatDate(product.createdAt) })}
                      </Typography>
                      <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 0.5 }}>
                        <Typography variant="body2">{t("products.availableLabel")}</Typography>
                        <Availability product={product} relisting={relisting} onRelist={relist} />
                      </Box>
                      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                        <Button
                          component={RouterLink}
                          to={`/dashboard/seller/product/${product.id}`}
                          size="small"
                          variant="outlined"
                          aria-label={t("products.editNamed", { name: product.name })}
                        >
                          {t("products.edit")}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setToDelete(product)}
                          aria-label={t("products.deleteNamed", { name: product.name })}
                        >
                          {t("products.delete")}
                        </Button>
                      </Stack>
                    </Box>
                  </Box>
                ))}
              </Stack>
            ) : (
              <ScrollTable label={t("products.yours")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("products.columns.number")}</TableCell>
                    <TableCell>{t("products.columns.name")}</TableCell>
                    <TableCell>{t("products.columns.added")}</TableCell>
                    <TableCell>{t("products.columns.available")}</TableCell>
                    <TableCell>{t("products.columns.manage")}</TableCell>
                    <TableCell>{t("products.columns.delete")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.items.map((product, i) => (
                    <TableRow key={product.id}>
                      <TableCell>{formatCount((result.page - 1) * result.pageSize + i + 1)}</TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/dashboard/seller/product/${product.id}`}>
                          <bdi>{product.name}</bdi>
                        </Link>
                        <HiddenNote product={product} />
                      </TableCell>
                      <TableCell>{formatDate(product.createdAt)}</TableCell>
                      <TableCell>
                        <Availability product={product} relisting={relisting} onRelist={relist} />
                      </TableCell>
                      <TableCell>
                        <Button
                          component={RouterLink}
                          to={`/dashboard/seller/product/${product.id}`}
                          size="small"
                          aria-label={t("products.editNamed", { name: product.name })}
                        >
                          {t("products.edit")}
                        </Button>
                      </TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setToDelete(product)}
                          aria-label={t("products.deleteNamed", { name: product.name })}
                        >
                          {t("products.delete")}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </ScrollTable>
            )}
          </>
        )}
      </PagedList>
      <ConfirmDialog
        open={toDelete !== null}
        title={t("products.confirmTitle")}
        message={toDelete ? t("products.confirmText", { name: toDelete.name }) : ""}
        confirmLabel={t("products.delete")}
        busyLabel={t("products.deleting")}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

/** A hidden listing's chip, with the reason when it is held for review (a copied photo), so its seller knows what to fix. */
function HiddenNote({ product }: { product: Product }) {
  const { t } = useTranslation("seller");
  if (!product.hiddenAt) return null;
  return (
    <>
      <Chip label={product.heldReason ? t("products.held") : t("products.hidden")} size="small" color="warning" sx={{ ml: 1 }} />
      {product.heldReason && (
        <Typography variant="body2" color="warning.dark" sx={{ overflowWrap: "anywhere" }}>
          {product.heldReason}
        </Typography>
      )}
    </>
  );
}

/** How many are for sale; none left: "In a pending order" while unfinished orders hold them, else "Sold" with Relist. */
function Availability({ product, relisting, onRelist }: { product: Product; relisting: boolean; onRelist: (p: Product) => Promise<void> }) {
  const { t } = useTranslation("seller");
  if (!product.sold) return <>{formatCount(product.quantityAvailable)}</>;
  if (product.pendingOrderUnits > 0) return <Chip label={t("products.inPendingOrder")} size="small" color="info" />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Chip label={t("products.sold")} size="small" />
      <Button
        size="small"
        disabled={relisting}
        onClick={() => void onRelist(product)}
        aria-label={t("products.relistNamed", { name: product.name })}
      >
        {t("products.relist")}
      </Button>
    </Stack>
  );
}
