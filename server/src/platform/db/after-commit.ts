import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner } from "typeorm";

const PENDING = "afterCommit";
type Pending = Array<() => void>;

/**
 * Runs `effect` once the transaction `manager` belongs to has committed (at once when it is in
 * none): a live event must not announce a row that a later rollback takes back. A rollback drops
 * the pending effects. Needs AfterCommitSubscriber among the data source's subscribers.
 */
export function afterCommit(manager: EntityManager, effect: () => void): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return effect();
  ((runner.data[PENDING] as Pending | undefined) ??= []).push(effect);
}

function take(runner: QueryRunner): Pending {
  const pending = (runner.data[PENDING] as Pending | undefined) ?? [];
  delete runner.data[PENDING];
  return pending;
}

@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit({ queryRunner }: { queryRunner: QueryRunner }): void {
    // a released savepoint is not a commit: the outer transaction may still roll back
    if (queryRunner.isTransactionActive) return;
    for (const effect of take(queryRunner)) effect();
  }

  afterTransactionRollback({ queryRunner }: { queryRunner: QueryRunner }): void {
    if (!queryRunner.isTransactionActive) take(queryRunner);
  }
}
