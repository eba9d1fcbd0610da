import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { usePageTitle } from "../../../components/usePageTitle";
import { useDashboardJobsQuery } from "../../../generated/hooks";
import { formatCount, formatDateTime } from "../../../lib/format";

/** /dashboard/admin/jobs: the background job queues by state, and the jobs that failed after their last retry. */
/** On a phone the columns share its width and long queue names and errors wrap, so nothing scrolls sideways. */
const FITS_PHONE = {
  tableLayout: { xs: "fixed", sm: "auto" },
  "& th, & td": { px: { xs: 0.5, sm: 2 }, overflowWrap: "anywhere" },
} as const;

export default function BackgroundJobs() {
  const { t } = useTranslation("admin");
  usePageTitle(t("jobs.title"));
  const query = useDashboardJobsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t("jobs.title")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        skeleton={<LoadingState />}
        empty={t("jobs.none")}
        onRetry={() => void query.refetch()}
      >
        {(data) => (
          <>
            <Table size="small" aria-label={t("jobs.queues")} sx={FITS_PHONE}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("jobs.columns.queue")}</TableCell>
                  <TableCell align="right">{t("jobs.columns.queued")}</TableCell>
                  <TableCell align="right">{t("jobs.columns.running")}</TableCell>
                  <TableCell align="right">{t("jobs.columns.failed")}</TableCell>
                  <TableCell align="right">{t("jobs.columns.done")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.jobQueues.map((q) => (
                  <TableRow key={q.name}>
                    <TableCell>{q.name}</TableCell>
                    <TableCell align="right">{formatCount(q.queued)}</TableCell>
                    <TableCell align="right">{formatCount(q.active)}</TableCell>
                    <TableCell align="right">{formatCount(q.failed)}</TableCell>
                    <TableCell align="right">{formatCount(q.completed)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="h6" component="h2">
              {t("jobs.failedTitle")}
            </Typography>
            {data.failedJobs.length === 0 ? (
              <Typography color="text.secondary">{t("jobs.noneFailed")}</Typography>
            ) : (
              <Table size="small" aria-label={t("jobs.failedTitle")} sx={FITS_PHONE}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("jobs.columns.when")}</TableCell>
                    <TableCell>{t("jobs.columns.job")}</TableCell>
                    <TableCell align="right">{t("jobs.columns.tries")}</TableCell>
                    <TableCell>{t("jobs.columns.error")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failedJobs.map((job) => (
                    <TableRow key={job.id}>
                      <TableCell>{formatDateTime(job.failedAt)}</TableCell>
                      <TableCell>{job.name}</TableCell>
                      <TableCell align="right">{formatCount(job.attempts)}</TableCell>
                      <TableCell>{job.error}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
