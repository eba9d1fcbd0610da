import { Field, ID, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { MoneyField } from "../../platform/graphql/money";
import { User } from "../users";

/**
 * "Looking for: Casio fx-991ES under Rs 3,000, NUST": a buyer's post that sellers browse and answer in
 * a conversation. Its title is also kept as a tsquery (`words`, written by SQL only) that a new listing
 * must match to alert the author; `search_vector` (the migration's) serves the board's search.
 */
@ObjectType({ description: "A buyer's wanted post: what they are looking for, up to what price, where." })
@Entity({ name: "wanted_posts" })
@Index("wanted_posts_author_idx", ["authorId", "createdAt"])
export class WantedPost {
  @Field(() => ID, { description: "Unique id." })
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Field(() => ID, { description: "The buyer who posted it." })
  @Column({ type: "uuid" })
  authorId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "authorId" })
  author?: User;

  @Field(() => String, { description: "What is wanted (3 to 120 characters)." })
  @Column({ type: "varchar", length: 120 })
  title: string;

  @Field(() => String, { nullable: true, description: "More about it (at most 1000 characters); null when none." })
  @Column({ type: "varchar", length: 1000, nullable: true })
  details: string | null;

  @MoneyField({ name: "maxPrice", nullable: true, description: "The most the buyer would pay, in PKR; null when not said." })
  @Column({ type: "int", nullable: true })
  maxPricePaisa: number | null;

  @Field(() => String, { description: "Category slug (`catalogOptions.categories`)." })
  @Column({ type: "varchar", length: 30 })
  category: string;

  @Field(() => String, { nullable: true, description: "Campus slug where the buyer would meet; null for any." })
  @Column({ type: "varchar", length: 40, nullable: true })
  campus: string | null;

  @Field(() => Date, { description: "When it leaves the board by itself." })
  @Column({ type: "timestamptz" })
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: "When its author closed it (found it); null while open." })
  @Column({ type: "timestamptz", nullable: true })
  closedAt: Date | null;

  @Field(() => Date, { description: "When it was posted." })
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
