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
