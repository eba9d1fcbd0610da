import Link, { type LinkProps } from "@mui/material/Link";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

type SellerLinkProps = {
  seller: { username: string; storeName?: string | null };
  sx?: LinkProps["sx"];
  children?: ReactNode;
};

/** The path of a seller's public page. */
export const sellerPath = (username: string) => `/sellers/${encodeURIComponent(username)}`;

/** "Sold by …": the store's name (or the username), linking to the seller's page. */
export function SellerLink({ seller, sx, children }: SellerLinkProps) {
  return (
    <Link component={RouterLink} to={sellerPath(seller.username)} sx={sx}>
      {children ?? (seller.storeName || seller.username)}
    </Link>
  );
}
