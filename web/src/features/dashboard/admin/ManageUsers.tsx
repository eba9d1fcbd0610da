import Chip from "@mui/material/Chip";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useId, useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardChangeUserRoleMutation, useDashboardDeleteUserMutation, useDashboardUsersQuery } from "../../../generated/hooks";
import type { DashboardUsersQuery, Role } from "../../../generated/graphql";
import { useAuth } from "../../../lib/auth";
import { PagedList } from "../../../components/PagedList";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { plainMessage } from "../../../components/errors";
import { ScrollTable } from "../common/ScrollTable";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";

type User = DashboardUsersQuery["users"]["items"][number];

const PAGE_SIZE = 10;
const ROLES: Role[] = ["USER", "SELLER", "ADMIN"];
const roleText = (role: Role) => role.toLowerCase();

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

function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [failed, setFailed] = useState("");
  const [changeRole, { loading }] = useDashboardChangeUserRoleMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailed("");
    try {
      await changeRole({ variables: { userId: user.id, role } });
      notify.success("User role updated successfully");
      onClose();
    } catch (error) {
      setFailed(`Failed to update user role: ${plainMessage(error)}`);
    }
  };

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save}>
        <DialogTitle id={titleId}>Edit User!</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Email" value={user.email} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
            <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)} fullWidth disabled={loading}>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleText(r)}
                </MenuItem>
              ))}
            </TextField>
            {failed && <Alert severity="error">{failed}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
