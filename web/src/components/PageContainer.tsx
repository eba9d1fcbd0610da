import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { usePageTitle } from "./usePageTitle";

/** A page body with its h1 and tab title. */
export function PageContainer({
  title,
  children,
  maxWidth = "lg",
  hideTitle = false,
  actions,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: "sm" | "md" | "lg";
  hideTitle?: boolean;
  actions?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {!hideTitle && (
        <Typography
          variant="h4"
          component="h1"
          sx={{
            mb: 3,
            fontSize: { xs: "1.6rem", md: "2.125rem" },
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 2,
            flexWrap: "wrap",
          }}
        >
          {title}
          {actions}
        </Typography>
      )}
      {children}
    </Container>
  );
}
