import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner } from "typeorm";

/**
 * The domain events, by name: each feature adds its own by declaration merging
 * (`declare module "../../platform/events" { interface DomainEvents { "order.placed": OrderPlaced } }`),
 * so the bus is typed end to end while platform/ names no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by declaration merging
export interface DomainEvents {}

export type EventName = Extract<keyof DomainEvents, string>;
/** Runs inside the publisher's transaction, on its connection: a throw rolls the whole change back. */
export type InTransaction<K extends EventName> = (event: DomainEvents[K], manager: EntityManager) => Promise<void>;
/** Runs once the change has committed; a failure is logged and never undoes the change. */
export type AfterCommit<K extends EventName> = (event: DomainEvents[K]) => void | Promise<void>;

const PENDING = "afterCommit";
type Pending = Array<() => void | Promise<void>>;

/**
 * One mechanism for "this happened": a service publishes a typed event inside its transaction and
 * names none of the features that react. Subscribers are registered by the composition
 * (app/reactions.ts), as in Vendure's EventBus: those that must be atomic with the change run in the
 * transaction; reactions (live events, cache drops, enqueued jobs' follow-ups) run after the commit,
 * so nothing announces a row that a rollback takes back. The transaction's caller resumes once the
 * reactions are done, so its answer never races a stale cache.
 */
export class EventBus {
  private readonly inTransaction = new Map<string, Array<InTransaction<never>>>();
  private readonly afterCommit = new Map<string, Array<AfterCommit<never>>>();

  constructor(private readonly onReactionError: (error: unknown, event: string) => void) {}

  /** A subscriber that is part of the change: it sees the transaction and can veto it by throwing. */
  onInTransaction<K extends EventName>(name: K, subscriber: InTransaction<K>): void {
    add(this.inTransaction, name, subscriber as InTransaction<never>);
  }

  /** A reaction to a committed change (at once when the publisher is in no transaction). */
  onAfterCommit<K extends EventName>(name: K, reaction: AfterCommit<K>): void {
    add(this.afterCommit, name, reaction as AfterCommit<never>);
  }

  /** Says that `name` happened, from inside the transaction `manager` belongs to (or none). */
  async publish<K extends EventName>(manager: EntityManager, name: K, event: DomainEvents[K]): Promise<void> {
    for (const subscriber of this.inTransaction.get(name) ?? []) await (subscriber as InTransaction<K>)(event, manager);
    const reactions = this.afterCommit.get(name) ?? [];
    if (!reactions.length) return;
    const react = async () => {
      for (const reaction of reactions) {
        try {
          await (reaction as AfterCommit<K>)(event);
        } catch (error) {
          this.onReactionError(error, name);
        }
      }
    };
    await whenCommitted(manager, react);
  }
}

/**
 * Runs `react` once the transaction `manager` belongs to has committed (at once outside a
 * transaction), before the commit returns to its caller; never if it rolls back.
 */
export async function whenCommitted(manager: EntityManager, react: () => void | Promise<void>): Promise<void> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return react();
  ((runner.data[PENDING] as Pending | undefined) ??= []).push(react);
}

function add<T>(map: Map<string, T[]>, name: string, item: T) {
  map.set(name, [...(map.get(name) ?? []), item]);
}

function take(runner: QueryRunner): Pending {
  const pending = (runner.data[PENDING] as Pending | undefined) ?? [];
  delete runner.data[PENDING];
  return pending;
}

/** Runs the reactions of a committed transaction (TypeORM awaits it before the commit returns); drops them on rollback. */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit({ queryRunner }: { queryRunner: QueryRunner }): Promise<void> {
    // a released savepoint is not a commit: the outer transaction may still roll back
    if (queryRunner.isTransactionActive) return;
    for (const react of take(queryRunner)) await react();
  }

  afterTransactionRollback({ queryRunner }: { queryRunner: QueryRunner }): void {
    if (!queryRunner.isTransactionActive) take(queryRunner);
  }
}
