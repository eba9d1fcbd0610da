import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import { ProductGridSkeleton } from "../../domain/product/ProductCard";
import { ProductDetailSkeleton } from "../../domain/product/ProductDetailSkeleton";
import { TextSkeleton } from "../../components/QueryState";
import { Hero } from "../../features/home/Hero";
import { TRENDING_COUNT } from "../../features/home/trending";

/*
 * Route fallbacks shaped like the page whose code is loading, so that nothing on screen moves
 * when it arrives (the main area is at least a screen tall, so the footer never paints in view first).
 */

/** Home: the real hero (it needs no data, and is the first thing a visitor reads) over the trending grid. */
export function HomeSkeleton() {
  return (
    <>
      <Hero />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Skeleton variant="text" width={220} sx={{ fontSize: { xs: "1.5rem", md: "2rem" }, mb: 3 }} />
        <ProductGridSkeleton count={TRENDING_COUNT} wide />
      </Container>
    </>
  );
}

/** /shop, /search and /categories/:name: the title, the filters column and a page of products. */
export function ListingSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Skeleton variant="text" width={160} sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" } }} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "240px 1fr" }, gap: { xs: 2, md: 4 }, mt: 3 }}>
        <Skeleton variant="rectangular" height={480} sx={{ display: { xs: "none", md: "block" }, borderRadius: 1 }} />
        <div>
          <Skeleton variant="rectangular" height={40} sx={{ mb: 2, borderRadius: 1 }} />
          <ProductGridSkeleton />
        </div>
      </Box>
    </Container>
  );
}

export function ProductSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <ProductDetailSkeleton />
    </Container>
  );
}

/** Any other page: a title and a few lines. */
export function PageSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Skeleton variant="text" width={200} sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" }, mb: 3 }} />
      <TextSkeleton lines={6} />
    </Container>
  );
}
