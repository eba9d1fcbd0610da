import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { PaginationBar } from "../../components/PaginationBar";
import { QueryState, TextSkeleton } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { MyWantedPostsDocument, WantedPostsDocument } from "../../generated/graphql";
import {
  useAnswerWantedMutation,
  useCatalogOptionsQuery,
  useCloseWantedMutation,
  useDeleteWantedMutation,
  useMyWantedPostsQuery,
  useWantedPostsQuery,
} from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { AnswerButton, WantedPostCard } from "./WantedPostCard";
import { WantedPostForm } from "./WantedPostForm";

/** /wanted: what buyers are looking for. Sellers search it and answer into a conversation; buyers post and close their own. */
export function WantedBoardPage() {
  const { t } = useTranslation("wanted");
  const catalogLabel = useCatalogLabel();
  usePageTitle(t("board.title"));
  const { user } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState({ search: "", category: "", campus: "", page: 1 });
  const [posting, setPosting] = useState(false);
  const options = useCatalogOptionsQuery({ fetchPolicy: "cache-first" }).data?.catalogOptions;
  const board = useWantedPostsQuery({
    variables: { search: filters.search || null, category: filters.category || null, campus: filters.campus || null, page: filters.page },
  });
  const mine = useMyWantedPostsQuery({ fetchPolicy: "cache-and-network" });
  const refetch = { refetchQueries: [WantedPostsDocument, MyWantedPostsDocument] };
  const [answer, answering] = useAnswerWantedMutation();
  const [close, closing] = useCloseWantedMutation(refetch);
  const [remove, removing] = useDeleteWantedMutation(refetch);

  const act = async (work: () => Promise<unknown>, failed: string) => {
    try {
      await work();
    } catch (error) {
      notify.error(errorMessage(error, failed));
    }
  };
  const onAnswer = (id: string) =>
    act(async () => {
      const { data } = await answer({ variables: { id } });
      if (data) await navigate(`/messages/${data.answerWanted.id}`);
    }, t("board.answerFailed"));
  const filter = (key: "category" | "campus", label: string, choices: Array<{ slug: string; label: string }>) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(e) => setFilters({ ...filters, [key]: e.target.value, page: 1 })}
      sx={{ minWidth: 160, flex: "1 1 160px" }}
    >
      <MenuItem value="">{t("board.all")}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.slug} value={c.slug}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" }, flex: 1 }}>
          {t("board.title")}
        </Typography>
        {!posting && (
          <Button variant="contained" onClick={() => setPosting(true)}>
            {t("board.post")}
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("board.intro")}
      </Typography>
      {posting && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <WantedPostForm options={options} onDone={() => setPosting(false)} />
        </Paper>
      )}
      {(mine.data?.myWantedPosts.length ?? 0) > 0 && (
        <section aria-label={t("mine.title")}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t("mine.title")}
          </Typography>
          <Stack component="ul" sx={{ p: 0, m: 0, mb: 3, gap: 1.5 }}>
            {mine.data!.myWantedPosts.map((post) => (
              <WantedPostCard
                key={post.id}
                post={post}
                options={options}
                actions={
                  <>
                    {!post.closedAt && (
                      <Button
                        size="small"
                        disabled={closing.loading}
                        onClick={() => void act(() => close({ variables: { id: post.id } }), t("mine.failed"))}
                      >
                        {t("mine.close")}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={removing.loading}
                      onClick={() => void act(() => remove({ variables: { id: post.id } }), t("mine.failed"))}
                    >
                      {t("mine.delete")}
                    </Button>
                  </>
                }
              />
            ))}
          </Stack>
        </section>
      )}
      <Stack
        component="form"
        role="search"
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ ...filters, search: typed.trim(), page: 1 });
        }}
      >
        <TextField
          size="small"
          type="search"
          label={t("board.search")}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: "2 1 200px" }}
        />
        {filter(
          "category",
          t("board.category"),
          (options?.categories ?? []).map((c) => ({ slug: c.slug, label: catalogLabel("category", c.slug, c.label) })),
        )}
        {filter("campus", t("board.campus"), options?.campuses ?? [])}
      </Stack>
      <QueryState
        loading={board.loading}
        error={board.error}
        data={board.data?.wantedPosts}
        isEmpty={(page) => page.items.length === 0}
        skeleton={<TextSkeleton lines={6} />}
        empty={t("board.empty")}
        onRetry={() => void board.refetch()}
      >
        {(page) => (
          <>
            <Stack component="ul" sx={{ p: 0, m: 0, gap: 1.5 }} aria-label={t("board.listLabel")}>
              {page.items.map((post) => (
                <WantedPostCard
                  key={post.id}
                  post={post}
                  options={options}
                  actions={
                    post.authorId !== user?.id && <AnswerButton disabled={answering.loading} onClick={() => void onAnswer(post.id)} />
                  }
                />
              ))}
            </Stack>
            <PaginationBar
              page={page.page}
              totalPages={page.totalPages}
              onChange={(next) => setFilters({ ...filters, page: next })}
              label={t("board.pages")}
            />
          </>
        )}
      </QueryState>
    </Container>
  );
}
