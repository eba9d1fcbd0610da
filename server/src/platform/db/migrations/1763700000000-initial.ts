import type { MigrationInterface, QueryRunner } from "typeorm";

/** The first schema: every table, constraint and index of the marketplace. */
export class Initial1763700000000 implements MigrationInterface {
  name = "Initial1763700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE TYPE "public"."user_role" AS ENUM('user', 'seller', 'admin')`);
    await queryRunner.query(`CREATE TYPE "public"."seller_type" AS ENUM('business', 'individual')`);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "username" character varying(40) NOT NULL, "passwordHash" character varying(200) NOT NULL, "name" character varying(100) NOT NULL, "role" "public"."user_role" NOT NULL DEFAULT 'user', "contactNumber" character varying(20), "profileImage" character varying(500), "sellerType" "public"."seller_type", "storeName" character varying(80), "storeDescription" character varying(1000), "tokenVersion" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "products" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "sellerId" uuid, "name" character varying(120) NOT NULL, "description" text NOT NULL, "category" character varying(30) NOT NULL, "color" character varying(20) NOT NULL, "pricePaisa" integer NOT NULL, "oldPricePaisa" integer, "image" character varying(500) NOT NULL, "ratingAverage" numeric(3,2) NOT NULL DEFAULT '0', "ratingCount" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deletedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "products_category_idx" ON "products"  ("category") `);
    await queryRunner.query(`CREATE INDEX "products_color_idx" ON "products"  ("color") `);
    await queryRunner.query(`CREATE INDEX "products_price_idx" ON "products"  ("pricePaisa") `);
    await queryRunner.query(`CREATE INDEX "products_created_idx" ON "products"  ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "products_seller_created_idx" ON "products"  ("sellerId", "createdAt") `);
    await queryRunner.query(`CREATE TYPE "public"."payment_method" AS ENUM('cod', 'card')`);
    await queryRunner.query(`CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'paid')`);
    await queryRunner.query(
      `CREATE TABLE "checkout_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "buyerId" uuid, "idempotencyKey" character varying(100) NOT NULL, "paymentMethod" "public"."payment_method" NOT NULL, "paymentStatus" "public"."payment_status" NOT NULL DEFAULT 'unpaid', "couponCode" character varying(40), "subtotalPaisa" integer NOT NULL, "taxPaisa" integer NOT NULL, "discountPaisa" integer NOT NULL, "totalPaisa" integer NOT NULL, "paidAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "checkout_sessions_buyer_idempotency_key" UNIQUE ("buyerId", "idempotencyKey"), CONSTRAINT "PK_5730b2bbc190203a94941d82bd1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TYPE "public"."order_status" AS ENUM('pending', 'confirmed', 'processing', 'shipped', 'completed', 'rejected', 'cancelled')`,
    );
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "orderNumber" SERIAL NOT NULL, "checkoutSessionId" uuid NOT NULL, "buyerId" uuid, "sellerId" uuid, "status" "public"."order_status" NOT NULL DEFAULT 'pending', "paymentMethod" "public"."payment_method" NOT NULL, "paymentStatus" "public"."payment_status" NOT NULL DEFAULT 'unpaid', "subtotalPaisa" integer NOT NULL, "taxPaisa" integer NOT NULL, "discountPaisa" integer NOT NULL, "totalPaisa" integer NOT NULL, "shippingAddress" character varying(200) NOT NULL, "shippingCity" character varying(80) NOT NULL, "shippingPostalCode" character varying(20) NOT NULL, "shippingCountry" character varying(60) NOT NULL, "contactNumber" character varying(20) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_59b0c3b34ea0fa5562342f24143" UNIQUE ("orderNumber"), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "orders_status_idx" ON "orders"  ("status") `);
    await queryRunner.query(`CREATE INDEX "orders_seller_created_idx" ON "orders"  ("sellerId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "orders_buyer_created_idx" ON "orders"  ("buyerId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "order_lines" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "orderId" uuid NOT NULL, "productId" uuid, "productName" character varying(120) NOT NULL, "unitPricePaisa" integer NOT NULL, "productImage" character varying(500) NOT NULL, "quantity" integer NOT NULL, "lineTotalPaisa" integer NOT NULL, CONSTRAINT "PK_627dcd7f1d707de4df241b2da6b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "order_lines_order_idx" ON "order_lines"  ("orderId") `);
    await queryRunner.query(`CREATE INDEX "order_lines_product_idx" ON "order_lines"  ("productId") `);
    await queryRunner.query(
      `CREATE TABLE "order_status_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "orderId" uuid NOT NULL, "fromStatus" "public"."order_status", "toStatus" "public"."order_status" NOT NULL, "actorId" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cee8187701a1f5ca1d3780f89dc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "order_status_events_order_idx" ON "order_status_events"  ("orderId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "coupons" ("code" character varying(40) NOT NULL, "percentOff" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "expiresAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e025109230e82925843f2a14c48" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "reviews" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "productId" uuid NOT NULL, "rating" smallint NOT NULL, "comment" character varying(1000) NOT NULL DEFAULT '', "verifiedPurchase" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "reviews_user_product_key" UNIQUE ("userId", "productId"), CONSTRAINT "PK_231ae565c273ee700b283f15c1d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "reviews_product_created_idx" ON "reviews"  ("productId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "images" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "hash" character varying(64) NOT NULL, "url" character varying(200) NOT NULL, "thumbnailUrl" character varying(200) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "uploaderId" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_11841db41fa6b76f3c6f431ed37" UNIQUE ("hash"), CONSTRAINT "PK_1fe148074c6a1a91b63cb9ee3c9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "FK_e40a1dd2909378f0da1f34f7bd6" FOREIGN KEY ("sellerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "checkout_sessions" ADD CONSTRAINT "FK_4f7d6d4e50548afac8d8abc4b47" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_a50ab800c2c16d9ca50e9cda29e" FOREIGN KEY ("checkoutSessionId") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_9877ffd9a491c3e82f5b32d4f4d" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_1c382880db667beb75d26c57873" FOREIGN KEY ("sellerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_lines" ADD CONSTRAINT "FK_307e8091afc1a959953d06d5ad1" FOREIGN KEY ("orderId") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_lines" ADD CONSTRAINT "FK_9460dcd3abb5dda0ddbd372d161" FOREIGN KEY ("productId") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_status_events" ADD CONSTRAINT "FK_44ab379565419185f6292ae3ac6" FOREIGN KEY ("orderId") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_status_events" ADD CONSTRAINT "FK_1de8e647f38dea8dda6311d92e0" FOREIGN KEY ("actorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_7ed5659e7139fc8bc039198cc1f" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_a6b3c434392f5d10ec171043666" FOREIGN KEY ("productId") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "images" ADD CONSTRAINT "FK_caeca06c4b1c7f2beb439dccb2b" FOREIGN KEY ("uploaderId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_lower_key" ON "users" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "users" (lower("username"))`);
    await queryRunner.query(`CREATE INDEX "users_role_idx" ON "users" ("role")`);
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_price_check" CHECK ("pricePaisa" >= 0 AND ("oldPricePaisa" IS NULL OR "oldPricePaisa" >= 0))`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_rating_check" CHECK ("ratingAverage" >= 0 AND "ratingAverage" <= 5 AND "ratingCount" >= 0)`,
    );
    await queryRunner.query(`ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5)`);
    await queryRunner.query(`ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity_check" CHECK ("quantity" >= 1)`);
    await queryRunner.query(
      `ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_check" CHECK ("unitPricePaisa" >= 0 AND "lineTotalPaisa" >= 0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("subtotalPaisa" >= 0 AND "taxPaisa" >= 0 AND "discountPaisa" >= 0 AND "totalPaisa" >= 0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_amounts_check" CHECK ("subtotalPaisa" >= 0 AND "taxPaisa" >= 0 AND "discountPaisa" >= 0 AND "totalPaisa" >= 0)`,
    );
    await queryRunner.query(`ALTER TABLE "coupons" ADD CONSTRAINT "coupons_percent_check" CHECK ("percentOff" BETWEEN 1 AND 100)`);
    await queryRunner.query(
      `ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("name", '')), 'A') || setweight(to_tsvector('simple', coalesce("description", '')), 'B')) STORED`,
    );
    await queryRunner.query(`CREATE INDEX "products_search_idx" ON "products" USING GIN ("search_vector")`);
    await queryRunner.query(`CREATE INDEX "products_name_trgm_idx" ON "products" USING GIN (lower("name") gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "products_listed_newest_idx" ON "products" ("createdAt" DESC) WHERE "deletedAt" IS NULL`);
    // login attempt counters shared by every server process (rate-limiter-flexible's layout)
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" varchar(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      "rate_limits",
      "images",
      "reviews",
      "coupons",
      "order_status_events",
      "order_lines",
      "orders",
      "checkout_sessions",
      "products",
      "users",
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
    }
    for (const type of ["order_status", "payment_status", "payment_method", "seller_type", "user_role"]) {
      await queryRunner.query(`DROP TYPE IF EXISTS "public"."${type}"`);
    }
  }
}
