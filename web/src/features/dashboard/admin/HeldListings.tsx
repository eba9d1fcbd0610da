import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { NOTE_MAX_LENGTH } from "@unibazaar/rules";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import { useNotify } from "../../../components/Notify";
import { errorMessage } from "../../../components/errors";
import type { HeldListingsQuery, KeepHiddenReason } from "../../../generated/graphql";
import { useDecideHeldListingMutation, useHeldListingsQuery } from "../../../generated/hooks";

type HeldCase = HeldListingsQuery["heldListings"]["items"][number];

/** The reasons an admin picks from to keep a held listing hidden (OTHER: written); the seller is told the one chosen. */
const KEEP_REASONS: KeepHiddenReason[] = ["NOT_OWN_PHOTO", "SAME_ITEM", "OTHER"];

/**
 * Listings held for a photo matching another seller's: the held photo beside the original listing's
 * (titles and sellers under each), released by an admin or kept hidden for a reason the seller reads.
 */
export function HeldListings() {
  const { t } = useTranslation("admin");
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [keeping, setKeeping] = useState<HeldCase | null>(null);
  const query = useHeldListingsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  const [decide, deciding] = useDecideHeldListingMutation({ refetchQueries: ["HeldListings", "ModerationLog"], awaitRefetchQueries: true });

  const release = async (c: HeldCase) => {
    try {
      await decide({ variables: { input: { productId: c.listing.id, release: true } } });
      notify.success(t("held.released", { name: c.listing.name }));
    } catch (e) {
      notify.error(errorMessage(e, t("held.decideFailed")));
    }
  };

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
            {result.items.map((c) => (
              <Paper
                component="li"
                key={c.listing.id}
                variant="outlined"
                sx={{ p: 1.5 }}
                aria-label={t("held.case", { name: c.listing.name })}
              >
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: "anywhere" }}>
                  {c.listing.heldReason}
                </Typography>
                <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5 }}>
                  <ComparedPhoto
                    caption={t("held.heldPhoto")}
                    photo={c.photo}
                    productId={c.listing.id}
                    name={c.listing.name}
                    seller={c.listing.seller?.username}
                  />
                  {c.original ? (
                    <ComparedPhoto
                      caption={t("held.originalPhoto")}
                      photo={c.original.image}
                      productId={c.original.id}
                      name={c.original.name}
                      seller={c.original.seller?.username}
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t("held.originalGone")}
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap" }}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={deciding.loading}
                    onClick={() => void release(c)}
                    aria-label={t("held.releaseNamed", { name: c.listing.name })}
                  >
                    {t("held.release")}
                  </Button>
                  <Button
                    size="small"
                    color="warning"
                    disabled={deciding.loading}
                    onClick={() => setKeeping(c)}
                    aria-label={t("held.keepNamed", { name: c.listing.name })}
                  >
                    {t("held.keep")}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </PagedList>
      {keeping && (
        <KeepHiddenDialog
          held={keeping}
          busy={deciding.loading}
          onClose={() => setKeeping(null)}
          onKeep={async (reason, note) => {
            await decide({ variables: { input: { productId: keeping.listing.id, release: false, reason, note } } });
            notify.success(t("held.kept", { name: keeping.listing.name }));
            setKeeping(null);
          }}
        />
      )}
    </Box>
  );
}

/** One of the two photos an admin compares, with its listing's title (a link) and seller under it. */
function ComparedPhoto(props: { caption: string; photo: string; productId: string; name: string; seller?: string }) {
  const { t } = useTranslation("admin");
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {props.caption}
      </Typography>
      <Box
        component="img"
        src={props.photo}
        alt={t("held.photoOf", { name: props.name })}
        loading="lazy"
        sx={{ display: "block", width: "100%", aspectRatio: "4 / 3", objectFit: "cover", borderRadius: 1, bgcolor: "grey.100" }}
      />
      <Box component="figcaption" sx={{ mt: 0.5 }}>
        <Link component={RouterLink} to={`/shop/${props.productId}`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {props.name}
        </Link>
        {props.seller && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {t("held.seller", { seller: props.seller })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Keep hidden: a reason chosen (or written, for OTHER), which the seller is told. */
function KeepHiddenDialog({
  held,
  busy,
  onClose,
  onKeep,
}: {
  held: HeldCase;
  busy: boolean;
  onClose: () => void;
  onKeep: (reason: KeepHiddenReason, note: string | null) => Promise<void>;
}) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const [reason, setReason] = useState<KeepHiddenReason | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason) return setError(t("held.chooseReason"));
    if (reason === "OTHER" && !note.trim()) return setError(t("held.writeReason"));
    setError(null);
    try {
      await onKeep(reason, reason === "OTHER" ? note.trim() : null);
    } catch (e) {
      setError(errorMessage(e, t("held.decideFailed")));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("held.keepTitle", { name: held.listing.name })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t("held.keepText")}</Typography>
        <RadioGroup aria-label={t("held.reasonLabel")} value={reason ?? ""} onChange={(e) => setReason(e.target.value as KeepHiddenReason)}>
          {KEEP_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={t(`held.reasons.${r}`)} />
          ))}
        </RadioGroup>
        {reason === "OTHER" && (
          <TextField
            label={t("held.noteLabel")}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          />
        )}
        {error && (
          <Typography role="alert" color="error" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("held.cancel")}</Button>
        <Button color="warning" variant="contained" disabled={busy} onClick={() => void submit()}>
          {t("held.keep")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
