import { Field, ID, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "One job queue's jobs by state." })
export class JobQueueCounts {
  @Field({ description: "The job's name, e.g. saved.price-dropped." })
  name!: string;

  @Field(() => Int, { description: "Waiting to run (new, or waiting for a retry)." })
  queued!: number;

  @Field(() => Int, { description: "Running now." })
  active!: number;

  @Field(() => Int, { description: "Failed after their last retry." })
  failed!: number;

  @Field(() => Int, { description: "Done (kept for a while, then archived)." })
  completed!: number;
}

@ObjectType({ description: "A job that failed after its last retry." })
export class FailedJob {
  @Field(() => ID, { description: "The job's id in the queue." })
  id!: string;

  @Field({ description: "The job's name, e.g. saved.price-dropped." })
  name!: string;

  @Field({ description: "When its last try failed." })
  failedAt!: Date;

  @Field(() => Int, { description: "How many times it ran." })
  attempts!: number;

  @Field({ description: "The last error's message." })
  error!: string;
}

@ObjectType({ description: "A read replica (DATABASE_REPLICA_URLS) as last checked, a second ago at most." })
export class ReplicaStatus {
  @Field({ description: "Its host, port and database (never its password)." })
  name!: string;

  @Field({ description: "ok (serving the catalogue's reads), lagging (further behind than DATABASE_REPLICA_MAX_LAG_MS) or unreachable." })
  state!: string;

  @Field(() => Int, {
    nullable: true,
    description: "How far behind the primary it is, in ms; null when unknown (unreachable, or nothing replayed yet).",
  })
  lagMs!: number | null;
}

@ObjectType({ description: "The server's dependencies, each asked when this is queried, and the job queues' totals (admins only)." })
export class SystemStatus {
  @Field({ description: "ok, or unreachable (the database did not answer SELECT 1 within 1.5 s)." })
  database!: string;

  @Field(() => String, {
    nullable: true,
    description: "ok, or unavailable (Redis refused or did not answer: reads go to PostgreSQL); null without REDIS_URL.",
  })
  redis!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "ok, or unreachable (the bucket did not answer); null when pictures are on this machine's disk.",
  })
  storage!: string | null;

  @Field(() => Int, { nullable: true, description: "Jobs waiting to run, over every queue; null when the count failed." })
  queuedJobs!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Jobs that failed after their last retry, over every queue; null when the count failed.",
  })
  failedJobs!: number | null;

  @Field(() => [ReplicaStatus], { description: "Each read replica and its lag; empty without DATABASE_REPLICA_URLS." })
  replicas!: ReplicaStatus[];
}
