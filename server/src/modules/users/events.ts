declare module "../../platform/events" {
  interface DomainEvents {
    /**
     * What others see of a user changed: their name, picture or contact, their role or seller type,
     * their verified-student mark, or the account was deleted (with its listings and reviews).
     */
    "user.changed": { userId: string };
    /** An account is being deleted, inside that transaction: what hangs on it (listings, reviews) goes with it. */
    "user.deleting": { userId: string };
  }
}

export {};
