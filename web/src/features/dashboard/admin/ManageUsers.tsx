import Chip from "@mui/material/Chip";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Fragment, useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardDeleteUserMutation, useDashboardUsersQuery } from "../../../generated/hooks";
import type { DashboardUsersQuery } from "../../../generated/graphql";
import { useAuth } from "../../../lib/auth";
import { PagedList } from "../../../components/PagedList";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { plainMessage } from "../../../components/errors";
import { FROM_TABLET, PHONE_ONLY, ScrollTable } from "../common/ScrollTable";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";
import { EditUserDialog, roleText } from "./EditUserDialog";

type User = DashboardUsersQuery["users"]["items"][number];

const PAGE_SIZE = 10;

/** /dashboard/admin/users: every account, with role change and deletion (never of yourself). */
export default function ManageUsers() {
  const { t } = useTranslation("admin");
  usePageTitle(t("users.title"));
  const { user: me } = useAuth();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const { data, loading, error, refetch } = useDashboardUsersQuery({
    variables: { search: deferredSearch || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const [deleteUser, { loading: deleting }] = useDashboardDeleteUserMutation();
  const result = data?.users;
  // on a phone the line under the address says what the role column and the chips say on a wider screen
  const phoneLine = (user: User) => {
    const statuses = [
      user.isVerifiedStudent && (user.university ? t("users.verifiedAt", { university: user.university }) : t("users.verified")),
      user.suspendedAt && (user.suspendedReason ? t("users.suspendedFor", { reason: user.suspendedReason }) : t("users.suspended")),
    ].filter((part): part is string => Boolean(part));
    return [roleText(t, user.role), ...(statuses.length > 0 ? statuses : [t("users.active")])];
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser({ variables: { userId: toDelete.id } });
      notify.success(t("users.deleted"));
      if (result && result.items.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
    } catch (err) {
      notify.error(t("users.deleteFailed", { detail: plainMessage(err) }));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t("users.title")}
        </Typography>
        <Button component={RouterLink} to="/dashboard/admin" variant="outlined">
          {t("users.back")}
        </Button>
      </Stack>
      <TextField
        label={t("users.search")}
        type="search"
        size="small"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        sx={{ maxWidth: 360 }}
      />
      <PagedList
        query={{ loading, error, refetch }}
        data={result}
        skeleton={<LoadingState label={t("users.loading")} />}
        empty={t("users.none")}
        noun="users"
        onPage={setPage}
      >
        {(result) => (
          <ScrollTable label={t("users.label")}>
            <TableHead>
              <TableRow>
                <TableCell sx={FROM_TABLET}>{t("users.columns.number")}</TableCell>
                <TableCell>{t("users.columns.email")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("users.columns.role")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("users.columns.status")}</TableCell>
                <TableCell>{t("users.columns.edit")}</TableCell>
                <TableCell>{t("users.columns.delete")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.items.map((user, i) => {
                const self = user.id === me?.id;
                return (
                  <TableRow key={user.id}>
                    <TableCell sx={FROM_TABLET}>{(result.page - 1) * result.pageSize + i + 1}</TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      {self ? t("users.you", { email: user.email }) : user.email}
                      {/* a phone has no room for the role and status columns: they follow the address */}
                      <Typography variant="body2" color="text.secondary" sx={PHONE_ONLY}>
                        {phoneLine(user).map((part, i) => (
                          <Fragment key={i}>
                            {i > 0 && " · "}
                            <span>{part}</span>
                          </Fragment>
                        ))}
                      </Typography>
                    </TableCell>
                    <TableCell sx={FROM_TABLET}>{roleText(t, user.role)}</TableCell>
                    <TableCell sx={FROM_TABLET}>
                      {user.isVerifiedStudent && (
                        <Chip
                          label={user.university ? t("users.verifiedAt", { university: user.university }) : t("users.verified")}
                          size="small"
                          color="success"
                          variant="outlined"
                        />
                      )}
                      {user.suspendedAt && (
                        <Chip
                          label={user.suspendedReason ? t("users.suspendedFor", { reason: user.suspendedReason }) : t("users.suspended")}
                          size="small"
                          color="error"
                          sx={{ height: "auto", "& .MuiChip-label": { whiteSpace: "normal" } }}
                        />
                      )}
                      {!user.isVerifiedStudent && !user.suspendedAt && t("users.active")}
                    </TableCell>
                    <TableCell>
                      {self ? null : (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setEditing(user)}
                          aria-label={t("users.editUser", { email: user.email })}
                        >
                          {t("users.columns.edit")}
                        </Button>
                      )}
                    </TableCell>
                    <TableCell>
                      {self ? null : (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setToDelete(user)}
                          aria-label={t("users.deleteUser", { email: user.email })}
                        >
                          {t("users.columns.delete")}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </ScrollTable>
        )}
      </PagedList>
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("users.deleteTitle")}
        message={toDelete ? t("users.deleteText", { email: toDelete.email }) : ""}
        confirmLabel={t("users.columns.delete")}
        busyLabel={t("users.deleting")}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
