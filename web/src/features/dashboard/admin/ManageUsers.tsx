import Chip from "@mui/material/Chip";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardDeleteUserMutation, useDashboardUsersQuery } from "../../../generated/hooks";
import type { DashboardUsersQuery } from "../../../generated/graphql";
import { useAuth } from "../../../lib/auth";
import { PagedList } from "../../../components/PagedList";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { plainMessage } from "../../../components/errors";
import { ScrollTable } from "../common/ScrollTable";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";
import { EditUserDialog, roleText } from "./EditUserDialog";

type User = DashboardUsersQuery["users"]["items"][number];

const PAGE_SIZE = 10;

/** /dashboard/admin/users: every account, with role change and deletion (never of yourself). */
export default function ManageUsers() {
  usePageTitle("All Users");
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

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser({ variables: { userId: toDelete.id } });
      notify.success("User deleted successfully");
      if (result && result.items.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
    } catch (err) {
      notify.error(`Failed to delete user: ${plainMessage(err)}`);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h4" component="h1">
          All Users
        </Typography>
        <Button component={RouterLink} to="/dashboard/admin" variant="outlined">
          Back to Admin Dashboard
        </Button>
      </Stack>
      <TextField
        label="Search users"
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
        errorText="Failed to load users."
        skeleton={<LoadingState label="Loading users..." />}
        empty="No users found."
        noun="users"
        onPage={setPage}
      >
        {(result) => (
          <ScrollTable label="All users">
            <TableHead>
              <TableRow>
                <TableCell>No.</TableCell>
                <TableCell>User email</TableCell>
                <TableCell>User role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Edit</TableCell>
                <TableCell>Delete</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.items.map((user, i) => {
                const self = user.id === me?.id;
                return (
                  <TableRow key={user.id}>
                    <TableCell>{(result.page - 1) * result.pageSize + i + 1}</TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      {user.email}
                      {self ? " (you)" : ""}
                    </TableCell>
                    <TableCell>{roleText(user.role)}</TableCell>
                    <TableCell>
                      {user.isVerifiedStudent && (
                        <Chip
                          label={`Verified student${user.university ? `, ${user.university}` : ""}`}
                          size="small"
                          color="success"
                          variant="outlined"
                        />
                      )}
                      {user.suspendedAt && (
                        <Chip
                          label={`Suspended${user.suspendedReason ? `: ${user.suspendedReason}` : ""}`}
                          size="small"
                          color="error"
                          sx={{ height: "auto", "& .MuiChip-label": { whiteSpace: "normal" } }}
                        />
                      )}
                      {!user.isVerifiedStudent && !user.suspendedAt && "Active"}
                    </TableCell>
                    <TableCell>
                      {self ? null : (
                        <Button size="small" variant="outlined" onClick={() => setEditing(user)} aria-label={`Edit ${user.email}`}>
                          Edit
                        </Button>
                      )}
                    </TableCell>
                    <TableCell>
                      {self ? null : (
                        <Button size="small" color="error" onClick={() => setToDelete(user)} aria-label={`Delete ${user.email}`}>
                          Delete
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
        title="Delete user?"
        message={toDelete ? `${toDelete.email} will no longer be able to sign in. Their past orders stay on record.` : ""}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
