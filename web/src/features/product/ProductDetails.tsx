import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { ReservationNotice } from "../../domain/reservation/ReservationCountdown";
import { ReservedLabel } from "../../domain/reservation/ReservedLabel";
import { VerifiedBadge } from "../../domain/seller/VerifiedBadge";
import { discountPercent, Money } from "../../components/Money";
import { RatingStars } from "../../components/RatingStars";
import { ReportButton } from "../../domain/report/ReportButton";
import { ShareButton } from "../../components/ShareButton";
import { SellerLink } from "../../domain/seller/SellerLink";
import type { ProductDetailQuery } from "../../generated/graphql";
import { useMyAcceptedOfferQuery, useProductPaymentMethodsQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { formatCount, formatDateTime, formatPKR } from "../../lib/format";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { ProductGallery } from "./ProductGallery";

export type Product = NonNullable<ProductDetailQuery["product"]>;

/** The product's photos, price, seller, facts and description, with the add-to-cart control the app composes. */
export function ProductDetails({ product, addToCart }: { product: Product; addToCart: ReactNode }) {
  const { t } = useTranslation("product");
  const off = discountPercent(product.price, product.oldPrice);
  const catalogLabel = useCatalogLabel();
  // the product names its category and colour by slug ("electronics")
  const category = catalogLabel("category", product.category);
  return (
    <>
      <Breadcrumbs aria-label={t("details.breadcrumb")} sx={{ mb: 2, "& ol": { flexWrap: "wrap" } }}>
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          {t("common:nav.homeLink")}
        </Link>
        <Link component={RouterLink} to="/shop" underline="hover" color="inherit">
          {t("common:nav.shop")}
        </Link>
        <Link component={RouterLink} to={`/categories/${product.category}`} underline="hover" color="inherit">
          {category}
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: "anywhere" }}>
          <bdi>{product.name}</bdi>
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: { xs: 3, md: 5 } }}>
        <ProductGallery images={product.images} name={product.name}>
          {off && <Chip label={<bdi>{`-${off}%`}</bdi>} color="error" sx={{ position: "absolute", top: 12, left: 12, fontWeight: 700 }} />}
          {product.sold && (
            <Chip
              label={product.pendingOrderUnits > 0 ? t("details.inPendingOrder") : t("common:listing.sold")}
              sx={{ position: "absolute", top: 12, right: 12, fontWeight: 700, bgcolor: "grey.900", color: "common.white" }}
            />
          )}
          {!product.sold && product.reservedUntil && <ReservedLabel size="medium" inset={12} />}
        </ProductGallery>
        <div>
          {product.hiddenAt && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {product.heldReason ?? t("details.hidden")}
            </Alert>
          )}
          {product.usualPrice != null && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t("details.tooGood", { price: formatPKR(product.usualPrice) })}
            </Alert>
          )}
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.2rem" }, overflowWrap: "anywhere" }}>
            <bdi>{product.name}</bdi>
          </Typography>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1, flexWrap: "wrap" }}>
            <RatingStars value={product.rating} count={product.ratingCount} size="medium" />
            <Link href="#reviews" variant="body2">
              {t("details.reviewCount", { count: product.ratingCount, number: formatCount(product.ratingCount) })}
            </Link>
          </Box>
          <Box sx={{ mt: 2 }}>
            <Money amount={product.price} oldPrice={product.oldPrice} variant="h5" />
          </Box>
          {product.seller && (
            <Typography sx={{ mt: 2, display: "flex", alignItems: "center", gap: 1 }}>
              <StorefrontOutlined fontSize="small" color="action" aria-hidden="true" />
              <span>
                {aroundElement(
                  t("details.soldBy", { seller: ELEMENT_MARK }),
                  <strong>
                    <SellerLink seller={product.seller} />
                  </strong>,
                )}
              </span>
              {product.seller?.sellerType === "BUSINESS" && <Chip label={t("details.store")} size="small" variant="outlined" />}
              {product.seller.isVerifiedStudent && <VerifiedBadge university={product.seller.university} />}
            </Typography>
          )}
          {product.seller?.university && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {product.seller.university}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap", rowGap: 1 }}>
            <Chip label={t("details.category", { category })} variant="outlined" />
            {product.color && <Chip label={t("details.colour", { colour: catalogLabel("color", product.color) })} variant="outlined" />}
            <Chip
              label={t("details.condition", { condition: catalogLabel("condition", product.condition, product.conditionLabel) })}
              variant="outlined"
            />
            {product.campusName && <Chip label={t("details.campus", { campus: product.campusName })} variant="outlined" />}
          </Stack>
          <Typography dir="auto" sx={{ mt: 3, whiteSpace: "pre-line" }}>
            {product.description}
          </Typography>
          {!product.sold && <AcceptedOffer product={product} />}
          {!product.sold && <ReservationNotice product={product} />}
          <Box sx={{ mt: 3, maxWidth: { sm: 320 } }}>{addToCart}</Box>
          <Paper variant="outlined" sx={{ mt: 3, p: 2, display: "flex", gap: 1.5, alignItems: "center", bgcolor: "#f3faf7" }}>
            <LocalShippingOutlined color="primary" aria-hidden="true" />
            <DealTerms campusName={product.campusName} />
          </Paper>
          <Box sx={{ mt: 2, display: "flex", gap: 1, flexWrap: "wrap" }}>
            <ShareButton title={product.name} text={t("details.shareText", { name: product.name, price: formatPKR(product.price) })} />
            <ReportButton target={{ kind: "listing", productId: product.id, ownerId: product.seller?.id }} label={t("details.report")} />
          </Box>
        </div>
      </Box>
    </>
  );
}

/** The signed-in buyer's accepted offer on this listing: the price they agreed, and how to buy at it. */
function AcceptedOffer({ product }: { product: Product }) {
  const { t } = useTranslation("product");
  const { user } = useAuth();
  const query = useMyAcceptedOfferQuery({ variables: { productId: product.id }, skip: !user, fetchPolicy: "cache-and-network" });
  const offer = user ? query.data?.myAcceptedOffer : null;
  if (!offer) return null;
  return (
    <Alert severity="success" sx={{ mt: 3 }} aria-label={t("offer.label")}>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {t("offer.accepted", { amount: formatPKR(offer.amount) })}
      </Typography>
      {t("offer.howToBuy", { amount: formatPKR(offer.amount), price: formatPKR(product.price), date: formatDateTime(offer.expiresAt) })}
    </Alert>
  );
}

/**
 * How this listing changes hands and what the app takes for it: a campus meetup where the listing
 * names a campus (else delivery), the payment methods offered here, and that online payments are held.
 */
function DealTerms({ campusName }: { campusName: string | null }) {
  const { t } = useTranslation("product");
  const methods = useProductPaymentMethodsQuery().data?.paymentMethods ?? [];
  const names = [...new Set(methods.map((m) => t(`details.pay.${m}`)))];
  const online = methods.some((m) => m !== "CASH_ON_DELIVERY" && m !== "CASH_ON_MEETUP");
  return (
    <Typography variant="body2">
      {campusName ? t("details.meetupOrDelivery", { campus: campusName }) : t("details.deliveryOnly")}
      {names.length > 0 && ` ${t("details.payWith", { methods: names.join(t("details.listSeparator")) })}`}
      {online && ` ${t("details.heldPayment")}`}
    </Typography>
  );
}
