import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { Role } from "../../platform/auth/roles";

/** What revoked a user's tokens: a new password, or a logout (which signs out every device). */
export type TokensRevokedBy = "password" | "logout" | "suspension";

export enum SellerType {
  BUSINESS = "business",
  INDIVIDUAL = "individual",
}

registerEnumType(SellerType, {
  name: "SellerType",
  description: "Whether a seller trades as a business (with a store) or as an individual.",
});

@ObjectType({ description: "A registered account. Seen in full by its owner and by admins." })
@Entity({ name: "users" })
@Index("users_email_lower_key", { synchronize: false })
@Index("users_username_lower_key", { synchronize: false })
@Index("users_university_email_lower_key", { synchronize: false })
export class User {
  @Field(() => ID, { description: "Unique id." })
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** Unique case-insensitively (a functional unique index in the migration). */
  @Field(() => String, { description: "E-mail address, unique regardless of case." })
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Field(() => String, { description: "Public name shown on reviews and the store." })
  @Column({ type: "varchar", length: 40 })
  username: string;

  @Column({ type: "varchar", length: 200, select: false })
  passwordHash: string;

  @Field(() => String, { description: "Full name." })
  @Column({ type: "varchar", length: 100 })
  name: string;

  @Field(() => Role, { description: "Role: user (buyer), seller or admin." })
  @Column({ type: "enum", enum: Role, enumName: "user_role", default: Role.USER })
  role: Role;

  @Field(() => String, { nullable: true, description: "Phone number for deliveries." })
  @Column({ type: "varchar", length: 20, nullable: true })
  contactNumber: string | null;

  @Field(() => String, { nullable: true, description: "Absolute URL of the profile picture." })
  @Column({ type: "varchar", length: 500, nullable: true })
  profileImage: string | null;

  /** Seller fields are stored only for sellers (business sellers also have a store). */
  @Field(() => SellerType, { nullable: true, description: "Sellers only: business or individual." })
  @Column({ type: "enum", enum: SellerType, enumName: "seller_type", nullable: true })
  sellerType: SellerType | null;

  @Field(() => String, { nullable: true, description: "Business sellers only: the store's name." })
  @Column({ type: "varchar", length: 80, nullable: true })
  storeName: string | null;

  @Field(() => String, { nullable: true, description: "Business sellers only: what the store sells." })
  @Column({ type: "varchar", length: 1000, nullable: true })
  storeDescription: string | null;

  /** When the user confirmed a university e-mail with a code (a verified student); null otherwise. */
  @Field(() => Date, { nullable: true, description: "When the university e-mail was confirmed; null when not a verified student." })
  @Column({ type: "timestamptz", nullable: true })
  verifiedAt: Date | null;

  @Field(() => String, { nullable: true, description: "Verified students: their university's name." })
  @Column({ type: "varchar", length: 120, nullable: true })
  university: string | null;

  /** Unique case-insensitively among accounts (a functional unique index in the migration). */
  @Field(() => String, { nullable: true, description: "Verified students: the confirmed university e-mail." })
  @Column({ type: "varchar", length: 254, nullable: true })
  universityEmail: string | null;

  /** Bumped on logout: tokens carry the version they were issued with. A role change needs no new token (the role is read fresh on every request). */
  @Column({ type: "int", default: 0 })
  tokenVersion: number;

  /** What last bumped the token version, so a device it signed out can say why. */
  @Column({ type: "varchar", length: 20, nullable: true })
  tokensRevokedBy: TokensRevokedBy | null;

  @Field(() => Date, { nullable: true, description: "When a moderator suspended the account (it cannot sign in); null when active." })
  @Column({ type: "timestamptz", nullable: true })
  suspendedAt: Date | null;

  @Field(() => String, { nullable: true, description: "Why the account is suspended; null when active." })
  @Column({ type: "varchar", length: 500, nullable: true })
  suspendedReason: string | null;

  @Field(() => String, { description: 'The language the server writes to this user in (notifications, pushes, e-mails): "en" or "ur".' })
  @Column({ type: "varchar", length: 2, default: "en" })
  language: string;

  @Field(() => Date, { description: "When the account was created." })
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}

/**
 * What anyone may read about a seller (the SellerProfile type's fields): the columns a product read
 * takes with its seller, so no e-mail, phone number or account state travels with a listing or
 * into the catalogue's cache.
 */
export const PUBLIC_PROFILE = [
  "id",
  "username",
  "storeName",
  "sellerType",
  "profileImage",
  "storeDescription",
  "verifiedAt",
  "university",
  "createdAt",
] as const satisfies readonly (keyof User)[];

export type PublicProfile = Pick<User, (typeof PUBLIC_PROFILE)[number]>;
