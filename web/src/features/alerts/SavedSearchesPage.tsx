import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { EmptyState, QueryState, TextSkeleton } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { SavedSearchesDocument, type SavedSearchFieldsFragment } from "../../generated/graphql";
import { useDeleteSavedSearchMutation, useSavedSearchesQuery, useUpdateSavedSearchMutation } from "../../generated/hooks";
import { formatDate } from "../../lib/format";
import { shopLink } from "./shopLink";

/** One saved search: its name (from its filters), the alert and digest switches, open and delete. */
function SavedSearchRow({ search }: { search: SavedSearchFieldsFragment }) {
  const { t } = useTranslation("alerts");
  const notify = useNotify();
  const [update, updating] = useUpdateSavedSearchMutation();
  const [remove, removing] = useDeleteSavedSearchMutation({ refetchQueries: [SavedSearchesDocument] });
  const change = async (settings: { alert?: boolean; emailDigest?: boolean }) => {
    try {
      await update({ variables: { id: search.id, settings } });
    } catch (error) {
      notify.error(errorMessage(error, t("list.changeFailed")));
    }
  };
  const onDelete = async () => {
    try {
      await remove({ variables: { id: search.id } });
      notify.success(t("list.deleted"));
    } catch (error) {
      notify.error(errorMessage(error, t("list.deleteFailed")));
    }
  };
  const busy = updating.loading || removing.loading;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }} aria-label={search.name}>
      <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            <bdi>{search.name}</bdi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("list.savedOn", { date: formatDate(search.createdAt) })}
          </Typography>
        </Stack>
        <IconButton aria-label={t("list.delete", { name: search.name })} disabled={busy} onClick={() => void onDelete()}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap", alignItems: "center", gap: 1, mt: 1 }}>
        <FormControlLabel
          control={<Switch checked={search.alert} disabled={busy} onChange={(_, alert) => void change({ alert })} />}
          label={t("list.alert")}
        />
        <FormControlLabel
          control={<Switch checked={search.emailDigest} disabled={busy} onChange={(_, emailDigest) => void change({ emailDigest })} />}
          label={t("list.digest")}
        />
        <Button component={RouterLink} to={shopLink(search)} size="small" sx={{ marginInlineStart: "auto" }}>
          {t("list.open")}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /saved-searches: the signed-in user's saved searches and their alerts. */
export function SavedSearchesPage() {
  const { t } = useTranslation("alerts");
  usePageTitle(t("list.title"));
  const query = useSavedSearchesQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" }, mb: 1 }}>
        {t("list.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("list.intro")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.savedSearches}
        skeleton={<TextSkeleton lines={4} />}
        empty={
          <EmptyState
            message={t("list.empty")}
            action={
              <Button component={RouterLink} to="/shop" variant="contained">
                {t("list.browse")}
              </Button>
            }
          />
        }
        onRetry={() => void query.refetch()}
      >
        {(searches) => (
          <Stack component="ul" sx={{ p: 0, m: 0, gap: 1.5 }} aria-label={t("list.title")}>
            {searches.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
