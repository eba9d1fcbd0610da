import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { Role } from "../../platform/auth/roles";
import { Allow } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { said } from "../../platform/i18n/errors";
import { badInput } from "../../platform/shared/errors";
import type { FailedJob as FailedJobView, JobCounts } from "../../platform/jobs";
import type { SystemStatus as SystemStatusView } from "../../platform/health";
import { FailedJob, JobQueueCounts, SystemStatus } from "./types";

/** The admins' view of the server: its dependencies, and the background jobs (platform/jobs.ts): what waits, what runs, what failed. */
@Resolver()
export class JobsResolver {
  @Allow(Role.ADMIN)
  @Query(() => SystemStatus, {
    description:
      "The database, Redis, the bucket and the job queues, each checked now (/ready answers only ready, degraded or not ready, from its last background check).",
  })
  systemStatus(@Ctx() ctx: Context): Promise<SystemStatusView> {
    return ctx.services.health.report();
  }

  @Allow(Role.ADMIN)
  @Query(() => [JobQueueCounts], { description: "Every job queue with its jobs by state." })
  jobQueues(@Ctx() ctx: Context): Promise<JobCounts[]> {
    return ctx.services.jobs.counts();
  }

  @Allow(Role.ADMIN)
  @Query(() => [FailedJob], { description: "The latest jobs that failed after their last retry, newest first." })
  failedJobs(
    @Arg("limit", () => Int, { nullable: true, defaultValue: 20, description: "How many, 1 to 100." }) limit: number | null,
    @Ctx() ctx: Context,
  ): Promise<FailedJobView[]> {
    const n = limit ?? 20;
    if (n < 1 || n > 100)
      throw badInput(said("jobs.limitRange", { min: 1, max: 100 }), { limit: said("jobs.chooseRange", { min: 1, max: 100 }) });
    return ctx.services.jobs.failures(n);
  }
}
