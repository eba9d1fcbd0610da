import { Field, ID, InputType, ObjectType } from "type-graphql";
import { SellerType, User } from "./entity";
import type { ProfileUpdate, SellerUpdate } from "./service";
import { PageOf } from "../../platform/graphql/page";

@InputType({ description: "The caller's own profile. A field left out stays as it is; an empty string removes it." })
export class ProfileInput implements ProfileUpdate {
  @Field(() => String, { description: "3 to 40 letters, digits, '.', '_' or '-'; must not be taken by someone else." })
  username: string;

  @Field(() => String, { nullable: true, description: "Phone number for deliveries, e.g. 03001234567." })
  contactNumber?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Picture address from `uploadImage` (its /uploads/ path or URL); pictures on other sites are refused. At most 500 characters.",
  })
  profileImage?: string | null;
}

@InputType({ description: "A buyer's seller fields, as at registration: a business seller also names and describes the store." })
export class BecomeSellerInput implements SellerUpdate {
  @Field(() => SellerType, { description: "Whether you sell as an individual student or as a business." })
  sellerType: SellerType;

  @Field(() => String, { nullable: true, description: "Business sellers: the store's name, at most 80 characters." })
  storeName?: string | null;

  @Field(() => String, { nullable: true, description: "Business sellers: what the store sells, at most 1000 characters." })
  storeDescription?: string | null;
}

@ObjectType({ description: "One page of users, newest first." })
export class UserPage extends PageOf(User, {
  items: "The users on this page.",
  totalItems: "How many users match, over all pages.",
}) {}

@ObjectType({ description: "What anyone may see about a seller (no e-mail or phone number)." })
export class SellerProfile {
  @Field(() => ID, { description: "The seller's user id." })
  id: string;

  @Field(() => String, { description: "Public name." })
  username: string;

  @Field(() => String, { nullable: true, description: "Business sellers: the store's name." })
  storeName: string | null;

  @Field(() => SellerType, { nullable: true, description: "Business or individual seller." })
  sellerType: SellerType | null;

  @Field(() => String, { nullable: true, description: "Absolute URL of the seller's picture." })
  profileImage: string | null;

  @Field(() => String, { nullable: true, description: "Business sellers: what the store sells." })
  storeDescription: string | null;

  @Field(() => Date, { name: "memberSince", description: "When the seller joined UniBazaar." })
  createdAt: Date;
}
