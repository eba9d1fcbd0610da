import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../platform/graphql/page";
import { WantedPost } from "./entity";
import { DEFAULT_WANTED_DAYS, MAX_WANTED_DAYS } from "./service";

@InputType({ description: "A new wanted post. Prices in PKR." })
export class WantedPostInput {
  @Field(() => String, { description: "What is wanted, e.g. `Casio fx-991ES` (3 to 120 characters)." })
  title: string;

  @Field(() => String, { nullable: true, description: "More about it (at most 1000 characters)." })
  details?: string | null;

  @Field(() => Float, { nullable: true, description: "The most the buyer would pay, in PKR." })
  maxPrice?: number | null;

  @Field(() => String, { description: "Category slug (`catalogOptions.categories`)." })
  category: string;

  @Field(() => String, { nullable: true, description: "Campus slug (`catalogOptions.campuses`); none for any campus." })
  campus?: string | null;

  @Field(() => Int, { nullable: true, description: `Days it stays up, 1 to ${MAX_WANTED_DAYS} (default ${DEFAULT_WANTED_DAYS}).` })
  expiresInDays?: number | null;
}

@ObjectType({ description: "A page of open wanted posts." })
export class WantedPostPage extends PageOf<WantedPost>(WantedPost, {
  items: "The posts, newest first.",
  totalItems: "Open posts matching.",
}) {}
