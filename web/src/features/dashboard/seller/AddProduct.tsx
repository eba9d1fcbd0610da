import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate } from "react-router-dom";
import { useDashboardCreateProductMutation } from "../../../generated/hooks";
import { useNotify } from "../../../components/Notify";
import { EMPTY_PRODUCT, ProductForm, type ProductValues } from "./ProductForm";
import { toProductInput } from "./values";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard/seller/add-new-post: a new listing; on success the seller goes to the shop. */
export default function AddProduct() {
  usePageTitle("Add New Product");
  const notify = useNotify();
  const navigate = useNavigate();
  const [createProduct] = useDashboardCreateProductMutation();

  const add = async (values: ProductValues) => {
    const { oldPrice: _ignored, ...input } = toProductInput(values);
    const { data } = await createProduct({ variables: { input } });
    // listed anyway: the seller is told what buyers will see (or why it waits for an admin)
    const note = data?.createProduct.heldReason ?? data?.createProduct.priceNote;
    if (note) notify.info(`Product added. ${note}`);
    else notify.success("Product added successfully!");
    navigate("/shop");
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Add New Product
      </Typography>
      <ProductForm
        initial={EMPTY_PRODUCT}
        submitLabel="Add Product"
        busyLabel="Adding..."
        onSubmit={add}
        failurePrefix="Error adding product"
        failureNoticePrefix="Failed to add product"
        resetOnSuccess
        noCampusLabel="My university's campus (verified students)"
      />
    </Stack>
  );
}
