/**
 * What each root field costs in the query-cost limit, before its selection (a page multiplies the
 * selection by its size). Set from the work behind it: a password hash or an image decode is far
 * dearer than a row read, so aliasing one field many times cannot pass for a cheap query. Every
 * root field must be listed (app/root-field-costs.test.ts derives the list from the schema).
 */
export const ROOT_FIELD_COSTS: Record<string, number> = {
  "Query.me": 5,
  "Query.product": 5,
  "Query.order": 10,
  "Query.checkout": 10,
  "Query.products": 20,
  "Query.allOrders": 20,
  "Query.myOrders": 20,
  "Query.myProducts": 20,
  "Query.myReviews": 20,
  "Query.sellerOrders": 20,
  "Query.users": 20,
  "Query.catalogOptions": 20,
  "Query.totalReviews": 20,
  "Query.priceQuote": 50,
  "Query.trendingProducts": 50,
  "Query.sellerStats": 50,
  "Query.userStats": 50,
  "Query.adminStats": 100,
  "Query.sellerRevenue": 100,
  "Mutation.logout": 10,
  "Mutation.changeUserRole": 50,
  "Mutation.createProduct": 50,
  "Mutation.updateProduct": 50,
  "Mutation.deleteProduct": 50,
  "Mutation.postReview": 50,
  "Mutation.updateOrderStatus": 50,
  "Mutation.updateProfile": 50,
  "Mutation.deleteUser": 100,
  "Mutation.confirmPayment": 100,
  "Mutation.placeOrder": 200,
  // a password hash (argon2) each
  "Mutation.login": 1000,
  "Mutation.register": 1000,
  // an image decode and re-encode
  "Mutation.uploadImage": 1000,
};
