import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { ReservedLabel } from "../reservation/ReservedLabel";
import { PictureLabel } from "./PictureLabel";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { memo, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ProductCardFieldsFragment } from "../../generated/graphql";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { uploadSrcSet } from "../../lib/images";
import { discountPercent, Money } from "../../components/Money";
import { RatingStars } from "../../components/RatingStars";
import { SellerLink } from "../seller/SellerLink";
import { VerifiedMark } from "../seller/VerifiedMark";
import { useTranslation } from "react-i18next";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";

type ProductCardProps = {
  product: ProductCardFieldsFragment;
  /** E.g. an add-to-cart button, shown at the bottom of the card. */
  action?: ReactNode;
  /** Heading level of the product name inside the page (default h3). */
  headingComponent?: "h2" | "h3";
  /** In the first row on screen: the picture loads at once, ahead of the rest (it is the page's largest paint). */
  priority?: boolean;
};

/** A product in a grid: picture, name, seller, stars with count, price with the old price struck through. */
export function ProductCard({ product, action, headingComponent = "h3", priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const catalogLabel = useCatalogLabel();
  const off = discountPercent(product.price, product.oldPrice);
  return (
    <Card
      variant="outlined"
      sx={{
        position: "relative",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        transition: "box-shadow .2s",
        "&:hover": { boxShadow: 3 },
      }}
      component="article"
    >
      <Box sx={{ position: "relative" }}>
        <Box
          component="img"
          src={product.image}
          srcSet={uploadSrcSet(product.image)}
          // the grid's column width: 2 columns on a phone, 3 from 600 px, 4 from 900 px, at most ~230 px
          sizes="(min-width: 1200px) 230px, (min-width: 900px) 25vw, (min-width: 600px) 33vw, 50vw"
          alt={product.name}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          width={300}
          height={300}
          sx={{ width: "100%", height: "auto", aspectRatio: "1", objectFit: "cover", display: "block", bgcolor: "grey.100" }}
        />
        {off && (
          <PictureLabel corner="left" inset={8} sx={{ bgcolor: "error.main", color: "error.contrastText" }}>
            <bdi>{`-${off}%`}</bdi>
          </PictureLabel>
        )}
        {product.sold && (
          <PictureLabel corner="right" inset={8} sx={{ bgcolor: "grey.900", color: "common.white" }}>
            {t("listing.sold")}
          </PictureLabel>
        )}
        {!product.sold && product.reservedUntil && <ReservedLabel inset={8} />}
      </Box>
      <CardContent sx={{ flex: 1, p: { xs: 1.25, sm: 2 }, "&:last-child": { pb: { xs: 1.25, sm: 2 } } }}>
        <Typography
          component={headingComponent}
          variant="subtitle1"
          sx={{ fontWeight: 600, lineHeight: 1.3, mb: 0.5, fontSize: { xs: "0.95rem", sm: "1rem" } }}
        >
          <Link
            component={RouterLink}
            to={`/shop/${product.id}`}
            color="inherit"
            underline="hover"
            sx={{
              display: "-webkit-box",
              WebkitLineClamp: 2,
              WebkitBoxOrient: "vertical",
              overflow: "hidden",
              // the whole card is the link's click target
              "&::after": { content: '""', position: "absolute", inset: 0 },
            }}
          >
            <bdi>{product.name}</bdi>
          </Link>
        </Typography>
        {product.seller && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {/* above the card-wide link of the name */}
            {aroundElement(
              t("listing.bySeller", { seller: ELEMENT_MARK }),
              <SellerLink seller={product.seller} sx={{ position: "relative", zIndex: 1, color: "inherit" }} />,
            )}
            {product.seller.isVerifiedStudent && <VerifiedMark />}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }} noWrap>
          {[catalogLabel("condition", product.condition, product.conditionLabel), product.campusName].filter(Boolean).join(" · ")}
        </Typography>
        <Box sx={{ my: 0.5 }}>
          <RatingStars value={product.rating} count={product.ratingCount} />
        </Box>
        <Money amount={product.price} oldPrice={product.oldPrice} />
      </CardContent>
      {action && (
        <CardActions sx={{ pt: 0, px: { xs: 1.25, sm: 2 }, pb: { xs: 1.25, sm: 2 }, position: "relative", zIndex: 1 }}>
          {action}
        </CardActions>
      )}
    </Card>
  );
}

/** The cards in a phone's first row (two columns) skip lazy loading. */
export const FIRST_ROW = 2;

/** Products side by side: two columns on a phone, up to four on a desktop. */
export function ProductGrid({
  children,
  label,
  wide = false,
}: {
  children: ReactNode;
  label?: string;
  /** five columns on large screens */ wide?: boolean;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: { xs: 1.5, sm: 2, md: 3 },
        gridTemplateColumns: {
          xs: "repeat(2, minmax(0, 1fr))",
          sm: "repeat(3, minmax(0, 1fr))",
          md: "repeat(4, minmax(0, 1fr))",
          ...(wide ? { lg: "repeat(5, minmax(0, 1fr))" } : {}),
        },
        "& > li": { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

// memo: a page re-rendering while its data is on the way (or drawn at transition priority) keeps
// its placeholder grid as it is
export const ProductGridSkeleton = memo(function ProductGridSkeleton({ count = 8, wide = false }: { count?: number; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t("loading.products")}>
      <ProductGrid wide={wide}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Card variant="outlined">
              <Skeleton variant="rectangular" sx={{ width: "100%", height: "auto", aspectRatio: "1" }} />
              <CardContent>
                <Skeleton variant="text" width="90%" />
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="text" width="40%" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ProductGrid>
    </Box>
  );
});
