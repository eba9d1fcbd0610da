import { randomUUID } from "node:crypto";
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { signUp } from "../test/fixtures";
import { codeOf } from "../test/harness";
import { printAppSchema } from "./schema";

/**
 * Who may call what, for every operation of both APIs. The tables are the reviewed access policy:
 * loosening a role in code changes the schema or the OpenAPI document, which no longer matches the
 * table, and the walk below proves each guard really answers 401/UNAUTHENTICATED and 403/FORBIDDEN.
 */
type Access = "public" | "signed-in" | readonly RoleName[];
type RoleName = "user" | "seller" | "admin";
const ROLES: readonly RoleName[] = ["user", "seller", "admin"];
const SELLING = ["seller", "admin"] as const;
const ADMIN = ["admin"] as const;

const GRAPHQL_ACCESS: Record<string, Access> = {
  "Query.adminStats": ADMIN,
  "Query.allOrders": ADMIN,
  "Query.catalogOptions": "public",
  "Query.conversation": "signed-in",
  "Query.conversations": "signed-in",
  "Query.checkout": "signed-in",
  "Query.me": "signed-in",
  "Query.signedOutReason": "public",
  "Query.messages": "signed-in",
  "Query.notificationUnreadCount": "signed-in",
  "Query.notifications": "signed-in",
  "Query.myAcceptedOffer": "signed-in",
  "Query.myBalance": "signed-in",
  "Query.myBalanceEntries": "signed-in",
  "Query.myPayouts": "signed-in",
  "Query.dispute": "signed-in",
  "Query.disputes": ADMIN,
  "Query.payouts": ADMIN,
  "Query.requestedPayoutsCsv": ADMIN,
  "Query.myOrders": "signed-in",
  "Query.myProducts": SELLING,
  "Query.myReview": "public",
  "Query.myReviews": "signed-in",
  "Query.myWarnings": "signed-in",
  "Query.moderationLog": ADMIN,
  "Query.flaggedAccounts": ADMIN,
  "Query.heldListings": ADMIN,
  "Query.contestedNoShows": ADMIN,
  "Query.moderationQueue": ADMIN,
  "Query.jobQueues": ADMIN,
  "Query.systemStatus": ADMIN,
  "Query.failedJobs": ADMIN,
  "Query.offers": "signed-in",
  "Query.order": "signed-in",
  "Query.paymentMethods": "public",
  "Query.paymentProblems": ADMIN,
  "Query.priceQuote": "public",
  "Query.product": "public",
  "Query.products": "public",
  "Query.pushDevice": "signed-in",
  "Query.pushPublicKey": "public",
  "Query.receivedReviews": ["seller"],
  "Query.reportedConversations": ADMIN,
  "Query.sellerOrders": SELLING,
  "Query.sellerPage": "public",
  "Query.savedItems": "signed-in",
  "Query.savedProductIds": "signed-in",
  "Query.sellerRevenue": ADMIN,
  "Query.sellerSales": SELLING,
  "Query.sellerStats": SELLING,
  "Query.totalReviews": "public",
  "Query.trendingProducts": "public",
  "Query.unreadMessageCount": "signed-in",
  "Query.userStats": "signed-in",
  "Query.users": ADMIN,
  "Mutation.acceptOffer": "signed-in",
  "Mutation.releaseReservation": "signed-in",
  "Mutation.openDispute": "signed-in",
  "Mutation.answerDispute": ["seller"],
  "Mutation.decideDispute": ADMIN,
  "Mutation.requestPayout": "signed-in",
  "Mutation.markPayoutPaid": ADMIN,
  "Mutation.refusePayout": ADMIN,
  "Mutation.confirmRefundSent": ADMIN,
  "Mutation.sendRefundAgain": ADMIN,
  "Mutation.archiveConversation": "signed-in",
  "Mutation.becomeSeller": ["user"],
  "Mutation.blockUser": "signed-in",
  "Mutation.changePassword": "signed-in",
  "Mutation.changeUserRole": ADMIN,
  "Mutation.moderateConversation": ADMIN,
  "Mutation.confirmStudentVerification": "signed-in",
  "Mutation.confirmMeetup": "signed-in",
  // the order's buyer (ownership is the service's rule)
  "Mutation.confirmHandover": "signed-in",
  "Mutation.completeHandover": ["seller"],
  "Mutation.objectToHandover": "signed-in",
  "Mutation.confirmPayment": "signed-in",
  "Mutation.counterOffer": "signed-in",
  "Mutation.declineOffer": "signed-in",
  "Mutation.createProduct": SELLING,
  "Mutation.deleteProduct": SELLING,
  "Mutation.deleteUser": ADMIN,
  "Mutation.login": "public",
  "Mutation.makeOffer": "signed-in",
  "Mutation.logout": "signed-in",
  "Mutation.markAllNotificationsRead": "signed-in",
  "Mutation.setLanguage": "signed-in",
  "Mutation.markConversationRead": "signed-in",
  "Mutation.markNotificationRead": "signed-in",
  "Mutation.placeOrder": "signed-in",
  "Mutation.postReview": "signed-in",
  // the order's buyer or seller (ownership is the service's rule)
  "Mutation.reviewOrder": "signed-in",
  "Mutation.reportNoShow": "signed-in",
  "Mutation.contestNoShow": "signed-in",
  "Mutation.decideNoShow": ADMIN,
  // the order's buyer or seller (ownership is the service's rule)
  "Mutation.proposeMeetup": "signed-in",
  "Mutation.register": "public",
  "Mutation.removePushDevice": "signed-in",
  "Mutation.reportConversation": "signed-in",
  "Mutation.reportListing": "signed-in",
  "Mutation.reportUser": "signed-in",
  "Mutation.moderate": ADMIN,
  "Mutation.decideHeldListing": ADMIN,
  "Mutation.requestPasswordReset": "public",
  "Mutation.requestStudentVerification": "signed-in",
  "Mutation.resetPassword": "public",
  "Mutation.savePushDevice": "signed-in",
  "Mutation.saveProduct": "signed-in",
  "Mutation.sendMessage": "signed-in",
  "Mutation.startConversation": "signed-in",
  "Mutation.unblockUser": "signed-in",
  "Mutation.unsaveProduct": "signed-in",
  // saved searches and wanted posts: the caller's own (ownership is the service's rule)
  "Query.savedSearches": "signed-in",
  "Mutation.saveSearch": "signed-in",
  "Mutation.updateSavedSearch": "signed-in",
  "Mutation.deleteSavedSearch": "signed-in",
  "Query.wantedPosts": "signed-in",
  "Query.myWantedPosts": "signed-in",
  "Query.wantedPost": "signed-in",
  "Mutation.postWanted": "signed-in",
  "Mutation.closeWanted": "signed-in",
  "Mutation.deleteWanted": "signed-in",
  "Mutation.answerWanted": "signed-in",
  // buyers cancel their own orders; sellers and admins move theirs on (ownership is the service's rule)
  "Mutation.updateOrderStatus": "signed-in",
  "Mutation.updateProduct": SELLING,
  "Mutation.updateProfile": "signed-in",
  "Mutation.uploadImage": "signed-in",
  "Mutation.withdrawOffer": "signed-in",
};

/** What the schema says: `@auth` = signed in, `@auth(requires: [...])` = those roles. */
function schemaAccess(field: GraphQLField<unknown, unknown>): Access {
  const auth = field.astNode?.directives?.find((d) => d.name.value === "auth");
  if (!auth) return "public";
  const requires = auth.arguments?.find((a) => a.name.value === "requires")?.value;
  return requires?.kind === "ListValue"
    ? requires.values.map((v) => (v.kind === "StringValue" ? (v.value as RoleName) : "user"))
    : "signed-in";
}

/** A value of the argument's type that GraphQL accepts, so the request reaches the field's guard. */
function sampleValue(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) if (isNonNullType(field.type)) value[field.name] = sampleValue(field.type);
    return value;
  }
  if (isScalarType(inner)) {
    const samples: Record<string, unknown> = {
      ID: randomUUID(),
      String: "x",
      Int: 1,
      Float: 1,
      Boolean: true,
      DateTimeISO: new Date().toISOString(),
    };
    if (inner.name in samples) return samples[inner.name];
  }
  throw new Error(`no sample value for ${String(type)}`);
}

/** `query ($a: T!) { field(a: $a) { __typename } }` with sample values for the required arguments. */
function operationFor(root: "Query" | "Mutation", field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  const variables = Object.fromEntries(required.map((arg) => [arg.name, sampleValue(arg.type)]));
  const declared = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const passed = required.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  const query = `${root.toLowerCase()}${declared ? ` (${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
  return { query, variables };
}

const wrongRoles = (access: Access): RoleName[] => (Array.isArray(access) ? ROLES.filter((role) => !access.includes(role)) : []);

let tokens: Record<RoleName, string>;
it.beforeAll(async ({ server }) => {
  const [user, seller, admin] = await Promise.all([signUp(server, "user"), signUp(server, "seller"), signUp(server, "admin")]);
  tokens = { user: user.token, seller: seller.token, admin: admin.token };
});

describe("GraphQL access", () => {
  const schema = buildSchema(printAppSchema());
  const roots = (["Query", "Mutation"] as const).map((name) => [name, schema.getType(name) as GraphQLObjectType] as const);
  const fields = roots.flatMap(([root, type]) =>
    Object.values(type.getFields()).map((field) => ({ root, field, key: `${root}.${field.name}` })),
  );

  it("declares in schema.graphql exactly the reviewed access of every root field", () => {
    expect(Object.fromEntries(fields.map(({ key, field }) => [key, schemaAccess(field)]))).toEqual(GRAPHQL_ACCESS);
  });

  const guarded = fields.filter(({ key }) => GRAPHQL_ACCESS[key] !== "public");
  it.for(guarded.map((f) => [f.key, f] as const))(
    "%s: anonymous -> UNAUTHENTICATED, wrong role -> FORBIDDEN",
    async ([_key, { root, field }], { server }) => {
      const { query, variables } = operationFor(root, field);
      const anonymous = await server.gql(query, variables);
      expect(codeOf(anonymous), JSON.stringify(anonymous.errors)).toBe("UNAUTHENTICATED");
      for (const role of wrongRoles(GRAPHQL_ACCESS[`${root}.${field.name}`])) {
        const answer = await server.gql(query, variables, tokens[role]);
        expect(codeOf(answer), `${role}: ${JSON.stringify(answer.errors)}`).toBe("FORBIDDEN");
      }
    },
  );
});

const REST_ACCESS: Record<string, Access> = {
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "signed-in",
  "GET /api/auth/users": ADMIN,
  "DELETE /api/auth/users/{id}": ADMIN,
  "PUT /api/auth/users/{id}": ADMIN,
  "PATCH /api/auth/edit-profile": "signed-in",
  "GET /api/products": "public",
  "GET /api/products/seller/{sellerId}": "public",
  "GET /api/products/{id}": "public",
  "DELETE /api/products/{id}": SELLING,
  "POST /api/products/create-product": SELLING,
  "PATCH /api/products/update-product/{id}": SELLING,
  "POST /api/reviews/post-review": "signed-in",
  "GET /api/reviews/total-reviews": "public",
  "GET /api/reviews/{userId}": "signed-in",
  "POST /api/orders/place-order": "signed-in",
  "GET /api/orders/my-orders": "signed-in",
  "GET /api/orders/seller/{sellerId}": SELLING,
  "PATCH /api/orders/update-status/{id}": "signed-in",
  "GET /api/orders": ADMIN,
  // the checkout id is the proof (docs/rest.md); the legacy add-product form uploads before sign-in
  "POST /api/orders/confirm-payment": "public",
  "POST /api/upload/Image": "public",
  "GET /api/stats/user-stats/{idOrEmail}": "signed-in",
  "GET /api/stats/seller-stats/{sellerId}": SELLING,
  "GET /api/stats/admin-stats": ADMIN,
  "GET /api/auth/admin/sellers/revenue": ADMIN,
};

type OpenApi = { paths: Record<string, Record<string, { description?: string; security?: unknown[] }>> };

/** What the OpenAPI document says: no security = public; "Roles: a, b." = those roles; else signed in. */
function documentedAccess(operation: { description?: string; security?: unknown[] }): Access {
  if (!operation.security) return "public";
  const roles = /Roles: ([^.]+)\./.exec(operation.description ?? "")?.[1];
  return roles ? (roles.split(", ") as RoleName[]) : "signed-in";
}

describe("REST access", () => {
  let document: OpenApi;
  it.beforeAll(async ({ server }) => {
    document = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
  });
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation })),
    );

  it("documents in /api/openapi.json exactly the reviewed access of every route", () => {
    const documented = Object.fromEntries(operations().map(({ key, operation }) => [key, documentedAccess(operation)]));
    expect(documented).toEqual(REST_ACCESS);
  });

  it("answers 401 to anonymous callers and 403 to wrong roles on every guarded route", async ({ server }) => {
    const failures: string[] = [];
    for (const { key, path, method, operation } of operations()) {
      const access = documentedAccess(operation);
      if (access === "public") continue;
      const url = path.replace(/\{\w+\}/g, randomUUID());
      const body = method === "get" ? undefined : {};
      const anonymous = await server.api(method.toUpperCase(), url, { body });
      if (anonymous.status !== 401) failures.push(`${key} anonymous: ${anonymous.status}`);
      for (const role of wrongRoles(access)) {
        const answer = await server.api(method.toUpperCase(), url, { body, token: tokens[role] });
        if (answer.status !== 403) failures.push(`${key} as ${role}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
