import { z } from "zod";
import { assertNamesCaller, idRef, messageSchema, numeric, pageQuery, queryNumber, toPaging } from "../../platform/http/legacy";
import type { RestApi } from "../../platform/http/rest";
import { said } from "../../platform/i18n/errors";
import { notFound } from "../../platform/shared/errors";
import type { RequestLoaders } from "../../platform/request";
import type { Page } from "../../platform/shared/pagination";
import type { Product } from "./entity";
import { legacyProductListSchema, legacyProducts, legacyProductSchema } from "./legacy";
import type { ProductFields } from "./service";
import { Role, type AuthUser } from "../../platform/auth/roles";

const TAG = "products";
const SELLERS = [Role.SELLER, Role.ADMIN] as const;

/** The shop's "200 and above" band sends maxPrice=Infinity: no upper bound. */
const priceBound = (label: string) => z.preprocess((v) => (v === "Infinity" ? undefined : v), queryNumber(label));

// every field optional: the service checks them and gives the per-field messages
const productBody = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  color: z.string().optional(),
  price: numeric("price").optional(),
  oldPrice: numeric("oldPrice").nullish(),
  image: z.string().optional(),
  sellerId: idRef.optional(),
  // not in the legacy contract: without it a listing is a single item (0 on an update marks it sold)
  quantityAvailable: numeric("quantityAvailable").optional(),
});

const idParams = z.object({ id: z.string() });
const SELLER_ID_NOT_YOURS = "sellerId must be your own id: products are listed as the signed-in seller.";

async function productList(loaders: RequestLoaders, page: Page<Product>, publicBase: string, viewer: AuthUser | null) {
  return {
    products: await legacyProducts(loaders, page.items, publicBase, viewer),
    totalPages: page.totalPages,
    totalProducts: page.totalItems,
  };
}

/** What a product's page shows of its reviews: the reviews feature's legacy shape, handed in by app/rest-routes.ts. */
export type ProductPageReviews = {
  schema: z.ZodType;
  of: (loaders: RequestLoaders, productId: string, viewer: AuthUser | null) => Promise<unknown[]>;
};

/** /api/products: the catalog for legacy clients, over ProductsService. */
export function registerProductRoutes(api: RestApi, reviews: ProductPageReviews) {
  api.route({
    method: "get",
    path: "/products",
    tag: TAG,
    summary: "The shop: filtered products, newest first; `all` or an empty value means no filter",
    access: "public",
    query: pageQuery.extend({
      category: z.string().optional(),
      color: z.string().optional(),
      minPrice: priceBound("minPrice"),
      maxPrice: priceBound("maxPrice"),
    }),
    responses: { 200: { description: "A page of products", schema: legacyProductListSchema } },
    handler: async ({ user, query, services, loaders, publicBase }) => {
      const { category, color, minPrice, maxPrice } = query;
      const page = await services.catalog.list({ filter: { category, color, minPrice, maxPrice }, ...toPaging(query) });
      return { body: await productList(loaders, page, publicBase, user) };
    },
  });

  api.route({
    method: "get",
    path: "/products/seller/:sellerId",
    tag: TAG,
    summary: "A seller's listed products, newest first",
    access: "public",
    params: z.object({ sellerId: z.string() }),
    query: pageQuery,
    responses: { 200: { description: "A page of products", schema: legacyProductListSchema } },
    handler: async ({ user, params, query, services, loaders, publicBase }) => {
      const page = await services.catalog.list({ filter: { sellerId: params.sellerId }, ...toPaging(query) });
      return { body: await productList(loaders, page, publicBase, user) };
    },
  });

  api.route({
    method: "get",
    path: "/products/:id",
    tag: TAG,
    summary: "One listed product with its reviews (newest first)",
    access: "public",
    params: idParams,
    responses: {
      200: {
        description: "The product and its reviews",
        schema: z.object({ product: legacyProductSchema, reviews: z.array(reviews.schema) }),
      },
      404: { description: "Unknown or deleted product" },
    },
    handler: async ({ user, params, services, loaders, publicBase }) => {
      const product = await services.catalog.byId(params.id, user);
      if (!product) throw notFound(said("listing.notFound"));
      const [[shaped], productReviews] = await Promise.all([
        legacyProducts(loaders, [product], publicBase, user),
        reviews.of(loaders, product.id, user),
      ]);
      return { body: { product: shaped, reviews: productReviews } };
    },
  });

  api.route({
    method: "post",
    path: "/products/create-product",
    tag: TAG,
    summary: "Lists a product sold by the caller (`sellerId`, if sent, must be the caller's id)",
    access: SELLERS,
    body: productBody,
    responses: { 201: { description: "The new product", schema: legacyProductSchema } },
    handler: async ({ user, body, services, loaders, publicBase }) => {
      const { sellerId, ...fields } = body;
      assertNamesCaller(user, sellerId, { adminMay: false, message: SELLER_ID_NOT_YOURS });
      // the service checks that every field is there
      const product = await services.products.create(fields as ProductFields, user);
      const [shaped] = await legacyProducts(loaders, [product], publicBase, user);
      return { status: 201, body: shaped };
    },
  });

  api.route({
    method: "patch",
    path: "/products/update-product/:id",
    tag: TAG,
    summary: "Edits any subset of a product's fields: its seller or an admin",
    access: SELLERS,
    params: idParams,
    body: productBody,
    // the document's rating may come back with a form that sends the whole product: ignored
    echoedFields: ["rating"],
    responses: {
      200: { description: "The updated product", schema: messageSchema.extend({ product: legacyProductSchema }) },
      404: { description: "Unknown product" },
    },
    handler: async ({ user, params, body, services, loaders, publicBase }) => {
      // a seller cannot be changed; an admin's form may carry the owner's id
      const { sellerId, ...fields } = body;
      assertNamesCaller(user, sellerId, { adminMay: true, message: SELLER_ID_NOT_YOURS });
      const product = await services.products.update(params.id, fields, user);
      const [shaped] = await legacyProducts(loaders, [product], publicBase, user);
      return { body: { message: "Product updated successfully", product: shaped } };
    },
  });

  api.route({
    method: "delete",
    path: "/products/:id",
    tag: TAG,
    summary: "Removes a product from the shop (its seller or an admin); past orders keep their lines",
    access: SELLERS,
    params: idParams,
    responses: { 200: { description: "Deleted", schema: messageSchema }, 404: { description: "Unknown product" } },
    handler: async ({ user, params, services }) => {
      await services.products.remove(params.id, user);
      return { body: { message: "Product deleted successfully" } };
    },
  });
}
