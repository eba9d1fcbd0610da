import { Field, InputType } from "type-graphql";

@InputType({ description: "A saved search's switches; only those given change." })
export class SavedSearchSettings {
  @Field(() => Boolean, { nullable: true, description: "A new matching listing notifies the owner." })
  alert?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "The day's matches also come in one e-mail each morning." })
  emailDigest?: boolean | null;
}
