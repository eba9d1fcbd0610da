import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import { errorMessage } from "../../../components/errors";
import { useHeldListingsQuery } from "../../../generated/hooks";
import type { PendingAction } from "./ModerationDialog";

/** Listings held for a photo matching another seller's: shown again by an admin, or left hidden. */
export function HeldListings({ onAct }: { onAct: (p: PendingAction) => void }) {
  const [page, setPage] = useState(1);
  const query = useHeldListingsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="held-heading">
      <Typography id="held-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Held for review{query.data ? ` (${query.data.heldListings.totalItems})` : ""}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.heldListings}
        skeleton={<LoadingState />}
        errorText={`Error loading held listings: ${errorMessage(query.error, "please try again.")}`}
        empty="No listing is held for review."
        noun="listings"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Held listings">
            {result.items.map((p) => (
              <Paper component="li" key={p.id} variant="outlined" sx={{ p: 1.5 }}>
                <Link component={RouterLink} to={`/shop/${p.id}`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {p.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {p.seller ? `by ${p.seller.username} · ` : ""}
                  {p.heldReason}
                </Typography>
                <Button
                  size="small"
                  onClick={() => onAct({ targetKind: "LISTING", targetId: p.id, action: "UNHIDE_LISTING", name: p.name })}
                >
                  Show again
                </Button>
              </Paper>
            ))}
          </Stack>
        )}
      </PagedList>
    </Box>
  );
}
