import { Field, ID, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { MoneyField } from "../../platform/graphql/money";
import { User } from "../users";

/**
 * The shop's search text and filters as one user saved them. Each filter is a column (null: any) and
 * the words are also kept as a tsquery (`words`, written by SQL only), so a new listing is matched
 * against every saved search in one statement (matching.ts) instead of running each search.
 */
@ObjectType({ description: "A saved shop search: its words and filters, and whether a new matching listing alerts its owner." })
@Entity({ name: "saved_searches" })
@Index("saved_searches_user_idx", ["userId", "createdAt"])
export class SavedSearch {
  @Field(() => ID, { description: "Unique id." })
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user?: User;

  @Field(() => String, { nullable: true, description: "The words searched for, as the shop normalised them; null for none." })
  @Column({ type: "varchar", length: 100, nullable: true })
  search: string | null;

  @Field(() => String, { nullable: true, description: "Category slug; null for any." })
  @Column({ type: "varchar", length: 30, nullable: true })
  category: string | null;

  @Field(() => String, { nullable: true, description: "Colour slug; null for any." })
  @Column({ type: "varchar", length: 20, nullable: true })
  color: string | null;

  @Field(() => String, { nullable: true, description: "Condition slug; null for any." })
  @Column({ type: "varchar", length: 20, nullable: true })
  condition: string | null;

  @Field(() => String, { nullable: true, description: "Campus slug; null for any." })
  @Column({ type: "varchar", length: 40, nullable: true })
  campus: string | null;

  @MoneyField({ name: "minPrice", nullable: true, description: "Lowest price in PKR; null for none." })
  @Column({ type: "int", nullable: true })
  minPricePaisa: number | null;

  @MoneyField({ name: "maxPrice", nullable: true, description: "Highest price in PKR; null for none." })
  @Column({ type: "int", nullable: true })
  maxPricePaisa: number | null;

  @Field(() => ID, { nullable: true, description: "Only this seller's listings; null for any seller." })
  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @Field(() => Boolean, { description: "Only listings of verified students." })
  @Column({ type: "boolean", default: false })
  verifiedSellersOnly: boolean;

  @Field(() => Boolean, { description: "A new matching listing notifies the owner (bell, and push where the device opted in)." })
  @Column({ type: "boolean", default: true })
  alert: boolean;

  @Field(() => Boolean, { description: "The day's matches also come in one e-mail each morning." })
  @Column({ type: "boolean", default: false })
  emailDigest: boolean;

  @Field(() => Date, { description: "When it was saved." })
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
