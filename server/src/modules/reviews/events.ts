declare module "../../platform/events" {
  interface DomainEvents {
    /** A review was posted or rewritten: the product's rating changed with it. */
    "review.posted": { productId: string };
  }
}

export {};
