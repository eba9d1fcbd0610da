import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { errorMessage } from "../../../components/errors";
import { usePageTitle } from "../../../components/usePageTitle";
import { useDashboardJobsQuery } from "../../../generated/hooks";
import { formatDateTime } from "../../../lib/format";

/** /dashboard/admin/jobs: the background job queues by state, and the jobs that failed after their last retry. */
export default function BackgroundJobs() {
  usePageTitle("Background jobs");
  const query = useDashboardJobsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Background jobs
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        skeleton={<LoadingState />}
        errorText={`Error loading the job queues: ${errorMessage(query.error, "please try again.")}`}
        empty="No job queues."
        onRetry={() => void query.refetch()}
      >
        {(data) => (
          <>
            <Table size="small" aria-label="Job queues">
              <TableHead>
                <TableRow>
                  <TableCell>Queue</TableCell>
                  <TableCell align="right">Queued</TableCell>
                  <TableCell align="right">Running</TableCell>
                  <TableCell align="right">Failed</TableCell>
                  <TableCell align="right">Done</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.jobQueues.map((q) => (
                  <TableRow key={q.name}>
                    <TableCell>{q.name}</TableCell>
                    <TableCell align="right">{q.queued}</TableCell>
                    <TableCell align="right">{q.active}</TableCell>
                    <TableCell align="right">{q.failed}</TableCell>
                    <TableCell align="right">{q.completed}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="h6" component="h2">
              Failed jobs
            </Typography>
            {data.failedJobs.length === 0 ? (
              <Typography color="text.secondary">No job has failed.</Typography>
            ) : (
              <Table size="small" aria-label="Failed jobs">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Job</TableCell>
                    <TableCell align="right">Tries</TableCell>
                    <TableCell>Error</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failedJobs.map((job) => (
                    <TableRow key={job.id}>
                      <TableCell>{formatDateTime(job.failedAt)}</TableCell>
                      <TableCell>{job.name}</TableCell>
                      <TableCell align="right">{job.attempts}</TableCell>
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
