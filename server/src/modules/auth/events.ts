declare module "../../platform/events" {
  interface DomainEvents {
    /** Every session the user had so far ended (logout, password change, suspension): their sockets close too. */
    "user.sessions-ended": { userId: string };
  }
}

export {};
