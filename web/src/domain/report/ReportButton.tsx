import FlagOutlined from "@mui/icons-material/FlagOutlined";
import Button from "@mui/material/Button";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { loadNamespaces } from "../../lib/i18n";
import type { ReportTarget } from "./ReportDialog";

// its words come with its code (the deals catalogue)
const ReportDialog = lazy(async () => ({
  default: (await Promise.all([import("./ReportDialog"), loadNamespaces(["deals"])]))[0].ReportDialog,
}));

/**
 * "Report": a dialog with a reason from the fixed list and optional details, sent to the admins'
 * moderation queue. Hidden on one's own listing or profile; a visitor signs in first.
 */
export function ReportButton({ target, label }: { target: ReportTarget; label: string }) {
  const { user: me } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const ownId = target.kind === "listing" ? target.ownerId : target.userId;
  if (me && me.id === ownId) return null;
  return (
    <>
      <Button
        variant="text"
        color="inherit"
        size="small"
        startIcon={<FlagOutlined />}
        onClick={() => (me ? setOpen(true) : void navigate("/login", { state: { from: location.pathname } }))}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} title={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
