import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import { useHeldListingsQuery } from "../../../generated/hooks";
import type { PendingAction } from "./ModerationDialog";

/** Listings held for a photo matching another seller's: shown again by an admin, or left hidden. */
export function HeldListings({ onAct }: { onAct: (p: PendingAction) => void }) {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const query = useHeldListingsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="held-heading">
      <Typography id="held-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {query.data ? t("held.titleCount", { count: query.data.heldListings.totalItems }) : t("held.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.heldListings}
        skeleton={<LoadingState />}
        errorText={t("held.loadFailed")}
        empty={t("held.none")}
        noun="listings"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("held.label")}>
            {result.items.map((p) => (
              <Paper component="li" key={p.id} variant="outlined" sx={{ p: 1.5 }}>
                <Link component={RouterLink} to={`/shop/${p.id}`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {p.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {p.seller ? t("held.bySeller", { seller: p.seller.username, reason: p.heldReason }) : p.heldReason}
                </Typography>
                <Button
                  size="small"
                  onClick={() => onAct({ targetKind: "LISTING", targetId: p.id, action: "UNHIDE_LISTING", name: p.name })}
                >
                  {t("moderation.actions.UNHIDE_LISTING.label")}
                </Button>
              </Paper>
            ))}
          </Stack>
        )}
      </PagedList>
    </Box>
  );
}
