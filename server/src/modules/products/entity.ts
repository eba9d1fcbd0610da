import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { MoneyField } from "../../platform/graphql/money";
import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";
import { User, type PublicProfile } from "../users";

/**
 * A listed product. Deleting is a soft delete (deletedAt): the product leaves the catalog but
 * order lines keep pointing at it. The full-text column `search_vector` and the search
 * vocabulary (`search_words`) live in the migrations only; the service queries them with SQL.
 */
@ObjectType({ description: "A product listed in the shop by a seller." })
@Entity({ name: "products" })
@Index("products_seller_created_idx", ["sellerId", "createdAt"])
export class Product {
  @Field(() => ID, { description: "Unique id." })
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  /** Read with the product, at least the seller's public profile (the catalogue reads no more). */
  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "sellerId" })
  seller?: PublicProfile | null;

  @Field(() => String, { description: "Product name (2 to 120 characters)." })
  @Column({ type: "varchar", length: 120 })
  name: string;

  @Field(() => String, { description: "What is sold and its condition (buyers reach the seller through messages)." })
  @Column({ type: "text" })
  description: string;

  @Field(() => String, { description: "Category slug, one of `catalogOptions.categories`." })
  @Index("products_category_idx")
  @Column({ type: "varchar", length: 30 })
  category: string;

  @Field(() => String, {
    nullable: true,
    description: "Colour slug, one of `catalogOptions.colors`; null when the item has none given (a textbook).",
  })
  @Column({ type: "varchar", length: 20, nullable: true })
  color: string | null;

  @MoneyField({ name: "price", description: "Price in PKR." })
  @Index("products_price_idx")
  @Column({ type: "int" })
  pricePaisa: number;

  @MoneyField({ name: "oldPrice", nullable: true, description: "Previous price in PKR, shown struck through; null when none." })
  @Column({ type: "int", nullable: true })
  oldPricePaisa: number | null;

  @Field(() => String, { description: "Absolute URL of the product picture (loads from any origin)." })
  @Column({ type: "varchar", length: 500 })
  image: string;

  /** More pictures after `image`, in the seller's order (stored as given; `images` in the API answers all of them absolute). */
  @Column({ type: "varchar", length: 500, array: true, default: () => "'{}'" })
  gallery: string[];

  @Field(() => Float, { name: "rating", description: "Average review rating, 1 to 5 (0 when there are no reviews yet)." })
  @Column({ type: "numeric", precision: 3, scale: 2, default: 0, transformer: numericTransformer })
  ratingAverage: number;

  @Field(() => Int, { description: "Number of reviews." })
  @Column({ type: "int", default: 0 })
  ratingCount: number;

  @Field(() => String, { description: "Condition slug, one of `catalogOptions.conditions` (new, like-new, good, fair)." })
  @Index("products_condition_idx")
  @Column({ type: "varchar", length: 20, default: "good" })
  condition: string;

  @Field(() => String, {
    nullable: true,
    description: "Campus slug where the seller hands it over, one of `catalogOptions.campuses`; null when not given.",
  })
  @Index("products_campus_idx")
  @Column({ type: "varchar", length: 40, nullable: true })
  campus: string | null;

  @Field(() => Int, { description: "Units left to buy: 1 for a single item; 0 once sold (see `sold`)." })
  @Column({ type: "int", default: 1 })
  quantityAvailable: number;

  /** When the last unit was taken: a sold listing stays in the shop for a while after it. */
  @Column({ type: "timestamptz", nullable: true })
  soldOutAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: "When a moderator hid the listing (only its seller and admins still see it); null when shown.",
  })
  @Column({ type: "timestamptz", nullable: true })
  hiddenAt: Date | null;

  @Field(() => String, {
    nullable: true,
    description: "Why the listing is held for review (hidden like `hiddenAt`), e.g. a photo matching another seller's; null when not held.",
  })
  @Column({ type: "varchar", length: 200, nullable: true })
  heldReason: string | null;

  /** Its seller is suspended: hidden like `hiddenAt`, back when the seller is unsuspended (kept apart so the two never undo each other). */
  @Column({ type: "boolean", default: false })
  sellerSuspended: boolean;

  @Field(() => Date, { description: "When the product was listed." })
  @Index("products_created_idx")
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Field(() => Date, { description: "When the listing was last edited." })
  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;

  @DeleteDateColumn({ type: "timestamptz" })
  deletedAt: Date | null;
}

/**
 * Listings anyone may see: not hidden by a moderator, seller not suspended (unqualified columns, so
 * it fits any query over products). Every public list and search ANDs it in.
 */
export const LISTED = `("hiddenAt" IS NULL AND NOT "sellerSuspended")`;

/** The same rule for a loaded product. */
export const isListed = (product: Pick<Product, "hiddenAt" | "sellerSuspended">): boolean =>
  product.hiddenAt == null && !product.sellerSuspended;

/**
 * A product as `viewer` may see it wherever it appears (by id, in a conversation, on a review): a
 * listing that is not listed exists only for its seller and admins; anyone else gets null.
 */
export const visibleTo = (product: Product | null, viewer: AuthUser | null): Product | null =>
  product && (isListed(product) || viewer?.role === Role.ADMIN || (viewer !== null && viewer.id === product.sellerId)) ? product : null;
