import { Field, Float, Int, ObjectType } from "type-graphql";
import { SellerProfile } from "../users";
import type { SellerPublicProfile } from "./service";

@ObjectType({ description: "A seller's public page: who they are and how buyers fared with them (no e-mail or phone number)." })
export class SellerPage {
  @Field(() => SellerProfile, { description: "Name, store and picture." })
  seller: SellerPublicProfile["seller"];

  @Field(() => Float, { description: "Average rating, 1 to 5, of every review of the seller's products (0 without reviews)." })
  rating: number;

  @Field(() => Int, { description: "Reviews of the seller's products." })
  reviewCount: number;

  @Field(() => Int, { description: "The seller's orders that were completed." })
  completedSales: number;
}
